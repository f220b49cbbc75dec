import { ACTOR, type BillingContext } from '../billing-context.ts';
import { lockFulfilledTopupByPayment, setRefundedMt } from '../billing-store.ts';
import type { EventOf } from './handle-event.ts';

/**
 * A refunded token purchase takes back its tokens in proportion to the refunded amount, as far as they
 * are unspent; each refund step (charge id and cumulative amount) is reversed once.
 */
export async function handleChargeRefunded(b: BillingContext, event: EventOf<'charge.refunded'>) {
  const { charge } = event;
  if (!charge.paymentIntentId || charge.amountCents <= 0) return;
  await b.db.transaction(async (tx) => {
    const row = await lockFulfilledTopupByPayment(tx, charge.paymentIntentId!);
    if (!row) {
      b.logger.info({ charge: charge.id }, 'payments: refund of a charge that is not a token purchase; nothing to reverse');
      return;
    }
    const targetMt = Math.floor((row.credited_mt * Math.min(charge.amountRefundedCents, charge.amountCents)) / charge.amountCents);
    const deltaMt = targetMt - row.refunded_mt;
    if (deltaMt <= 0) return;
    const result = await b.ledger.reversePurchase(row.user_id, `checkout:${row.provider_session_id}`, {
      idempotencyKey: `refund:${charge.id}:${charge.amountRefundedCents}`,
      actor: ACTOR,
      amountMt: deltaMt,
      tx,
      meta: { charge: charge.id, refunded_cents: charge.amountRefundedCents },
    });
    if (result.unspentShortfallMt > 0) {
      b.logger.warn(
        { charge: charge.id, shortfallMt: result.unspentShortfallMt },
        'payments: refund larger than the unspent tokens; only the unspent part was reversed',
      );
    }
    await setRefundedMt(tx, row.id, targetMt);
  });
}
