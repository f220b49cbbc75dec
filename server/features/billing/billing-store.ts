import { sql } from 'drizzle-orm';
import type { Tier } from '../../../core/tokens/index.ts';
import type { Queryable } from '../../adapters/db/index.ts';

/** The billing feature's SQL: provider events, customers, subscriptions, periods and checkout rows. */

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

export interface LiveSubscription {
  subscription_id: string;
  tier: Tier | null;
  cancel_at_period_end: boolean;
  current_period_end: string | null;
}

export type KnownSubscription = {
  tier: string;
  status: string;
  cancel_at_period_end: boolean;
  current_period_end: string | null;
  scheduled_price_id: string | null;
};

/**
 * Records a provider event id as seen; false when it was seen before and its handling already committed
 * (a replay), true when it is to be handled (new, or seen but never finished).
 */
export async function recordEventToHandle(q: Queryable, event: { id: string; provider: string; type: string }): Promise<boolean> {
  const inserted = await q.query(sql`
    INSERT INTO billing_event (event_id, provider, type) VALUES (${event.id}, ${event.provider}, ${event.type})
    ON CONFLICT (event_id) DO NOTHING RETURNING event_id`);
  if (inserted.length > 0) return true;
  const [seen] = await q.query<{ processed_at: string | null }>(sql`SELECT processed_at FROM billing_event WHERE event_id = ${event.id}`);
  return !seen?.processed_at;
}

/** Marks a provider event's handling committed: a later delivery of it is a replay. */
export async function markEventProcessed(q: Queryable, eventId: string): Promise<void> {
  await q.query(sql`UPDATE billing_event SET processed_at = now() WHERE event_id = ${eventId} AND processed_at IS NULL`);
}

// --- billing_customer ---

export const selectCustomerId = (q: Queryable, userId: string, provider: string) =>
  q.query<{ customer_id: string }>(sql`SELECT customer_id FROM billing_customer WHERE user_id = ${userId} AND provider = ${provider}`);

/** Keeps a concurrent first checkout's customer; replaces a customer of the other provider. */
export async function insertCustomer(q: Queryable, userId: string, provider: string, customerId: string): Promise<void> {
  await q.query(sql`
    INSERT INTO billing_customer (user_id, provider, customer_id) VALUES (${userId}, ${provider}, ${customerId})
    ON CONFLICT (user_id) DO UPDATE SET provider = EXCLUDED.provider, customer_id = EXCLUDED.customer_id, created_at = now()
    WHERE billing_customer.provider <> EXCLUDED.provider`);
}

export async function selectUserByCustomer(q: Queryable, customerId: string): Promise<string | null> {
  const [row] = await q.query<{ user_id: string }>(sql`SELECT user_id FROM billing_customer WHERE customer_id = ${customerId}`);
  return row?.user_id ?? null;
}

export async function hasCustomer(q: Queryable, userId: string, provider: string): Promise<boolean> {
  const [customer] = await q.query(sql`SELECT 1 FROM billing_customer WHERE user_id = ${userId} AND provider = ${provider}`);
  return Boolean(customer);
}

/** One subscription fulfilment per user at a time: locks the user's customer row. */
export async function lockCustomer(q: Queryable, userId: string): Promise<void> {
  await q.query(sql`SELECT 1 FROM billing_customer WHERE user_id = ${userId} FOR UPDATE`);
}

// --- billing_subscription and billing_period ---

export async function selectLiveSubscription(
  q: Queryable,
  userId: string,
  provider: string,
  options: { exceptId?: string; fromFulfilledCheckout?: boolean },
): Promise<LiveSubscription | null> {
  const fromCheckout = options.fromFulfilledCheckout
    ? sql`AND EXISTS (SELECT 1 FROM checkout_session c WHERE c.subscription_id = s.subscription_id AND c.status = 'fulfilled')`
    : sql``;
  const [row] = await q.query<LiveSubscription>(sql`
    SELECT s.subscription_id, s.tier, s.cancel_at_period_end, s.current_period_end FROM billing_subscription s
    WHERE s.user_id = ${userId} AND s.provider = ${provider} AND s.status IN ('active', 'trialing', 'past_due')
      AND s.subscription_id <> ${options.exceptId ?? ''} ${fromCheckout}
    ORDER BY s.updated_at DESC LIMIT 1`);
  return row ?? null;
}

/** The user's most relevant subscription at this provider: a live one first, then the latest. */
export async function selectLatestSubscription(q: Queryable, userId: string, provider: string) {
  const [row] = await q.query<{ status: string; tier: Tier | null; cancel_at_period_end: boolean; current_period_end: string | null }>(sql`
    SELECT status, tier, cancel_at_period_end, current_period_end FROM billing_subscription
    WHERE user_id = ${userId} AND provider = ${provider}
    ORDER BY status IN ('active', 'trialing', 'past_due') DESC, updated_at DESC LIMIT 1`);
  return row;
}

export async function selectSubscriptionForUpdate(q: Queryable, subscriptionId: string): Promise<KnownSubscription | undefined> {
  const [before] = await q.query<KnownSubscription>(sql`
    SELECT tier, status, cancel_at_period_end, current_period_end, scheduled_price_id FROM billing_subscription WHERE subscription_id = ${subscriptionId} FOR UPDATE`);
  return before;
}

export async function upsertSubscription(
  q: Queryable,
  s: {
    id: string;
    provider: string;
    userId: string;
    customerId: string | null;
    priceId: string | null;
    tier: string;
    status: string;
    periodStart: string | null;
    periodEnd: string | null;
    cancelAtPeriodEnd: boolean;
    scheduledPriceId: string | null;
    updatedAt: string;
  },
): Promise<void> {
  await q.query(sql`
    INSERT INTO billing_subscription (subscription_id, provider, user_id, customer_id, price_id, tier, status, current_period_start, current_period_end, cancel_at_period_end, scheduled_price_id, updated_at)
    VALUES (${s.id}, ${s.provider}, ${s.userId}, ${s.customerId}, ${s.priceId}, ${s.tier}, ${s.status},
      ${s.periodStart}, ${s.periodEnd}, ${s.cancelAtPeriodEnd}, ${s.scheduledPriceId}, ${s.updatedAt})
    ON CONFLICT (subscription_id) DO UPDATE SET price_id = EXCLUDED.price_id, tier = EXCLUDED.tier, status = EXCLUDED.status,
      current_period_start = EXCLUDED.current_period_start, current_period_end = EXCLUDED.current_period_end,
      cancel_at_period_end = EXCLUDED.cancel_at_period_end, scheduled_price_id = EXCLUDED.scheduled_price_id, updated_at = EXCLUDED.updated_at`);
}

export async function selectSubscriptionTierAndEnd(q: Queryable, subscriptionId: string) {
  const [known] = await q.query<{ tier: string; current_period_end: string | null }>(sql`
    SELECT tier, current_period_end FROM billing_subscription WHERE subscription_id = ${subscriptionId}`);
  return known;
}

/** Records a paid period once; false when it was recorded before. */
export async function insertBillingPeriod(
  q: Queryable,
  p: { subscriptionId: string; periodStart: string; periodEnd: string; userId: string; tier: string; invoiceId: string },
): Promise<boolean> {
  const inserted = await q.query(sql`
    INSERT INTO billing_period (subscription_id, period_start, period_end, user_id, tier, invoice_id)
    VALUES (${p.subscriptionId}, ${p.periodStart}, ${p.periodEnd}, ${p.userId}, ${p.tier}, ${p.invoiceId})
    ON CONFLICT (subscription_id, period_start) DO NOTHING RETURNING invoice_id`);
  return inserted.length > 0;
}

// --- checkout_session ---

export async function selectCheckoutBySession(q: Queryable, providerSessionId: string): Promise<CheckoutRow | undefined> {
  const [row] = await q.query<CheckoutRow>(sql`SELECT * FROM checkout_session WHERE provider_session_id = ${providerSessionId}`);
  return row;
}

export async function selectUserCheckoutBySession(q: Queryable, providerSessionId: string, userId: string): Promise<CheckoutRow | undefined> {
  const [row] = await q.query<CheckoutRow>(sql`SELECT * FROM checkout_session WHERE provider_session_id = ${providerSessionId} AND user_id = ${userId}`);
  return row;
}

export async function adoptCheckoutSession(q: Queryable, provider: string, checkoutId: string, providerSessionId: string): Promise<CheckoutRow | undefined> {
  const [adopted] = await q.query<CheckoutRow>(sql`
    UPDATE checkout_session SET provider_session_id = ${providerSessionId}, updated_at = now()
    WHERE id = ${checkoutId} AND provider = ${provider} AND provider_session_id IS NULL RETURNING *`);
  return adopted;
}

export function selectOtherOpenCheckouts(q: Queryable, o: { userId: string; kind: CheckoutRow['kind']; provider: string; keepId: string | null }) {
  const older = o.keepId ? sql`AND id <> ${o.keepId} AND created_at <= (SELECT created_at FROM checkout_session WHERE id = ${o.keepId})` : sql``;
  return q.query<{ id: string; provider_session_id: string }>(sql`
    SELECT id, provider_session_id FROM checkout_session
    WHERE user_id = ${o.userId} AND kind = ${o.kind} AND status = 'open' AND provider = ${o.provider} AND provider_session_id IS NOT NULL ${older}`);
}

/** Marks an open checkout expired; true when it was still open. */
export async function expireOpenCheckout(q: Queryable, id: string): Promise<boolean> {
  const marked = await q.query(sql`UPDATE checkout_session SET status = 'expired', updated_at = now() WHERE id = ${id} AND status = 'open' RETURNING id`);
  return marked.length > 0;
}

export async function insertCheckout(
  q: Queryable,
  c: { provider: string; userId: string; kind: CheckoutRow['kind']; tier: CheckoutRow['tier']; tokens: number | null; amountCents: number },
): Promise<CheckoutRow> {
  const [row] = await q.query<CheckoutRow>(sql`
    INSERT INTO checkout_session (provider, user_id, kind, tier, tokens, amount_cents)
    VALUES (${c.provider}, ${c.userId}, ${c.kind}, ${c.tier}, ${c.tokens}, ${c.amountCents}) RETURNING *`);
  return row!;
}

/** The provider refused to open the session: the row never gets one. */
export async function failUnopenedCheckout(q: Queryable, id: string): Promise<void> {
  await q.query(sql`UPDATE checkout_session SET status = 'failed', updated_at = now() WHERE id = ${id} AND provider_session_id IS NULL`);
}

export async function storeCheckoutSessionId(q: Queryable, id: string, providerSessionId: string): Promise<CheckoutRow | undefined> {
  const [stored] = await q.query<CheckoutRow>(sql`
    UPDATE checkout_session SET provider_session_id = ${providerSessionId}, updated_at = now() WHERE id = ${id} RETURNING *`);
  return stored;
}

/** Claims the one verification of a fulfilled top-up; false when it was verified before. */
export async function claimVerification(q: Queryable, id: string): Promise<boolean> {
  const claimed = await q.query(sql`
    UPDATE checkout_session SET verified_at = now() WHERE id = ${id} AND verified_at IS NULL AND status = 'fulfilled' RETURNING id`);
  return claimed.length > 0;
}

export async function markCheckoutExpired(q: Queryable, id: string): Promise<void> {
  await q.query(sql`UPDATE checkout_session SET status = 'expired', updated_at = now() WHERE id = ${id} AND status IN ('open', 'processing')`);
}

export async function markCheckoutProcessing(q: Queryable, id: string): Promise<void> {
  await q.query(sql`UPDATE checkout_session SET status = 'processing', updated_at = now() WHERE id = ${id} AND status = 'open'`);
}

export async function markCheckoutRejected(q: Queryable, id: string): Promise<void> {
  await q.query(sql`UPDATE checkout_session SET status = 'rejected', updated_at = now() WHERE id = ${id} AND status IN ('open', 'processing')`);
}

export async function markSessionPaymentFailed(q: Queryable, providerSessionId: string): Promise<void> {
  await q.query(sql`
    UPDATE checkout_session SET status = 'failed', updated_at = now() WHERE provider_session_id = ${providerSessionId} AND status IN ('open', 'processing')`);
}

export async function lockCheckout(q: Queryable, id: string): Promise<CheckoutRow | undefined> {
  const [locked] = await q.query<CheckoutRow>(sql`SELECT * FROM checkout_session WHERE id = ${id} FOR UPDATE`);
  return locked;
}

export async function markCheckoutSuperseded(
  q: Queryable,
  id: string,
  s: { resolution: Record<string, unknown>; paymentIntentId: string | null; subscriptionId: string | null },
): Promise<CheckoutRow> {
  const [superseded] = await q.query<CheckoutRow>(sql`
    UPDATE checkout_session SET status = 'superseded', fulfilled_at = now(), updated_at = now(), resolution = ${JSON.stringify(s.resolution)}::jsonb,
      payment_intent_id = ${s.paymentIntentId}, subscription_id = ${s.subscriptionId}
    WHERE id = ${id} RETURNING *`);
  return superseded!;
}

export async function markCheckoutFulfilled(
  q: Queryable,
  id: string,
  f: { creditedMt: number; paymentIntentId: string | null; subscriptionId: string | null },
): Promise<CheckoutRow> {
  const [updated] = await q.query<CheckoutRow>(sql`
    UPDATE checkout_session SET status = 'fulfilled', fulfilled_at = now(), updated_at = now(), credited_mt = ${f.creditedMt},
      payment_intent_id = ${f.paymentIntentId}, subscription_id = ${f.subscriptionId}
    WHERE id = ${id} RETURNING *`);
  return updated!;
}

/** Adds a step to a superseded payment's resolution. */
export async function appendResolution(q: Queryable, id: string, step: Record<string, unknown>): Promise<void> {
  await q.query(sql`UPDATE checkout_session SET resolution = resolution || ${JSON.stringify(step)}::jsonb, updated_at = now() WHERE id = ${id}`);
}

export async function lockFulfilledTopupByPayment(q: Queryable, paymentIntentId: string): Promise<CheckoutRow | undefined> {
  const [row] = await q.query<CheckoutRow>(sql`
    SELECT * FROM checkout_session WHERE payment_intent_id = ${paymentIntentId} AND kind = 'topup' AND status = 'fulfilled' FOR UPDATE`);
  return row;
}

export async function setRefundedMt(q: Queryable, id: string, refundedMt: number): Promise<void> {
  await q.query(sql`UPDATE checkout_session SET refunded_mt = ${refundedMt}, updated_at = now() WHERE id = ${id}`);
}

export async function isSubscriptionSuperseded(q: Queryable, subscriptionId: string): Promise<boolean> {
  const [superseded] = await q.query(sql`SELECT 1 FROM checkout_session WHERE subscription_id = ${subscriptionId} AND status = 'superseded'`);
  return Boolean(superseded);
}

// --- data rights (the account feature) ---

/** The user's payment records for the account export: the provider customer, checkouts, subscriptions and granted periods. */
export async function readBillingForExport(q: Queryable, userId: string) {
  const rows = (statement: ReturnType<typeof sql>) => q.query<{ r: Record<string, unknown> }>(statement).then((rs) => rs.map((x) => x.r));
  return {
    customers: await rows(sql`SELECT row_to_json(t) AS r FROM (SELECT provider, customer_id, created_at FROM billing_customer WHERE user_id = ${userId}) t`),
    checkouts: await rows(sql`
      SELECT row_to_json(t) AS r FROM (
        SELECT id, provider, kind, tier, tokens, amount_cents, currency, status, credited_mt, refunded_mt, fulfilled_at, created_at, updated_at
        FROM checkout_session WHERE user_id = ${userId} ORDER BY created_at, id) t`),
    subscriptions: await rows(sql`
      SELECT row_to_json(t) AS r FROM (
        SELECT subscription_id, provider, tier, status, current_period_start, current_period_end, cancel_at_period_end, updated_at
        FROM billing_subscription WHERE user_id = ${userId} ORDER BY updated_at, subscription_id) t`),
    periods: await rows(sql`
      SELECT row_to_json(t) AS r FROM (
        SELECT subscription_id, period_start, period_end, tier, invoice_id, granted_at FROM billing_period WHERE user_id = ${userId} ORDER BY period_start) t`),
  };
}

/** The provider customers of a user (deleted at the provider before the account's rows go). */
export async function selectCustomersOfUser(q: Queryable, userId: string): Promise<Array<{ provider: string; customerId: string }>> {
  const rows = await q.query<{ provider: string; customer_id: string }>(sql`SELECT provider, customer_id FROM billing_customer WHERE user_id = ${userId}`);
  return rows.map((r) => ({ provider: r.provider, customerId: r.customer_id }));
}

/**
 * A deleted account's payment records are kept (bookkeeping) under its pseudonymous id, inside the caller's
 * transaction; the link to the provider's customer (which names the person) is removed.
 */
export async function movePaymentRecordsToPseudonym(q: Queryable, userId: string, pseudonymId: string): Promise<void> {
  await q.query(sql`UPDATE checkout_session SET user_id = ${pseudonymId} WHERE user_id = ${userId}`);
  await q.query(sql`UPDATE billing_subscription SET user_id = ${pseudonymId} WHERE user_id = ${userId}`);
  await q.query(sql`UPDATE billing_period SET user_id = ${pseudonymId} WHERE user_id = ${userId}`);
  await q.query(sql`DELETE FROM billing_customer WHERE user_id = ${userId}`);
}
