import type { Tier } from '../../../../core/tokens/index.ts';
import type { Queryable } from '../../../adapters/db/index.ts';
import { ACTOR, type BillingContext, isoOrNull } from '../billing-context.ts';
import { findBilledUser } from '../billing-customer.ts';
import { insertBillingPeriod, isSubscriptionSuperseded, selectSubscriptionTierAndEnd } from '../billing-store.ts';
import type { EventOf } from './handle-event.ts';

/**
 * A paid invoice opens a billing period: recorded once per (subscription, period start) — the primary
 * key of billing_period is the guard — then the tier and `actual_billing_period_end` follow the provider.
 */
export async function handleInvoicePaid(b: BillingContext, event: EventOf<'invoice.paid'>) {
  const inv = event.invoice;
  if (!inv.subscriptionId || !inv.periodStart || !inv.periodEnd) return;
  // A proration invoice pays for a plan switch its subscription event already brought; its first line may
  // even credit the old plan's price. It opens no period and says nothing about the tier.
  if (inv.billingReason === 'subscription_update') return;
  const billed = await findBilledUser(b, b.db, { kind: 'invoice', id: inv.id, customerId: inv.customerId, priceId: inv.priceId });
  if (!billed) return;
  const { userId, tier } = billed;
  // A superseded subscription is cancelled and refunded: its invoice pays for no period of ours.
  if (await isSubscriptionSuperseded(b.db, inv.subscriptionId)) {
    b.logger.info({ invoice: inv.id, subscription: inv.subscriptionId }, 'payments: invoice of a superseded subscription; no period opened');
    return;
  }
  await b.db.transaction(async (tx) => {
    const inserted = await insertBillingPeriod(tx, {
      subscriptionId: inv.subscriptionId!,
      periodStart: inv.periodStart!.toISOString(),
      periodEnd: inv.periodEnd!.toISOString(),
      userId,
      tier,
      invoiceId: inv.id,
    });
    if (!inserted) return;
    await startPaidPeriod(b, tx, { userId, tier, event });
    // The ledger withholds a renewed period's allocation until it is paid; this may release it (once).
    await b.ledger.markPeriodPaid(userId, { paidThrough: inv.periodEnd!, actor: ACTOR, tx, meta: { invoice: inv.id, event: event.id } });
  });
  // Outside the transaction: the reset opens its own (and is once per user and period by itself).
  await b.ledger.runMonthlyResets({ userId });
}

/**
 * A newly paid period. The ledger owns period allocations: its reset (anchored when the user went from
 * Free to paid, i.e. at checkout) sets the allocation once per period. Here the reset is run for this
 * user if it is due, so the tokens arrive with the invoice rather than on the next timer tick, and the
 * tier and `actual_billing_period_end` follow the provider. Never a second allocation for one period.
 */
async function startPaidPeriod(b: BillingContext, tx: Queryable, paid: { userId: string; tier: Exclude<Tier, 'Free'>; event: EventOf<'invoice.paid'> }) {
  const { userId, tier, event } = paid;
  const inv = event.invoice;
  const known = await selectSubscriptionTierAndEnd(tx, inv.subscriptionId!);
  // The subscription's own event already brought the tier and period end: nothing to tell the ledger.
  if (known && known.tier === tier && isoOrNull(known.current_period_end) === inv.periodEnd!.toISOString()) return;
  await b.ledger.changeTier(userId, tier, {
    actor: ACTOR,
    idempotencyKey: `invoice:${inv.id}`,
    billingPeriodEnd: inv.periodEnd,
    tx,
    meta: { invoice: inv.id, event: event.id, billing_reason: inv.billingReason },
  });
}
