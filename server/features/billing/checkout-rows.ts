import { sql } from 'drizzle-orm';
import type { Tier } from '../../../core/tokens/index.ts';
import type { ProviderCheckoutSession } from '../../adapters/payments/index.ts';
import type { BillingContext } from './billing-context.ts';

export interface CheckoutRow {
  id: string;
  provider: string;
  /** Null between the row's insert and the provider's answer (and for ever if the provider refused). */
  provider_session_id: string | null;
  user_id: string;
  kind: 'subscription' | 'topup';
  tier: Exclude<Tier, 'Free'> | null;
  tokens: number | null;
  amount_cents: number;
  currency: string;
  status: 'open' | 'processing' | 'fulfilled' | 'failed' | 'expired' | 'rejected' | 'superseded';
  payment_intent_id: string | null;
  subscription_id: string | null;
  credited_mt: number;
  refunded_mt: number;
  fulfilled_at: string | null;
  verified_at: string | null;
  /** What was done with a superseded subscription payment (kept subscription, switch, cancel, refund). */
  resolution: Record<string, unknown> | string | null;
}

/**
 * The server's row for a provider session. A row whose session id was never stored (the write after
 * the provider call failed) is found by the `checkout_id` the server put in the session's metadata,
 * and adopted; the buyer still comes from the row.
 */
export async function findCheckoutRow(b: BillingContext, session: ProviderCheckoutSession): Promise<CheckoutRow | null> {
  const [row] = await b.db.query<CheckoutRow>(sql`SELECT * FROM checkout_session WHERE provider_session_id = ${session.id}`);
  if (row) return row;
  const checkoutId = session.metadata.checkout_id;
  if (!checkoutId || !/^[0-9a-f-]{36}$/i.test(checkoutId)) return null;
  const [adopted] = await b.db.query<CheckoutRow>(sql`
    UPDATE checkout_session SET provider_session_id = ${session.id}, updated_at = now()
    WHERE id = ${checkoutId} AND provider = ${b.provider.kind} AND provider_session_id IS NULL RETURNING *`);
  if (adopted) b.logger.warn({ session: session.id, checkout: checkoutId }, 'payments: adopted a provider session whose id was never stored on its checkout');
  return adopted ?? null;
}

/**
 * Expires the user's other open checkouts of one kind at the provider and marks them expired (issue 10:
 * one live subscription, one open top-up). `keep` limits it to checkouts opened before that one, so
 * two checkouts opened at once never expire each other. A session paid meanwhile is left to `fulfill`.
 */
export async function expireOtherOpenCheckouts(
  b: BillingContext,
  options: { userId: string; kind: CheckoutRow['kind']; keep: CheckoutRow | null; reason: string },
): Promise<number> {
  const { userId, kind, keep, reason } = options;
  const older = keep ? sql`AND id <> ${keep.id} AND created_at <= (SELECT created_at FROM checkout_session WHERE id = ${keep.id})` : sql``;
  const open = await b.db.query<{ id: string; provider_session_id: string }>(sql`
    SELECT id, provider_session_id FROM checkout_session
    WHERE user_id = ${userId} AND kind = ${kind} AND status = 'open' AND provider = ${b.provider.kind} AND provider_session_id IS NOT NULL ${older}`);
  let expired = 0;
  for (const c of open) {
    let session: ProviderCheckoutSession | null;
    try {
      session = await b.provider.expireCheckoutSession(c.provider_session_id);
    } catch (e) {
      b.logger.warn(
        { err: e, session: c.provider_session_id, reason },
        'payments: could not expire a superseded checkout; its payment will be handled if it comes',
      );
      continue;
    }
    if (session && session.status !== 'expired') continue;
    const marked = await b.db.query(
      sql`UPDATE checkout_session SET status = 'expired', updated_at = now() WHERE id = ${c.id} AND status = 'open' RETURNING id`,
    );
    expired += marked.length;
  }
  if (open.length) b.logger.info({ user: userId, kind, expired, reason }, 'payments: expired superseded open checkouts');
  return expired;
}
