import type { ProviderCheckoutSession } from '../../adapters/payments/index.ts';
import type { BillingContext } from './billing-context.ts';
import { adoptCheckoutSession, type CheckoutRow, expireOpenCheckout, selectCheckoutBySession, selectOtherOpenCheckouts } from './billing-store.ts';

export type { CheckoutRow } from './billing-store.ts';

/**
 * The server's row for a provider session. A row whose session id was never stored (the write after
 * the provider call failed) is found by the `checkout_id` the server put in the session's metadata,
 * and adopted; the buyer still comes from the row.
 */
export async function findCheckoutRow(b: BillingContext, session: ProviderCheckoutSession): Promise<CheckoutRow | null> {
  const row = await selectCheckoutBySession(b.db, session.id);
  if (row) return row;
  const checkoutId = session.metadata.checkout_id;
  if (!checkoutId || !/^[0-9a-f-]{36}$/i.test(checkoutId)) return null;
  const adopted = await adoptCheckoutSession(b.db, b.provider.kind, checkoutId, session.id);
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
  const open = await selectOtherOpenCheckouts(b.db, { userId, kind, provider: b.provider.kind, keepId: keep?.id ?? null });
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
    if (await expireOpenCheckout(b.db, c.id)) expired += 1;
  }
  if (open.length) b.logger.info({ user: userId, kind, expired, reason }, 'payments: expired superseded open checkouts');
  return expired;
}
