import { sql } from 'drizzle-orm';
import { findPeriodAt } from '../../../../core/tokens/periods.ts';
import type { Queryable } from '../../db/index.ts';
import type { ProviderEvent, ProviderSubscription } from '../types.ts';
import { checkSandboxCard } from './cards.ts';
import { prorateSwitch } from '../../../../core/billing/proration.ts';
import {
  commitWithEvents,
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

/**
 * Moves a subscription to another price now, on its current period, as Stripe's `always_invoice` does: an
 * upgrade charges the saved card the prorated difference (`prorateSwitch`) and delivers a `subscription_update`
 * invoice.paid; a lower price is switched with nothing charged (the sandbox keeps no customer balance for
 * Stripe's credit). A pending cancel or scheduled downgrade is cleared. Runs in the caller's transaction, the
 * row locked, so two switches at once charge once; returns the events to write with it, or the decline.
 */
export async function switchPriceNow(
  s: SandboxContext,
  tx: Queryable,
  subscriptionId: string,
  priceId: string,
): Promise<{ ok: true; subscription: ProviderSubscription; events: ProviderEvent[] } | { ok: false; message: string }> {
  const next = planPrices[priceId];
  if (!next) throw new Error(`Sandbox: unknown price ${priceId}`);
  const [locked] = await tx.query<SubscriptionRow>(sql`SELECT * FROM sandbox_subscription WHERE id = ${subscriptionId} AND status <> 'canceled' FOR UPDATE`);
  if (!locked) throw new Error(`Sandbox: no live subscription ${subscriptionId}`);
  const at = s.now();
  const proration = prorateSwitch({
    oldCents: planPrices[locked.price_id]?.cents ?? 0,
    newCents: next.cents,
    periodStart: toDate(locked.current_period_start)!,
    periodEnd: toDate(locked.current_period_end)!,
    at,
  });
  const charged = locked.price_id !== priceId && proration.netCents > 0;
  if (charged) {
    const card = checkSandboxCard(locked.card_number);
    if (!card.ok) return { ok: false, message: card.message };
    await tx.query(sql`
      INSERT INTO sandbox_charge (id, payment_intent_id, customer_id, amount_cents)
      VALUES (${newId('ch_sandbox')}, ${newId('pi_sandbox')}, ${locked.customer_id}, ${proration.netCents})`);
  }
  const [updated] = await tx.query<SubscriptionRow>(sql`
    UPDATE sandbox_subscription SET price_id = ${priceId}, scheduled_price_id = NULL, cancel_at_period_end = false WHERE id = ${subscriptionId} RETURNING *`);
  const subscription = toSubscription(updated!);
  const events = [newEvent(s, 'customer.subscription.updated', { subscription })];
  if (charged) {
    const invoice = { ...invoiceFor(subscription, newId('in_sandbox'), 'subscription_update'), periodStart: at, amountPaidCents: proration.netCents };
    events.push(newEvent(s, 'invoice.paid', { invoice }));
  }
  return { ok: true, subscription, events };
}

export async function changeSubscriptionPrice(s: SandboxContext, input: { subscriptionId: string; priceId: string }): Promise<ProviderSubscription> {
  return commitWithEvents(s, async (tx) => {
    const switched = await switchPriceNow(s, tx, input.subscriptionId, input.priceId);
    if (!switched.ok) throw new Error(`Sandbox: the proration charge was declined: ${switched.message}`);
    return { value: switched.subscription, events: switched.events };
  });
}

export async function cancelSubscriptionNow(s: SandboxContext, subscriptionId: string): Promise<ProviderSubscription> {
  await commitWithEvents(s, async (tx) => {
    const [ended] = await tx.query<SubscriptionRow>(sql`
      UPDATE sandbox_subscription SET status = 'canceled' WHERE id = ${subscriptionId} AND status = 'active' RETURNING *`);
    return { value: undefined, events: ended ? [newEvent(s, 'customer.subscription.deleted', { subscription: toSubscription(ended) })] : [] };
  });
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
      const ended = await commitWithEvents(s, async (tx) => {
        const [row] = await tx.query<SubscriptionRow>(sql`
          UPDATE sandbox_subscription SET status = 'canceled'
          WHERE id = ${sub.id} AND status = 'active' AND current_period_end = ${sub.current_period_end}::timestamptz RETURNING *`);
        return { value: row, events: row ? [newEvent(s, 'customer.subscription.deleted', { subscription: toSubscription(row) })] : [] };
      });
      if (!ended) continue;
    } else {
      // Periods follow the anchor (Jan 31 → Feb 28 → Mar 31); missed ones are skipped: one invoice for now.
      const { start, end } = findPeriodAt(toDate(sub.billing_anchor ?? sub.current_period_start)!, at);
      const invoiceId = newId('in_sandbox');
      const pays = checkSandboxCard(sub.card_number).ok;
      const next = await commitWithEvents(s, async (tx) => {
        const [row] = await tx.query<SubscriptionRow>(sql`
          UPDATE sandbox_subscription SET current_period_start = ${start.toISOString()}, current_period_end = ${end.toISOString()},
            price_id = COALESCE(scheduled_price_id, price_id), scheduled_price_id = NULL,
            status = ${pays ? 'active' : 'past_due'}, open_invoice_id = ${pays ? null : invoiceId}
          WHERE id = ${sub.id} AND status = 'active' AND current_period_end = ${sub.current_period_end}::timestamptz RETURNING *`);
        if (!row) return { value: null, events: [] };
        const renewedSub = toSubscription(row);
        const invoice = invoiceFor(renewedSub, invoiceId, 'subscription_cycle');
        const events = [
          newEvent(s, 'customer.subscription.updated', { subscription: renewedSub }),
          newEvent(s, pays ? 'invoice.paid' : 'invoice.payment_failed', { invoice }),
        ];
        return { value: row, events };
      });
      if (!next) continue;
    }
    renewed += 1;
  }
  return renewed;
}

/** Refunds in full what a completed checkout charged; `charge.refunded` only when something was left to refund. */
export async function refundCheckoutPayment(s: SandboxContext, sessionId: string): Promise<{ refundId: string; amountCents: number }> {
  const c = await commitWithEvents(s, async (tx) => {
    const [row] = await tx.query<{ id: string; payment_intent_id: string; amount_cents: number; amount_refunded_cents: number; before: number }>(sql`
      UPDATE sandbox_charge SET amount_refunded_cents = amount_cents
      FROM (SELECT id AS charge_id, amount_refunded_cents AS before FROM sandbox_charge WHERE checkout_session_id = ${sessionId} FOR UPDATE) b
      WHERE id = b.charge_id RETURNING id, payment_intent_id, amount_cents, amount_refunded_cents, b.before`);
    if (!row || row.before >= row.amount_cents) return { value: row, events: [] };
    const charge = { id: row.id, paymentIntentId: row.payment_intent_id, amountCents: row.amount_cents, amountRefundedCents: row.amount_cents };
    return { value: row, events: [newEvent(s, 'charge.refunded', { charge })] };
  });
  if (!c) throw new Error(`Sandbox: no charge for checkout ${sessionId}`);
  return { refundId: `re_${c.id}`, amountCents: c.amount_cents - c.before };
}

/** Refunds `amountCents` of a payment (operator/test tool); delivers `charge.refunded`. */
export async function refundPayment(s: SandboxContext, paymentIntentId: string, amountCents: number): Promise<void> {
  const c = await commitWithEvents(s, async (tx) => {
    const [row] = await tx.query<{ id: string; amount_cents: number; amount_refunded_cents: number }>(sql`
      UPDATE sandbox_charge SET amount_refunded_cents = LEAST(amount_cents, amount_refunded_cents + ${amountCents})
      WHERE payment_intent_id = ${paymentIntentId} RETURNING id, amount_cents, amount_refunded_cents`);
    if (!row) return { value: null, events: [] };
    const charge = { id: row.id, paymentIntentId, amountCents: row.amount_cents, amountRefundedCents: row.amount_refunded_cents };
    return { value: row, events: [newEvent(s, 'charge.refunded', { charge })] };
  });
  if (!c) throw new Error(`Sandbox: no charge for ${paymentIntentId}`);
}
