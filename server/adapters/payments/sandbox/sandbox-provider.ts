import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/index.ts';
import type {
  CreatePaymentCheckoutInput,
  CreateSubscriptionCheckoutInput,
  PaymentProvider,
  ProviderCheckoutSession,
  ProviderEvent,
  ProviderSubscription,
} from '../types.ts';
import { WebhookSignatureError } from '../types.ts';
import { planPriceCents } from '../../../../core/tokens/catalog.ts';
import { addMonthsUtc, findPeriodAt } from '../../../../core/tokens/periods.ts';
import { checkSandboxCard, checkSandboxCardAttach, normalizeCardNumber } from './cards.ts';

/**
 * The offline payment provider: a hosted checkout and customer portal served by the app itself
 * (`/sandbox/...`), no real charges. It keeps its own state in `sandbox_*` tables and delivers its
 * events to the sink the billing feature registers, which is the same handler Stripe's webhooks reach.
 */

export const SANDBOX_PRICE_IDS = { Basic: 'price_sandbox_basic', Pro: 'price_sandbox_pro' } as const;
const planPrices: Record<string, { name: string; cents: number }> = {
  [SANDBOX_PRICE_IDS.Basic]: { name: 'Stockpilot Basic', cents: planPriceCents.Basic },
  [SANDBOX_PRICE_IDS.Pro]: { name: 'Stockpilot Pro', cents: planPriceCents.Pro },
};
const SESSION_TTL_MS = 24 * 3600 * 1000;
const PORTAL_TTL_MS = 3600 * 1000;
const RETRY_FIRST_DELAY_MS = 60_000;
const RETRY_MAX_DELAY_MS = 3600_000;

/** Wait after the `attempts`-th failed delivery of an event: 1 min, doubling, at most 1 h (as Stripe's webhooks back off). */
export function sandboxRetryDelayMs(attempts: number): number {
  return Math.min(RETRY_FIRST_DELAY_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_DELAY_MS);
}

export type EventSink = (event: ProviderEvent) => Promise<void>;

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

export interface SandboxPortalView {
  id: string;
  email: string;
  returnUrl: string;
  subscription: (ProviderSubscription & { planName: string; amountCents: number; cardLast4: string; scheduledPlanName: string | null }) | null;
  plans: Array<{ priceId: string; name: string; amountCents: number }>;
}

export type SandboxPayResult =
  | { outcome: 'paid'; redirectUrl: string }
  | { outcome: 'declined'; message: string; invalidNumber: boolean }
  | { outcome: 'not_open'; status: 'complete' | 'expired'; redirectUrl: string | null };

export type PortalAction = { type: 'switch'; priceId: string } | { type: 'cancel' } | { type: 'resume' } | { type: 'card'; cardNumber: string };

export interface SandboxProvider extends PaymentProvider {
  readonly kind: 'sandbox';
  /**
   * Where the sandbox delivers its events. A handler error is reported to `onError` (never to the buyer)
   * and the event is kept for `retryFailedEvents`, like a webhook Stripe retries.
   */
  setEventSink(sink: EventSink, onError: (e: unknown, event: ProviderEvent) => void): void;
  getCheckout(id: string): Promise<SandboxCheckoutView | null>;
  /** Charges the test card; on success completes the session and delivers its events before answering. */
  pay(id: string, cardNumber: string): Promise<SandboxPayResult>;
  /** The buyer left the checkout: the session stays open (as on Stripe) and they go to the cancel URL. */
  cancel(id: string): Promise<{ redirectUrl: string } | null>;
  getPortal(id: string): Promise<SandboxPortalView | null>;
  applyPortalAction(id: string, action: PortalAction): Promise<{ ok: true; notice: string } | { ok: false; message: string }>;
  /** Refunds `amountCents` of a payment (operator/test tool); delivers `charge.refunded`. */
  refund(paymentIntentId: string, amountCents: number): Promise<void>;
  /**
   * Rolls over subscriptions whose period has ended, as Stripe's billing would: a new period (at the
   * scheduled price, if a downgrade was scheduled) charged to the subscription's saved card — `invoice.paid`,
   * or, when the card declines, `past_due` and `invoice.payment_failed` until a card update pays the open
   * invoice — or the end of a subscription set to cancel. Each period end is claimed by one
   * conditional UPDATE, so several processes running this at once deliver each event once.
   */
  renewDueSubscriptions(): Promise<number>;
  /**
   * Ends open checkouts past their 24 h and delivers `checkout.session.expired`, as Stripe does. One
   * conditional UPDATE claims each session, so concurrent runs (or a payment at the same moment) never
   * expire a session twice or expire a paid one.
   */
  expireOpenSessions(): Promise<number>;
  /**
   * Delivers again the events whose handler failed and whose backoff has passed. Each retry is claimed
   * by one conditional UPDATE (on the attempt count), so several processes deliver it once.
   */
  retryFailedEvents(): Promise<number>;
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 500);
/** An event as stored in `sandbox_event_delivery`, with its dates back as Date objects. */
const reviveEvent = (payload: unknown): ProviderEvent =>
  JSON.parse(typeof payload === 'string' ? payload : JSON.stringify(payload), (key, value) =>
    typeof value === 'string' && ['created', 'currentPeriodStart', 'currentPeriodEnd', 'periodStart', 'periodEnd'].includes(key) ? new Date(value) : value,
  );
const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;
/** Timestamps arrive as strings like `2026-11-21 23:25:57.8+00`, which V8 parses. */
const toDate = (v: unknown): Date | null => (v == null ? null : v instanceof Date ? v : new Date(String(v)));
const parseMetadata = (v: unknown): Record<string, string> => {
  if (v && typeof v === 'object') return v as Record<string, string>;
  try {
    return JSON.parse(String(v ?? '{}'));
  } catch {
    return {};
  }
};

interface SessionRow {
  id: string;
  mode: 'subscription' | 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  customer_id: string;
  client_reference_id: string | null;
  price_id: string | null;
  product_name: string;
  quantity: number;
  unit_amount_cents: number;
  amount_total_cents: number;
  currency: string;
  interval: string | null;
  metadata: unknown;
  success_url: string;
  cancel_url: string;
  subscription_id: string | null;
  payment_intent_id: string | null;
  expires_at: string;
  email?: string;
}

interface SubscriptionRow {
  id: string;
  billing_anchor: string | null;
  customer_id: string;
  price_id: string;
  status: string;
  current_period_start: string;
  current_period_end: string;
  cancel_at_period_end: boolean;
  card_number: string;
  open_invoice_id: string | null;
  scheduled_price_id: string | null;
}

export function createSandboxProvider(options: { db: Database; baseUrl: string; now?: () => Date }): SandboxProvider {
  const { db, baseUrl } = options;
  const now = options.now ?? (() => new Date());
  let sink: EventSink = async () => {};
  let onSinkError: (e: unknown, event: ProviderEvent) => void = () => {};

  const deliver = async (events: ProviderEvent[]) => {
    for (const event of events) {
      try {
        await sink(event);
      } catch (e) {
        onSinkError(e, event);
        const at = now();
        await db
          .query(sql`
            INSERT INTO sandbox_event_delivery (event_id, type, payload, attempts, next_attempt_at, last_error, created_at)
            VALUES (${event.id}, ${event.type}, ${JSON.stringify(event)}::jsonb, 1, ${new Date(at.getTime() + sandboxRetryDelayMs(1)).toISOString()},
              ${errorText(e)}, ${at.toISOString()})
            ON CONFLICT (event_id) DO NOTHING`)
          .catch((err) => onSinkError(err, event));
      }
    }
  };
  const event = (type: ProviderEvent['type'], payload: Record<string, unknown>): ProviderEvent =>
    ({ id: newId('evt_sandbox'), created: now(), type, ...payload }) as ProviderEvent;

  const toSession = (r: SessionRow): ProviderCheckoutSession => ({
    id: r.id,
    url: r.status === 'open' ? `${baseUrl}/sandbox/checkout/${r.id}` : null,
    mode: r.mode,
    status: r.status === 'open' && toDate(r.expires_at)! <= now() ? 'expired' : r.status,
    paymentStatus: r.payment_status,
    amountTotalCents: r.amount_total_cents,
    currency: r.currency,
    customerId: r.customer_id,
    subscriptionId: r.subscription_id,
    paymentIntentId: r.payment_intent_id,
    clientReferenceId: r.client_reference_id,
    metadata: parseMetadata(r.metadata),
  });
  const toSubscription = (r: SubscriptionRow): ProviderSubscription => ({
    id: r.id,
    customerId: r.customer_id,
    priceId: r.price_id,
    status: r.status,
    currentPeriodStart: toDate(r.current_period_start),
    currentPeriodEnd: toDate(r.current_period_end),
    cancelAtPeriodEnd: r.cancel_at_period_end,
    scheduledPriceId: r.scheduled_price_id ?? null,
  });
  const invoiceFor = (sub: ProviderSubscription, id: string, billingReason: string) => ({
    id,
    customerId: sub.customerId,
    subscriptionId: sub.id,
    billingReason,
    priceId: sub.priceId,
    periodStart: sub.currentPeriodStart,
    periodEnd: sub.currentPeriodEnd,
    amountPaidCents: planPrices[sub.priceId ?? '']?.cents ?? 0,
  });

  const readSession = async (q: Queryable, id: string, lock = false) =>
    (
      await q.query<SessionRow>(
        lock
          ? sql`SELECT * FROM sandbox_checkout_session WHERE id = ${id} FOR UPDATE`
          : sql`SELECT s.*, c.email FROM sandbox_checkout_session s JOIN sandbox_customer c ON c.id = s.customer_id WHERE s.id = ${id}`,
      )
    )[0] ?? null;
  const readSubscription = async (q: Queryable, id: string) =>
    (await q.query<SubscriptionRow>(sql`SELECT * FROM sandbox_subscription WHERE id = ${id}`))[0] ?? null;

  const insertSession = async (r: Omit<SessionRow, 'status' | 'payment_status' | 'subscription_id' | 'payment_intent_id' | 'expires_at'>) => {
    const expiresAt = new Date(now().getTime() + SESSION_TTL_MS).toISOString();
    await db.query(sql`
      INSERT INTO sandbox_checkout_session (id, mode, customer_id, client_reference_id, price_id, product_name, quantity,
        unit_amount_cents, amount_total_cents, currency, interval, metadata, success_url, cancel_url, created_at, expires_at)
      VALUES (${r.id}, ${r.mode}, ${r.customer_id}, ${r.client_reference_id}, ${r.price_id}, ${r.product_name}, ${r.quantity},
        ${r.unit_amount_cents}, ${r.amount_total_cents}, ${r.currency}, ${r.interval}, ${JSON.stringify(r.metadata)},
        ${r.success_url}, ${r.cancel_url}, ${now().toISOString()}, ${expiresAt})`);
    return toSession((await readSession(db, r.id))!);
  };

  /** The portal's "Update card": saves the card and, on a past_due subscription, charges the open invoice with it. */
  async function saveCardAndRetry(current: ProviderSubscription, cardNumber: string): Promise<{ ok: true; notice: string } | { ok: false; message: string }> {
    const attach = checkSandboxCardAttach(cardNumber);
    if (!attach.ok) return { ok: false, message: attach.message };
    const [saved] = await db.query<SubscriptionRow>(sql`UPDATE sandbox_subscription SET card_number = ${normalizeCardNumber(cardNumber)} WHERE id = ${current.id} RETURNING *`);
    if (saved?.status !== 'past_due' || !saved.open_invoice_id) return { ok: true, notice: 'Your card was saved.' };
    const sub = toSubscription(saved);
    if (!checkSandboxCard(saved.card_number).ok) {
      await deliver([event('invoice.payment_failed', { invoice: invoiceFor(sub, saved.open_invoice_id, 'subscription_cycle') })]);
      return { ok: false, message: 'Your card was saved, but the payment of the open invoice was declined.' };
    }
    // One conditional UPDATE claims the open invoice: two retries at once pay it once.
    const [paid] = await db.query<SubscriptionRow>(sql`
      UPDATE sandbox_subscription SET status = 'active', open_invoice_id = NULL
      WHERE id = ${saved.id} AND status = 'past_due' AND open_invoice_id = ${saved.open_invoice_id} RETURNING *`);
    if (!paid) return { ok: true, notice: 'Your card was saved.' };
    const active = toSubscription(paid);
    await deliver([event('customer.subscription.updated', { subscription: active }), event('invoice.paid', { invoice: invoiceFor(active, saved.open_invoice_id, 'subscription_cycle') })]);
    return { ok: true, notice: 'Your card was saved and the open invoice is paid.' };
  }

  const provider: SandboxProvider = {
    kind: 'sandbox',
    displayName: 'Sandbox',
    priceIds: { ...SANDBOX_PRICE_IDS },
    configurationProblem: null,

    setEventSink(s, onError) {
      sink = s;
      onSinkError = onError;
    },

    async createCustomer({ email, userId }) {
      const id = newId('cus_sandbox');
      await db.query(sql`INSERT INTO sandbox_customer (id, email, user_ref) VALUES (${id}, ${email}, ${userId})`);
      return { id };
    },

    async createSubscriptionCheckout(input: CreateSubscriptionCheckoutInput) {
      const plan = planPrices[input.priceId];
      if (!plan) throw new Error(`Sandbox: unknown price ${input.priceId}`);
      return insertSession({
        id: newId('cs_sandbox'),
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
    },

    async createPaymentCheckout(input: CreatePaymentCheckoutInput) {
      return insertSession({
        id: newId('cs_sandbox'),
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
    },

    async retrieveCheckoutSession(id) {
      const r = await readSession(db, id);
      return r ? toSession(r) : null;
    },

    async retrieveSubscription(id) {
      const r = await readSubscription(db, id);
      return r ? toSubscription(r) : null;
    },

    async createPortalSession({ customerId, returnUrl }) {
      const id = newId('bps_sandbox');
      const expiresAt = new Date(now().getTime() + PORTAL_TTL_MS).toISOString();
      await db.query(sql`INSERT INTO sandbox_portal_session (id, customer_id, return_url, expires_at) VALUES (${id}, ${customerId}, ${returnUrl}, ${expiresAt})`);
      return { url: `${baseUrl}/sandbox/portal/${id}` };
    },

    async expireCheckoutSession(id) {
      const [expired] = await db.query<SessionRow>(sql`UPDATE sandbox_checkout_session SET status = 'expired' WHERE id = ${id} AND status = 'open' RETURNING *`);
      if (expired) await deliver([event('checkout.session.expired', { session: toSession(expired) })]);
      return provider.retrieveCheckoutSession(id);
    },

    async changeSubscriptionPrice({ subscriptionId, priceId }) {
      if (!planPrices[priceId]) throw new Error(`Sandbox: unknown price ${priceId}`);
      const [updated] = await db.query<SubscriptionRow>(sql`
        UPDATE sandbox_subscription SET price_id = ${priceId}, scheduled_price_id = NULL, cancel_at_period_end = false WHERE id = ${subscriptionId} AND status = 'active' RETURNING *`);
      if (!updated) throw new Error(`Sandbox: no active subscription ${subscriptionId}`);
      await deliver([event('customer.subscription.updated', { subscription: toSubscription(updated) })]);
      return toSubscription(updated);
    },

    async cancelSubscriptionNow(subscriptionId) {
      const [ended] = await db.query<SubscriptionRow>(sql`
        UPDATE sandbox_subscription SET status = 'canceled' WHERE id = ${subscriptionId} AND status = 'active' RETURNING *`);
      if (ended) await deliver([event('customer.subscription.deleted', { subscription: toSubscription(ended) })]);
      const current = await readSubscription(db, subscriptionId);
      if (!current) throw new Error(`Sandbox: no subscription ${subscriptionId}`);
      return toSubscription(current);
    },

    async refundCheckoutPayment(sessionId) {
      const [c] = await db.query<{ id: string; payment_intent_id: string; amount_cents: number; amount_refunded_cents: number; before: number }>(sql`
        UPDATE sandbox_charge SET amount_refunded_cents = amount_cents
        FROM (SELECT id AS charge_id, amount_refunded_cents AS before FROM sandbox_charge WHERE checkout_session_id = ${sessionId} FOR UPDATE) b
        WHERE id = b.charge_id RETURNING id, payment_intent_id, amount_cents, amount_refunded_cents, b.before`);
      if (!c) throw new Error(`Sandbox: no charge for checkout ${sessionId}`);
      if (c.before < c.amount_cents) {
        await deliver([event('charge.refunded', { charge: { id: c.id, paymentIntentId: c.payment_intent_id, amountCents: c.amount_cents, amountRefundedCents: c.amount_cents } })]);
      }
      return { refundId: `re_${c.id}`, amountCents: c.amount_cents - c.before };
    },

    async retryFailedEvents() {
      const at = now();
      const due = await db.query<{ event_id: string; attempts: number }>(sql`
        SELECT event_id, attempts FROM sandbox_event_delivery
        WHERE delivered_at IS NULL AND next_attempt_at <= ${at.toISOString()} ORDER BY next_attempt_at LIMIT 100`);
      let delivered = 0;
      for (const d of due) {
        const attempt = d.attempts + 1;
        const [claimed] = await db.query<{ payload: unknown }>(sql`
          UPDATE sandbox_event_delivery SET attempts = ${attempt}, next_attempt_at = ${new Date(at.getTime() + sandboxRetryDelayMs(attempt)).toISOString()}
          WHERE event_id = ${d.event_id} AND delivered_at IS NULL AND attempts = ${d.attempts} RETURNING payload`);
        if (!claimed) continue;
        const e = reviveEvent(claimed.payload);
        try {
          await sink(e);
        } catch (err) {
          onSinkError(err, e);
          await db.query(sql`UPDATE sandbox_event_delivery SET last_error = ${errorText(err)} WHERE event_id = ${d.event_id}`);
          continue;
        }
        await db.query(sql`UPDATE sandbox_event_delivery SET delivered_at = ${now().toISOString()}, last_error = NULL WHERE event_id = ${d.event_id}`);
        delivered += 1;
      }
      return delivered;
    },

    parseWebhook() {
      throw new WebhookSignatureError('The sandbox delivers its events in-process; it accepts no webhooks.');
    },

    async getCheckout(id) {
      const r = await readSession(db, id);
      if (!r) return null;
      const s = toSession(r);
      return {
        id: r.id,
        mode: r.mode,
        status: s.status,
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
    },

    async pay(id, cardNumber) {
      const card = checkSandboxCard(cardNumber);
      const existing = await readSession(db, id);
      if (!existing) throw new Error(`Sandbox: no session ${id}`);
      const view = toSession(existing);
      if (view.status !== 'open') {
        return { outcome: 'not_open', status: view.status, redirectUrl: view.status === 'complete' ? existing.success_url.replace('{CHECKOUT_SESSION_ID}', id) : null };
      }
      if (!card.ok) return { outcome: 'declined', message: card.message, invalidNumber: card.invalidNumber };

      const events = await db.transaction(async (tx) => {
        const r = await readSession(tx, id, true);
        if (r?.status !== 'open') return null;
        const at = now();
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
        const session = toSession((await readSession(tx, id))!);
        const out: ProviderEvent[] = [event('checkout.session.completed', { session })];
        if (subscription) {
          const sub = toSubscription(subscription);
          out.push(event('customer.subscription.created', { subscription: sub }));
          out.push(
            event('invoice.paid', {
              invoice: {
                id: newId('in_sandbox'),
                customerId: sub.customerId,
                subscriptionId: sub.id,
                billingReason: 'subscription_create',
                priceId: sub.priceId,
                periodStart: sub.currentPeriodStart,
                periodEnd: sub.currentPeriodEnd,
                amountPaidCents: r.amount_total_cents,
              },
            }),
          );
        }
        return out;
      });
      if (events) await deliver(events);
      return { outcome: 'paid', redirectUrl: existing.success_url.replace('{CHECKOUT_SESSION_ID}', id) };
    },

    async cancel(id) {
      const r = await readSession(db, id);
      return r ? { redirectUrl: r.cancel_url } : null;
    },

    async getPortal(id) {
      const [p] = await db.query<{ id: string; customer_id: string; return_url: string; expires_at: string; email: string }>(sql`
        SELECT p.id, p.customer_id, p.return_url, p.expires_at, c.email
        FROM sandbox_portal_session p JOIN sandbox_customer c ON c.id = p.customer_id WHERE p.id = ${id}`);
      if (!p || toDate(p.expires_at)! <= now()) return null;
      const [sub] = await db.query<SubscriptionRow>(sql`
        SELECT * FROM sandbox_subscription WHERE customer_id = ${p.customer_id} AND status IN ('active', 'past_due') ORDER BY created_at DESC LIMIT 1`);
      const plans = Object.entries(planPrices).map(([priceId, v]) => ({ priceId, name: v.name, amountCents: v.cents }));
      return {
        id: p.id,
        email: p.email,
        returnUrl: p.return_url,
        subscription: sub
          ? {
              ...toSubscription(sub),
              planName: planPrices[sub.price_id]?.name ?? sub.price_id,
              amountCents: planPrices[sub.price_id]?.cents ?? 0,
              cardLast4: sub.card_number.slice(-4),
              scheduledPlanName: sub.scheduled_price_id ? (planPrices[sub.scheduled_price_id]?.name ?? sub.scheduled_price_id) : null,
            }
          : null,
        plans,
      };
    },

    async applyPortalAction(id, action) {
      const portal = await provider.getPortal(id);
      if (!portal) return { ok: false, message: 'This portal session has expired. Open it again from Stockpilot.' };
      const current = portal.subscription;
      if (!current) return { ok: false, message: 'There is no active subscription to change.' };
      const events: ProviderEvent[] = [];
      let notice: string;
      if (action.type === 'card') return saveCardAndRetry(current, action.cardNumber);
      if (action.type === 'switch') {
        const next = planPrices[action.priceId];
        if (!next) return { ok: false, message: 'Unknown plan.' };
        if (action.priceId === current.priceId && !current.scheduledPriceId) return { ok: false, message: 'You are already on this plan.' };
        if (action.priceId === current.priceId || next.cents > current.amountCents) {
          // An upgrade (or keeping the plan) applies now and drops a scheduled downgrade.
          await db.query(sql`UPDATE sandbox_subscription SET price_id = ${action.priceId}, scheduled_price_id = NULL, cancel_at_period_end = false WHERE id = ${current.id}`);
          notice = `Your plan is now ${next.name}.`;
        } else {
          // A downgrade waits for the period end, as the page says: the current plan is paid until then.
          await db.query(sql`UPDATE sandbox_subscription SET scheduled_price_id = ${action.priceId}, cancel_at_period_end = false WHERE id = ${current.id}`);
          notice = `Your plan changes to ${next.name} at the end of the current period.`;
        }
      } else {
        await db.query(sql`UPDATE sandbox_subscription SET cancel_at_period_end = ${action.type === 'cancel'} WHERE id = ${current.id}`);
        notice = action.type === 'cancel' ? 'Your subscription will end at the end of the current period.' : 'Your subscription will renew.';
      }
      events.push(event('customer.subscription.updated', { subscription: toSubscription((await readSubscription(db, current.id))!) }));
      await deliver(events);
      return { ok: true, notice };
    },

    async renewDueSubscriptions() {
      // Charged at each renewal; a past_due subscription waits for a card update to pay its open invoice.
      const at = now();
      const due = await db.query<SubscriptionRow>(sql`
        SELECT * FROM sandbox_subscription WHERE status = 'active' AND current_period_end <= ${at.toISOString()} ORDER BY current_period_end LIMIT 100`);
      let renewed = 0;
      for (const s of due) {
        if (s.cancel_at_period_end) {
          const [ended] = await db.query<SubscriptionRow>(sql`
            UPDATE sandbox_subscription SET status = 'canceled'
            WHERE id = ${s.id} AND status = 'active' AND current_period_end = ${s.current_period_end}::timestamptz RETURNING *`);
          if (!ended) continue;
          await deliver([event('customer.subscription.deleted', { subscription: toSubscription(ended) })]);
        } else {
          // Periods follow the anchor (Jan 31 → Feb 28 → Mar 31); missed ones are skipped: one invoice for now.
          const { start, end } = findPeriodAt(toDate(s.billing_anchor ?? s.current_period_start)!, at);
          const invoiceId = newId('in_sandbox');
          const pays = checkSandboxCard(s.card_number).ok;
          const [next] = await db.query<SubscriptionRow>(sql`
            UPDATE sandbox_subscription SET current_period_start = ${start.toISOString()}, current_period_end = ${end.toISOString()},
              price_id = COALESCE(scheduled_price_id, price_id), scheduled_price_id = NULL,
              status = ${pays ? 'active' : 'past_due'}, open_invoice_id = ${pays ? null : invoiceId}
            WHERE id = ${s.id} AND status = 'active' AND current_period_end = ${s.current_period_end}::timestamptz RETURNING *`);
          if (!next) continue;
          const sub = toSubscription(next);
          const invoice = invoiceFor(sub, invoiceId, 'subscription_cycle');
          await deliver([event('customer.subscription.updated', { subscription: sub }), event(pays ? 'invoice.paid' : 'invoice.payment_failed', { invoice })]);
        }
        renewed += 1;
      }
      return renewed;
    },

    async expireOpenSessions() {
      const at = now().toISOString();
      const expired = await db.query<SessionRow>(sql`
        UPDATE sandbox_checkout_session SET status = 'expired'
        WHERE id IN (SELECT id FROM sandbox_checkout_session WHERE status = 'open' AND expires_at <= ${at} ORDER BY expires_at LIMIT 100)
          AND status = 'open'
        RETURNING *`);
      await deliver(expired.map((r) => event('checkout.session.expired', { session: toSession(r) })));
      return expired.length;
    },

    async refund(paymentIntentId, amountCents) {
      const [c] = await db.query<{ id: string; amount_cents: number; amount_refunded_cents: number }>(sql`
        UPDATE sandbox_charge SET amount_refunded_cents = LEAST(amount_cents, amount_refunded_cents + ${amountCents})
        WHERE payment_intent_id = ${paymentIntentId} RETURNING id, amount_cents, amount_refunded_cents`);
      if (!c) throw new Error(`Sandbox: no charge for ${paymentIntentId}`);
      await deliver([event('charge.refunded', { charge: { id: c.id, paymentIntentId, amountCents: c.amount_cents, amountRefundedCents: c.amount_refunded_cents } })]);
    },
  };
  return provider;
}
