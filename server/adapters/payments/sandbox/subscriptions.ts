import { sql } from 'drizzle-orm';
import { findPeriodAt } from '../../../../core/tokens/periods.ts';
import type { ProviderSubscription } from '../types.ts';
import { checkSandboxCard } from './cards.ts';
import {
  invoiceFor,
  newEvent,
  newId,
  planPrices,
  readSubscription,
  type SandboxContext,
  type SubscriptionRow,
  toDate,
  toSubscription,
} from './sandbox-state.ts';

/** The sandbox's subscriptions and charges: plan changes, cancellation, renewals (its billing clock) and refunds. */

export async function retrieveSubscription(s: SandboxContext, id: string): Promise<ProviderSubscription | null> {
  const r = await readSubscription(s.db, id);
  return r ? toSubscription(r) : null;
}

export async function changeSubscriptionPrice(s: SandboxContext, input: { subscriptionId: string; priceId: string }): Promise<ProviderSubscription> {
  const { subscriptionId, priceId } = input;
  if (!planPrices[priceId]) throw new Error(`Sandbox: unknown price ${priceId}`);
  const [updated] = await s.db.query<SubscriptionRow>(sql`
    UPDATE sandbox_subscription SET price_id = ${priceId}, scheduled_price_id = NULL, cancel_at_period_end = false WHERE id = ${subscriptionId} AND status = 'active' RETURNING *`);
  if (!updated) throw new Error(`Sandbox: no active subscription ${subscriptionId}`);
  await s.deliver([newEvent(s, 'customer.subscription.updated', { subscription: toSubscription(updated) })]);
  return toSubscription(updated);
}

export async function cancelSubscriptionNow(s: SandboxContext, subscriptionId: string): Promise<ProviderSubscription> {
  const [ended] = await s.db.query<SubscriptionRow>(sql`
    UPDATE sandbox_subscription SET status = 'canceled' WHERE id = ${subscriptionId} AND status = 'active' RETURNING *`);
  if (ended) await s.deliver([newEvent(s, 'customer.subscription.deleted', { subscription: toSubscription(ended) })]);
  const current = await readSubscription(s.db, subscriptionId);
  if (!current) throw new Error(`Sandbox: no subscription ${subscriptionId}`);
  return toSubscription(current);
}

/**
 * Rolls over subscriptions whose period has ended, as Stripe's billing would: a new period (at the
 * scheduled price, if a downgrade was scheduled) charged to the subscription's saved card — `invoice.paid`,
 * or, when the card declines, `past_due` and `invoice.payment_failed` until a card update pays the open
 * invoice — or the end of a subscription set to cancel. Each period end is claimed by one
 * conditional UPDATE, so several processes running this at once deliver each event once.
 */
export async function renewDueSubscriptions(s: SandboxContext): Promise<number> {
  // Charged at each renewal; a past_due subscription waits for a card update to pay its open invoice.
  const at = s.now();
  const due = await s.db.query<SubscriptionRow>(sql`
    SELECT * FROM sandbox_subscription WHERE status = 'active' AND current_period_end <= ${at.toISOString()} ORDER BY current_period_end LIMIT 100`);
  let renewed = 0;
  for (const sub of due) {
    if (sub.cancel_at_period_end) {
      const [ended] = await s.db.query<SubscriptionRow>(sql`
        UPDATE sandbox_subscription SET status = 'canceled'
        WHERE id = ${sub.id} AND status = 'active' AND current_period_end = ${sub.current_period_end}::timestamptz RETURNING *`);
      if (!ended) continue;
      await s.deliver([newEvent(s, 'customer.subscription.deleted', { subscription: toSubscription(ended) })]);
    } else {
      // Periods follow the anchor (Jan 31 → Feb 28 → Mar 31); missed ones are skipped: one invoice for now.
      const { start, end } = findPeriodAt(toDate(sub.billing_anchor ?? sub.current_period_start)!, at);
      const invoiceId = newId('in_sandbox');
      const pays = checkSandboxCard(sub.card_number).ok;
      const [next] = await s.db.query<SubscriptionRow>(sql`
        UPDATE sandbox_subscription SET current_period_start = ${start.toISOString()}, current_period_end = ${end.toISOString()},
          price_id = COALESCE(scheduled_price_id, price_id), scheduled_price_id = NULL,
          status = ${pays ? 'active' : 'past_due'}, open_invoice_id = ${pays ? null : invoiceId}
        WHERE id = ${sub.id} AND status = 'active' AND current_period_end = ${sub.current_period_end}::timestamptz RETURNING *`);
      if (!next) continue;
      const renewedSub = toSubscription(next);
      const invoice = invoiceFor(renewedSub, invoiceId, 'subscription_cycle');
      await s.deliver([
        newEvent(s, 'customer.subscription.updated', { subscription: renewedSub }),
        newEvent(s, pays ? 'invoice.paid' : 'invoice.payment_failed', { invoice }),
      ]);
    }
    renewed += 1;
  }
  return renewed;
}

/** Refunds in full what a completed checkout charged; `charge.refunded` only when something was left to refund. */
export async function refundCheckoutPayment(s: SandboxContext, sessionId: string): Promise<{ refundId: string; amountCents: number }> {
  const [c] = await s.db.query<{ id: string; payment_intent_id: string; amount_cents: number; amount_refunded_cents: number; before: number }>(sql`
    UPDATE sandbox_charge SET amount_refunded_cents = amount_cents
    FROM (SELECT id AS charge_id, amount_refunded_cents AS before FROM sandbox_charge WHERE checkout_session_id = ${sessionId} FOR UPDATE) b
    WHERE id = b.charge_id RETURNING id, payment_intent_id, amount_cents, amount_refunded_cents, b.before`);
  if (!c) throw new Error(`Sandbox: no charge for checkout ${sessionId}`);
  if (c.before < c.amount_cents) {
    const charge = { id: c.id, paymentIntentId: c.payment_intent_id, amountCents: c.amount_cents, amountRefundedCents: c.amount_cents };
    await s.deliver([newEvent(s, 'charge.refunded', { charge })]);
  }
  return { refundId: `re_${c.id}`, amountCents: c.amount_cents - c.before };
}

/** Refunds `amountCents` of a payment (operator/test tool); delivers `charge.refunded`. */
export async function refundPayment(s: SandboxContext, paymentIntentId: string, amountCents: number): Promise<void> {
  const [c] = await s.db.query<{ id: string; amount_cents: number; amount_refunded_cents: number }>(sql`
    UPDATE sandbox_charge SET amount_refunded_cents = LEAST(amount_cents, amount_refunded_cents + ${amountCents})
    WHERE payment_intent_id = ${paymentIntentId} RETURNING id, amount_cents, amount_refunded_cents`);
  if (!c) throw new Error(`Sandbox: no charge for ${paymentIntentId}`);
  const charge = { id: c.id, paymentIntentId, amountCents: c.amount_cents, amountRefundedCents: c.amount_refunded_cents };
  await s.deliver([newEvent(s, 'charge.refunded', { charge })]);
}
