import { sql } from 'drizzle-orm';
import type { Tier } from '../../../core/tokens/index.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import type { SessionUser } from '../../http/app-env.ts';
import { type BillingContext, isoOrNull, LIVE_STATUSES } from './billing-context.ts';

export interface SubscriptionView {
  provider: 'sandbox' | 'stripe';
  status: string | null;
  tier: Tier;
  cancel_at_period_end: boolean;
  current_period_end: string | null;
  has_billing_account: boolean;
}

export interface LiveSubscription {
  subscription_id: string;
  tier: Tier | null;
  cancel_at_period_end: boolean;
  current_period_end: string | null;
}

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
  const fromCheckout = options.fromFulfilledCheckout
    ? sql`AND EXISTS (SELECT 1 FROM checkout_session c WHERE c.subscription_id = s.subscription_id AND c.status = 'fulfilled')`
    : sql``;
  const [row] = await q.query<LiveSubscription>(sql`
    SELECT s.subscription_id, s.tier, s.cancel_at_period_end, s.current_period_end FROM billing_subscription s
    WHERE s.user_id = ${userId} AND s.provider = ${b.provider.kind} AND s.status IN ('active', 'trialing', 'past_due')
      AND s.subscription_id <> ${options.exceptId ?? ''} ${fromCheckout}
    ORDER BY s.updated_at DESC LIMIT 1`);
  return row ?? null;
}

export async function getSubscription(b: BillingContext, user: SessionUser): Promise<SubscriptionView> {
  const [row] = await b.db.query<{ status: string; tier: Tier | null; cancel_at_period_end: boolean; current_period_end: string | null }>(sql`
    SELECT status, tier, cancel_at_period_end, current_period_end FROM billing_subscription
    WHERE user_id = ${user.id} AND provider = ${b.provider.kind}
    ORDER BY status IN ('active', 'trialing', 'past_due') DESC, updated_at DESC LIMIT 1`);
  const [customer] = await b.db.query(sql`SELECT 1 FROM billing_customer WHERE user_id = ${user.id} AND provider = ${b.provider.kind}`);
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
