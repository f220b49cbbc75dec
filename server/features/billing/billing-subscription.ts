import type { Tier } from '../../../core/tokens/index.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import type { SessionUser } from '../../http/app-env.ts';
import { type BillingContext, isoOrNull, LIVE_STATUSES } from './billing-context.ts';
import { hasCustomer, type LiveSubscription, selectLatestSubscription, selectLiveSubscription } from './billing-store.ts';

interface SubscriptionView {
  provider: 'sandbox' | 'stripe';
  status: string | null;
  tier: Tier;
  cancel_at_period_end: boolean;
  current_period_end: string | null;
  has_billing_account: boolean;
}

export type { LiveSubscription } from './billing-store.ts';

/**
 * The user's most recently updated live subscription at this provider, other than `exceptId`;
 * `fromFulfilledCheckout` keeps only one an earlier paid checkout started (the one a user keeps when a second is paid).
 */
export async function findLiveSubscription(
  b: BillingContext,
  q: Queryable,
  userId: string,
  options: { exceptId?: string; fromFulfilledCheckout?: boolean } = {},
): Promise<LiveSubscription | null> {
  return selectLiveSubscription(q, userId, b.provider.kind, options);
}

export async function getSubscription(b: BillingContext, user: SessionUser): Promise<SubscriptionView> {
  const row = await selectLatestSubscription(b.db, user.id, b.provider.kind);
  const customer = await hasCustomer(b.db, user.id, b.provider.kind);
  const live = row && LIVE_STATUSES.has(row.status);
  return {
    provider: b.provider.kind,
    status: row?.status ?? null,
    tier: live && row.tier ? row.tier : 'Free',
    cancel_at_period_end: Boolean(live && row.cancel_at_period_end),
    current_period_end: live ? isoOrNull(row.current_period_end) : null,
    has_billing_account: Boolean(customer),
  };
}
