import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { planPriceCents } from '../../../../core/tokens/catalog.ts';
import type { Database, Queryable } from '../../db/index.ts';
import type { ProviderCheckoutSession, ProviderEvent, ProviderInvoice, ProviderSubscription } from '../types.ts';

/** The sandbox's own state in `sandbox_*` tables: rows, their mapping to the provider shapes, and what every part shares. */

export const SANDBOX_PRICE_IDS = { Basic: 'price_sandbox_basic', Pro: 'price_sandbox_pro' } as const;
export const planPrices: Record<string, { name: string; cents: number }> = {
  [SANDBOX_PRICE_IDS.Basic]: { name: 'Stockpilot Basic', cents: planPriceCents.Basic },
  [SANDBOX_PRICE_IDS.Pro]: { name: 'Stockpilot Pro', cents: planPriceCents.Pro },
};

/** What the sandbox's parts work with: the database, its clock, and the delivery of its events to the billing feature. */
export interface SandboxContext {
  db: Database;
  baseUrl: string;
  now: () => Date;
  /** Writes events into the outbox inside the caller's transaction (event-delivery.ts). */
  record: (tx: Queryable, events: ProviderEvent[]) => Promise<void>;
  /** Delivers, in order, events this process has just committed to the outbox (event-delivery.ts). */
  deliver: (events: ProviderEvent[]) => Promise<void>;
}

/**
 * Runs `work` in one transaction that also writes the events it returns to the outbox, then delivers them
 * after the commit: a state change and its events are stored together or not at all.
 */
export async function commitWithEvents<T>(s: SandboxContext, work: (tx: Queryable) => Promise<{ value: T; events: ProviderEvent[] }>): Promise<T> {
  const { value, events } = await s.db.transaction(async (tx) => {
    const done = await work(tx);
    await s.record(tx, done.events);
    return done;
  });
  await s.deliver(events);
  return value;
}

export interface SessionRow {
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

export interface SubscriptionRow {
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

export const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;
/** Timestamps arrive as strings like `2026-11-21 23:25:57.8+00`, which V8 parses. */
export const toDate = (v: unknown): Date | null => (v == null ? null : v instanceof Date ? v : new Date(String(v)));
export const parseMetadata = (v: unknown): Record<string, string> => {
  if (v && typeof v === 'object') return v as Record<string, string>;
  try {
    return JSON.parse(String(v ?? '{}'));
  } catch {
    return {};
  }
};

export const newEvent = (s: SandboxContext, type: ProviderEvent['type'], payload: Record<string, unknown>): ProviderEvent =>
  ({ id: newId('evt_sandbox'), created: s.now(), type, ...payload }) as ProviderEvent;

export const toSession = (s: SandboxContext, r: SessionRow): ProviderCheckoutSession => ({
  id: r.id,
  url: r.status === 'open' ? `${s.baseUrl}/sandbox/checkout/${r.id}` : null,
  mode: r.mode,
  status: r.status === 'open' && toDate(r.expires_at)! <= s.now() ? 'expired' : r.status,
  paymentStatus: r.payment_status,
  amountTotalCents: r.amount_total_cents,
  currency: r.currency,
  customerId: r.customer_id,
  subscriptionId: r.subscription_id,
  paymentIntentId: r.payment_intent_id,
  clientReferenceId: r.client_reference_id,
  metadata: parseMetadata(r.metadata),
});

export const toSubscription = (r: SubscriptionRow): ProviderSubscription => ({
  id: r.id,
  customerId: r.customer_id,
  priceId: r.price_id,
  status: r.status,
  currentPeriodStart: toDate(r.current_period_start),
  currentPeriodEnd: toDate(r.current_period_end),
  cancelAtPeriodEnd: r.cancel_at_period_end,
  scheduledPriceId: r.scheduled_price_id ?? null,
});

/** The invoice of a subscription's current period at its current price. */
export const invoiceFor = (sub: ProviderSubscription, id: string, billingReason: string): ProviderInvoice => ({
  id,
  customerId: sub.customerId,
  subscriptionId: sub.id,
  billingReason,
  priceId: sub.priceId,
  periodStart: sub.currentPeriodStart,
  periodEnd: sub.currentPeriodEnd,
  amountPaidCents: planPrices[sub.priceId ?? '']?.cents ?? 0,
});

export const readSession = async (q: Queryable, id: string, lock = false) =>
  (
    await q.query<SessionRow>(
      lock
        ? sql`SELECT * FROM sandbox_checkout_session WHERE id = ${id} FOR UPDATE`
        : sql`SELECT s.*, c.email FROM sandbox_checkout_session s JOIN sandbox_customer c ON c.id = s.customer_id WHERE s.id = ${id}`,
    )
  )[0] ?? null;

export const readSubscription = async (q: Queryable, id: string) =>
  (await q.query<SubscriptionRow>(sql`SELECT * FROM sandbox_subscription WHERE id = ${id}`))[0] ?? null;
