import { sql } from 'drizzle-orm';
import { addMonthsUtc } from '../../../../core/tokens/periods.ts';
import type { CreatePaymentCheckoutInput, CreateSubscriptionCheckoutInput, ProviderCheckoutSession, ProviderEvent } from '../types.ts';
import { checkSandboxCard } from './cards.ts';
import {
  commitWithEvents,
  invoiceFor,
  newEvent,
  newId,
  parseMetadata,
  planPrices,
  readSession,
  readSubscription,
  type SandboxContext,
  type SessionRow,
  type SubscriptionRow,
  toSession,
  toSubscription,
} from './sandbox-state.ts';

/** The sandbox's hosted checkout sessions: opened, shown, paid with a test card, expired after 24 h. */

const SESSION_TTL_MS = 24 * 3600 * 1000;

export interface SandboxCheckoutView {
  id: string;
  mode: 'subscription' | 'payment';
  status: 'open' | 'complete' | 'expired';
  productName: string;
  quantity: number;
  unitAmountCents: number;
  amountTotalCents: number;
  currency: string;
  interval: string | null;
  email: string;
  successUrl: string;
  cancelUrl: string;
}

export type SandboxPayResult =
  | { outcome: 'paid'; redirectUrl: string }
  | { outcome: 'declined'; message: string; invalidNumber: boolean }
  | { outcome: 'not_open'; status: 'complete' | 'expired'; redirectUrl: string | null };

type NewSession = Omit<SessionRow, 'id' | 'status' | 'payment_status' | 'subscription_id' | 'payment_intent_id' | 'expires_at'>;

async function insertSession(s: SandboxContext, r: NewSession): Promise<ProviderCheckoutSession> {
  const id = newId('cs_sandbox');
  const expiresAt = new Date(s.now().getTime() + SESSION_TTL_MS).toISOString();
  await s.db.query(sql`
    INSERT INTO sandbox_checkout_session (id, mode, customer_id, client_reference_id, price_id, product_name, quantity,
      unit_amount_cents, amount_total_cents, currency, interval, metadata, success_url, cancel_url, created_at, expires_at)
    VALUES (${id}, ${r.mode}, ${r.customer_id}, ${r.client_reference_id}, ${r.price_id}, ${r.product_name}, ${r.quantity},
      ${r.unit_amount_cents}, ${r.amount_total_cents}, ${r.currency}, ${r.interval}, ${JSON.stringify(r.metadata)},
      ${r.success_url}, ${r.cancel_url}, ${s.now().toISOString()}, ${expiresAt})`);
  return toSession(s, (await readSession(s.db, id))!);
}

export async function createSubscriptionCheckout(s: SandboxContext, input: CreateSubscriptionCheckoutInput): Promise<ProviderCheckoutSession> {
  const plan = planPrices[input.priceId];
  if (!plan) throw new Error(`Sandbox: unknown price ${input.priceId}`);
  return insertSession(s, {
    mode: 'subscription',
    customer_id: input.customerId,
    client_reference_id: input.userId,
    price_id: input.priceId,
    product_name: plan.name,
    quantity: 1,
    unit_amount_cents: plan.cents,
    amount_total_cents: plan.cents,
    currency: 'usd',
    interval: 'month',
    metadata: input.metadata,
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
  });
}

export async function createPaymentCheckout(s: SandboxContext, input: CreatePaymentCheckoutInput): Promise<ProviderCheckoutSession> {
  return insertSession(s, {
    mode: 'payment',
    customer_id: input.customerId,
    client_reference_id: input.userId,
    price_id: null,
    product_name: input.productName,
    quantity: input.quantity,
    unit_amount_cents: input.unitAmountCents,
    amount_total_cents: input.unitAmountCents * input.quantity,
    currency: input.currency,
    interval: null,
    metadata: input.metadata,
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
  });
}

export async function retrieveCheckoutSession(s: SandboxContext, id: string): Promise<ProviderCheckoutSession | null> {
  const r = await readSession(s.db, id);
  return r ? toSession(s, r) : null;
}

export async function expireCheckoutSession(s: SandboxContext, id: string): Promise<ProviderCheckoutSession | null> {
  await commitWithEvents(s, async (tx) => {
    const [expired] = await tx.query<SessionRow>(sql`UPDATE sandbox_checkout_session SET status = 'expired' WHERE id = ${id} AND status = 'open' RETURNING *`);
    return { value: null, events: expired ? [newEvent(s, 'checkout.session.expired', { session: toSession(s, expired) })] : [] };
  });
  return retrieveCheckoutSession(s, id);
}

/**
 * Ends open checkouts past their 24 h and delivers `checkout.session.expired`, as Stripe does. One
 * conditional UPDATE claims each session, so concurrent runs (or a payment at the same moment) never
 * expire a session twice or expire a paid one.
 */
export async function expireOpenSessions(s: SandboxContext): Promise<number> {
  const at = s.now().toISOString();
  return commitWithEvents(s, async (tx) => {
    const expired = await tx.query<SessionRow>(sql`
      UPDATE sandbox_checkout_session SET status = 'expired'
      WHERE id IN (SELECT id FROM sandbox_checkout_session WHERE status = 'open' AND expires_at <= ${at} ORDER BY expires_at LIMIT 100)
        AND status = 'open'
      RETURNING *`);
    return { value: expired.length, events: expired.map((r) => newEvent(s, 'checkout.session.expired', { session: toSession(s, r) })) };
  });
}

export async function getCheckout(s: SandboxContext, id: string): Promise<SandboxCheckoutView | null> {
  const r = await readSession(s.db, id);
  if (!r) return null;
  return {
    id: r.id,
    mode: r.mode,
    status: toSession(s, r).status,
    productName: r.product_name,
    quantity: r.quantity,
    unitAmountCents: r.unit_amount_cents,
    amountTotalCents: r.amount_total_cents,
    currency: r.currency,
    interval: r.interval,
    email: r.email ?? '',
    successUrl: r.success_url.replace('{CHECKOUT_SESSION_ID}', r.id),
    cancelUrl: r.cancel_url,
  };
}

/** The buyer left the checkout: the session stays open (as on Stripe) and they go to the cancel URL. */
export async function cancelCheckout(s: SandboxContext, id: string): Promise<{ redirectUrl: string } | null> {
  const r = await readSession(s.db, id);
  return r ? { redirectUrl: r.cancel_url } : null;
}

/** Charges the test card; on success completes the session and delivers its events before answering. */
export async function payCheckout(s: SandboxContext, id: string, cardNumber: string): Promise<SandboxPayResult> {
  const card = checkSandboxCard(cardNumber);
  const existing = await readSession(s.db, id);
  if (!existing) throw new Error(`Sandbox: no session ${id}`);
  const successUrl = existing.success_url.replace('{CHECKOUT_SESSION_ID}', id);
  const view = toSession(s, existing);
  if (view.status !== 'open') return { outcome: 'not_open', status: view.status, redirectUrl: view.status === 'complete' ? successUrl : null };
  if (!card.ok) return { outcome: 'declined', message: card.message, invalidNumber: card.invalidNumber };
  await completeSession(s, id);
  return { outcome: 'paid', redirectUrl: successUrl };
}

/**
 * Charges and completes an open session in one transaction (a subscription starts now) that also writes its
 * events to the outbox, then delivers them: a payment is never stored without the events that report it.
 */
async function completeSession(s: SandboxContext, id: string): Promise<void> {
  await commitWithEvents(s, async (tx) => {
    const r = await readSession(tx, id, true);
    if (r?.status !== 'open') return { value: undefined, events: [] };
    const at = s.now();
    let subscription: SubscriptionRow | null = null;
    let paymentIntentId: string | null = null;
    const chargeIntentId = newId('pi_sandbox');
    await tx.query(sql`
      INSERT INTO sandbox_charge (id, payment_intent_id, customer_id, amount_cents, checkout_session_id)
      VALUES (${newId('ch_sandbox')}, ${chargeIntentId}, ${r.customer_id}, ${r.amount_total_cents}, ${id})`);
    if (r.mode === 'subscription') {
      const subId = newId('sub_sandbox');
      await tx.query(sql`
        INSERT INTO sandbox_subscription (id, customer_id, price_id, status, billing_anchor, current_period_start, current_period_end, metadata)
        VALUES (${subId}, ${r.customer_id}, ${r.price_id}, 'active', ${at.toISOString()}, ${at.toISOString()}, ${addMonthsUtc(at, 1).toISOString()}, ${JSON.stringify(parseMetadata(r.metadata))})`);
      subscription = await readSubscription(tx, subId);
    } else {
      // As on Stripe, only a payment-mode session names its payment intent (a subscription's is its invoice's).
      paymentIntentId = chargeIntentId;
    }
    await tx.query(sql`
      UPDATE sandbox_checkout_session SET status = 'complete', payment_status = 'paid',
        subscription_id = ${subscription?.id ?? null}, payment_intent_id = ${paymentIntentId}
      WHERE id = ${id}`);
    const session = toSession(s, (await readSession(tx, id))!);
    const out: ProviderEvent[] = [newEvent(s, 'checkout.session.completed', { session })];
    if (subscription) {
      const sub = toSubscription(subscription);
      const invoice = { ...invoiceFor(sub, newId('in_sandbox'), 'subscription_create'), amountPaidCents: r.amount_total_cents };
      out.push(newEvent(s, 'customer.subscription.created', { subscription: sub }), newEvent(s, 'invoice.paid', { invoice }));
    }
    return { value: undefined, events: out };
  });
}
