import { sql } from 'drizzle-orm';
import {
  checkTopupAllowed,
  findPlan,
  MAX_TOPUP_TOKENS,
  MIN_TOPUP_TOKENS,
  MT_PER_TOKEN,
  monthlyAllocationTokens,
  TOKEN_PRICE_CENTS,
  TOPUP_BALANCE_LIMIT_TOKENS,
  tierRank,
  type Tier,
  type TierId,
  tierPlans,
  tokenPackages,
  validateTopupTokens,
} from '../../../core/tokens/index.ts';
import type { Database, Queryable } from '../../adapters/db/index.ts';
import {
  type PaymentProvider,
  ProviderError,
  type ProviderCheckoutSession,
  type ProviderEvent,
  type ProviderSubscription,
  WebhookSignatureError,
} from '../../adapters/payments/index.ts';
import type { SessionUser } from '../../http/app-env.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { LedgerService } from '../tokens/index.ts';

const ACTOR = 'payments';
/** Provider subscription states in which the paid tier applies. */
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);
/** States in which the subscription is over: the user goes back to Free now. */
const ENDED_STATUSES = new Set(['canceled', 'unpaid', 'incomplete_expired']);

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

export type FulfillOutcome = 'fulfilled' | 'already_fulfilled' | 'superseded' | 'pending' | 'failed' | 'expired' | 'rejected' | 'unknown_session';

export interface BillingServiceDeps {
  db: Database;
  ledger: LedgerService;
  provider: PaymentProvider;
  logger: Logger;
  baseUrl: string;
  now: () => Date;
}

export interface PlanView {
  id: TierId;
  tier: Tier;
  name: string;
  price_cents: number;
  monthly_tokens: number;
  features: string[];
}

const planFeatures: Record<Tier, string[]> = {
  // Only what works today; what is being built says so (the analyses, the copilot and API keys do not exist yet).
  Free: [`${monthlyAllocationTokens.Free} tokens every month`, 'Prices, financial statements and ETF data', 'Analyses and AI copilot as they launch (coming)'],
  Basic: [`${monthlyAllocationTokens.Basic} tokens every month`, 'Everything in Free', 'Buy extra tokens when you run low', 'Email support'],
  Pro: [`${monthlyAllocationTokens.Pro} tokens every month`, 'Everything in Basic', 'Public API access with API keys (coming)', 'Priority support'],
};

export interface SubscriptionView {
  provider: 'sandbox' | 'stripe';
  status: string | null;
  tier: Tier;
  cancel_at_period_end: boolean;
  current_period_end: string | null;
  has_billing_account: boolean;
}

const isoOrNull = (v: unknown) => (v == null ? null : new Date(String(v)).toISOString());

/**
 * Payments: checkouts, the customer portal, top-ups and provider events. Every credit or tier change goes
 * through the token ledger; every path that can credit goes through `fulfill`, whose effects happen once
 * per checkout session however many webhooks and verify calls race for it.
 */
export function createBillingService(deps: BillingServiceDeps) {
  const { db, ledger, provider, logger, baseUrl } = deps;

  const tierForPrice = (priceId: string | null): Exclude<Tier, 'Free'> | null => {
    if (!priceId) return null;
    if (priceId === provider.priceIds.Basic) return 'Basic';
    if (priceId === provider.priceIds.Pro) return 'Pro';
    return null;
  };

  const wrapProvider = async <T>(fn: () => Promise<T>, what: string): Promise<T> => {
    try {
      return await fn();
    } catch (e) {
      if (e instanceof AppError) throw e;
      logger.error({ err: e, provider: provider.kind }, `payment provider: ${what} failed`);
      throw new AppError('UPSTREAM_ERROR', 'The payment provider did not answer. Please try again.', { cause: e });
    }
  };

  /** The user's provider customer, created on first need (a lost race leaves one unused customer at the provider). */
  async function ensureCustomer(user: SessionUser): Promise<string> {
    const [existing] = await db.query<{ customer_id: string }>(sql`SELECT customer_id FROM billing_customer WHERE user_id = ${user.id} AND provider = ${provider.kind}`);
    if (existing) return existing.customer_id;
    const created = await wrapProvider(() => provider.createCustomer({ email: user.email, userId: user.id }), 'customer creation');
    // A concurrent first checkout may have won (its customer is kept); a customer of the other provider
    // (the database moved from the sandbox to Stripe) is replaced.
    await db.query(sql`
      INSERT INTO billing_customer (user_id, provider, customer_id) VALUES (${user.id}, ${provider.kind}, ${created.id})
      ON CONFLICT (user_id) DO UPDATE SET provider = EXCLUDED.provider, customer_id = EXCLUDED.customer_id, created_at = now()
      WHERE billing_customer.provider <> EXCLUDED.provider`);
    const [row] = await db.query<{ customer_id: string }>(sql`SELECT customer_id FROM billing_customer WHERE user_id = ${user.id} AND provider = ${provider.kind}`);
    return row!.customer_id;
  }

  async function findUserByCustomer(q: Queryable, customerId: string | null): Promise<string | null> {
    if (!customerId) return null;
    const [row] = await q.query<{ user_id: string }>(sql`SELECT user_id FROM billing_customer WHERE customer_id = ${customerId}`);
    return row?.user_id ?? null;
  }

  async function findLiveSubscription(userId: string) {
    const [row] = await db.query<{ subscription_id: string; tier: Tier | null; status: string; cancel_at_period_end: boolean; current_period_end: string | null }>(sql`
      SELECT subscription_id, tier, status, cancel_at_period_end, current_period_end FROM billing_subscription
      WHERE user_id = ${userId} AND provider = ${provider.kind} AND status IN ('active', 'trialing', 'past_due')
      ORDER BY updated_at DESC LIMIT 1`);
    return row ?? null;
  }

  /**
   * Opens a checkout: the server's row first, then the provider's session (carrying the row's id as
   * metadata and idempotency key), then the session id on the row. A failed provider call marks the
   * row failed; a failed last write leaves a session whose payment `fulfill` still finds by `checkout_id`.
   * Either way nothing payable exists that would credit nothing.
   */
  async function openCheckout(
    r: { userId: string; kind: 'subscription' | 'topup'; tier?: string; tokens?: number; amountCents: number },
    create: (checkoutId: string) => Promise<ProviderCheckoutSession>,
  ): Promise<{ row: CheckoutRow; session: ProviderCheckoutSession }> {
    const [row] = await db.query<CheckoutRow>(sql`
      INSERT INTO checkout_session (provider, user_id, kind, tier, tokens, amount_cents)
      VALUES (${provider.kind}, ${r.userId}, ${r.kind}, ${r.tier ?? null}, ${r.tokens ?? null}, ${r.amountCents}) RETURNING *`);
    let session: ProviderCheckoutSession;
    try {
      session = await wrapProvider(() => create(row!.id), 'checkout creation');
    } catch (e) {
      await db.query(sql`UPDATE checkout_session SET status = 'failed', updated_at = now() WHERE id = ${row!.id} AND provider_session_id IS NULL`);
      throw e;
    }
    const [stored] = await db.query<CheckoutRow>(sql`
      UPDATE checkout_session SET provider_session_id = ${session.id}, updated_at = now() WHERE id = ${row!.id} RETURNING *`);
    if (!session.url) throw new AppError('UPSTREAM_ERROR', 'The payment provider returned no checkout page. Please try again.');
    return { row: stored ?? row!, session };
  }

  /**
   * Expires the user's other open checkouts of one kind at the provider and marks them expired (issue 10:
   * one live subscription, one open top-up). `olderThan` limits it to checkouts opened before that one, so
   * two checkouts opened at once never expire each other. A session paid meanwhile is left to `fulfill`.
   */
  async function expireOtherOpenCheckouts(userId: string, kind: 'subscription' | 'topup', keep: CheckoutRow | null, reason: string): Promise<number> {
    const older = keep ? sql`AND id <> ${keep.id} AND created_at <= (SELECT created_at FROM checkout_session WHERE id = ${keep.id})` : sql``;
    const open = await db.query<{ id: string; provider_session_id: string }>(sql`
      SELECT id, provider_session_id FROM checkout_session
      WHERE user_id = ${userId} AND kind = ${kind} AND status = 'open' AND provider = ${provider.kind} AND provider_session_id IS NOT NULL ${older}`);
    let expired = 0;
    for (const c of open) {
      let session: ProviderCheckoutSession | null;
      try {
        session = await provider.expireCheckoutSession(c.provider_session_id);
      } catch (e) {
        logger.warn({ err: e, session: c.provider_session_id, reason }, 'payments: could not expire a superseded checkout; its payment will be handled if it comes');
        continue;
      }
      if (session && session.status !== 'expired') continue;
      const marked = await db.query(sql`UPDATE checkout_session SET status = 'expired', updated_at = now() WHERE id = ${c.id} AND status = 'open' RETURNING id`);
      expired += marked.length;
    }
    if (open.length) logger.info({ user: userId, kind, expired, reason }, 'payments: expired superseded open checkouts');
    return expired;
  }

  /** The user's live subscription that came from an earlier fulfilled checkout, other than `exceptId`: the one a user keeps. */
  async function findKeptSubscription(q: Queryable, userId: string, exceptId: string | null) {
    const [row] = await q.query<{ subscription_id: string; tier: Exclude<Tier, 'Free'> | null; price_id: string | null }>(sql`
      SELECT s.subscription_id, s.tier, s.price_id FROM billing_subscription s
      WHERE s.user_id = ${userId} AND s.provider = ${provider.kind} AND s.status IN ('active', 'trialing', 'past_due')
        AND s.subscription_id <> ${exceptId ?? ''}
        AND EXISTS (SELECT 1 FROM checkout_session c WHERE c.subscription_id = s.subscription_id AND c.status = 'fulfilled')
      ORDER BY s.updated_at DESC LIMIT 1`);
    return row ?? null;
  }

  /**
   * A subscription payment that arrived while the user already had a live subscription: the user keeps
   * that one, moved to the plan this payment asked for (as the portal would, prorated), and the new
   * subscription is cancelled at once and its payment refunded in full. Each step is recorded on the
   * row's `resolution`, so a retried event completes what a failure interrupted and repeats nothing.
   */
  async function settleSupersededPayment(row: CheckoutRow): Promise<void> {
    const done = (typeof row.resolution === 'string' ? JSON.parse(row.resolution) : (row.resolution ?? {})) as Record<string, unknown>;
    const record = async (step: Record<string, unknown>) => {
      Object.assign(done, step);
      await db.query(sql`UPDATE checkout_session SET resolution = resolution || ${JSON.stringify(step)}::jsonb, updated_at = now() WHERE id = ${row.id}`);
    };
    const kept = String(done.kept_subscription);
    const askedPrice = row.tier ? provider.priceIds[row.tier] : null;
    if (!done.switched && askedPrice && done.kept_tier !== row.tier) {
      await provider.changeSubscriptionPrice({ subscriptionId: kept, priceId: askedPrice, idempotencyKey: `supersede-switch-${row.id}` });
      await record({ switched: { to: row.tier, at: deps.now().toISOString() } });
    }
    if (!done.canceled && row.subscription_id) {
      await provider.cancelSubscriptionNow(row.subscription_id, `supersede-cancel-${row.id}`);
      await record({ canceled: { subscription: row.subscription_id, at: deps.now().toISOString() } });
    }
    if (!done.refunded) {
      const refund = await provider.refundCheckoutPayment(row.provider_session_id!, `supersede-refund-${row.id}`);
      await record({ refunded: { refund: refund.refundId, amount_cents: refund.amountCents } });
    }
    logger.warn({ user: row.user_id, session: row.provider_session_id, resolution: done }, 'payments: a second subscription was paid; kept the live one on the plan asked, cancelled and refunded the new one');
  }

  /**
   * An ended subscription takes the user to Free now, unless another subscription of theirs is still
   * live: then the tier follows that one (a superseded subscription cancelled at once must not drop a user who pays).
   */
  async function applyEndedSubscription(q: Queryable, userId: string, sub: ProviderSubscription, common: Parameters<LedgerService['changeTier']>[2]) {
    const [other] = await q.query<{ subscription_id: string; tier: Tier | null; cancel_at_period_end: boolean; current_period_end: string | null }>(sql`
      SELECT subscription_id, tier, cancel_at_period_end, current_period_end FROM billing_subscription
      WHERE user_id = ${userId} AND provider = ${provider.kind} AND status IN ('active', 'trialing', 'past_due') AND subscription_id <> ${sub.id}
      ORDER BY updated_at DESC LIMIT 1`);
    if (!other?.tier) {
      await ledger.changeTier(userId, 'Free', { ...common, billingPeriodEnd: null, immediate: true });
      return;
    }
    logger.info({ user: userId, ended: sub.id, live: other.subscription_id }, 'payments: a subscription ended while another is live; the tier follows the live one');
    const periodEnd = other.current_period_end ? new Date(other.current_period_end) : null;
    await ledger.changeTier(userId, other.cancel_at_period_end ? 'Free' : other.tier, { ...common, billingPeriodEnd: periodEnd });
  }

  /** A user who is now Free may not top up: their open top-up checkouts are expired (issue 10). */
  async function expireTopupsIfFree(customerId: string) {
    const userId = await findUserByCustomer(db, customerId);
    if (!userId || (await ledger.getAccount(userId)).tier !== 'Free') return;
    await expireOtherOpenCheckouts(userId, 'topup', null, 'downgraded to Free');
  }

  type KnownSubscription = { tier: string; status: string; cancel_at_period_end: boolean; current_period_end: string | null; scheduled_price_id: string | null };

  /**
   * The tier the ledger should move to for a live subscription, and whether the provider already bills it.
   * A lower price within the same billing period means the provider switched now (Stripe's portal does, and
   * credits the unused time): the ledger downgrades now and takes back the unspent upgrade grant. A lower
   * price arriving with a new period (a schedule taking over), a scheduled price (the sandbox portal) or a
   * cancel at period end wait for the period end.
   */
  function decideLiveTier(before: KnownSubscription | undefined, sub: ProviderSubscription, tier: Exclude<Tier, 'Free'>): { to: Tier; downgradeNow: boolean } {
    if (sub.cancelAtPeriodEnd) return { to: 'Free', downgradeNow: false };
    const scheduled = tierForPrice(sub.scheduledPriceId);
    if (scheduled && tierRank[scheduled] < tierRank[tier]) return { to: scheduled, downgradeNow: false };
    const samePeriod = before !== undefined && isoOrNull(before.current_period_end) === (sub.currentPeriodEnd?.toISOString() ?? null);
    const lower = before !== undefined && tierRank[tier] < tierRank[before.tier as Tier];
    return { to: tier, downgradeNow: samePeriod && lower };
  }

  /**
   * Brings the user's tier in line with the provider's subscription: paid tier while it is live (a
   * downgrade the provider applied at once reaches the ledger at once), Free at the period end when it is
   * set to cancel, Free now once it has ended. Unknown prices change nothing.
   */
  async function syncSubscription(q: Queryable, sub: ProviderSubscription, idempotencyKey: string): Promise<void> {
    const userId = await findUserByCustomer(q, sub.customerId);
    if (!userId) {
      logger.warn({ subscription: sub.id, customer: sub.customerId }, 'payments: subscription for a customer the server does not know; ignored');
      return;
    }
    const tier = tierForPrice(sub.priceId);
    if (!tier) {
      logger.error({ subscription: sub.id, price: sub.priceId }, 'payments: subscription with a price the server does not know; no tier change');
      return;
    }
    const [before] = await q.query<KnownSubscription>(sql`
      SELECT tier, status, cancel_at_period_end, current_period_end, scheduled_price_id FROM billing_subscription WHERE subscription_id = ${sub.id} FOR UPDATE`);
    const unchanged =
      before &&
      before.tier === tier &&
      before.status === sub.status &&
      before.cancel_at_period_end === sub.cancelAtPeriodEnd &&
      before.scheduled_price_id === sub.scheduledPriceId &&
      isoOrNull(before.current_period_end) === (sub.currentPeriodEnd?.toISOString() ?? null);
    await q.query(sql`
      INSERT INTO billing_subscription (subscription_id, provider, user_id, customer_id, price_id, tier, status, current_period_start, current_period_end, cancel_at_period_end, scheduled_price_id, updated_at)
      VALUES (${sub.id}, ${provider.kind}, ${userId}, ${sub.customerId}, ${sub.priceId}, ${tier}, ${sub.status},
        ${sub.currentPeriodStart?.toISOString() ?? null}, ${sub.currentPeriodEnd?.toISOString() ?? null}, ${sub.cancelAtPeriodEnd}, ${sub.scheduledPriceId}, ${deps.now().toISOString()})
      ON CONFLICT (subscription_id) DO UPDATE SET price_id = EXCLUDED.price_id, tier = EXCLUDED.tier, status = EXCLUDED.status,
        current_period_start = EXCLUDED.current_period_start, current_period_end = EXCLUDED.current_period_end,
        cancel_at_period_end = EXCLUDED.cancel_at_period_end, scheduled_price_id = EXCLUDED.scheduled_price_id, updated_at = EXCLUDED.updated_at`);
    // A repeated or reordered event with nothing new (checkout, then subscription.created) changes nothing.
    if (unchanged) return;
    const common = { actor: ACTOR, idempotencyKey, billingPeriodEnd: sub.currentPeriodEnd, tx: q, meta: { subscription: sub.id, status: sub.status } };
    if (ENDED_STATUSES.has(sub.status)) {
      await applyEndedSubscription(q, userId, sub, common);
    } else if (LIVE_STATUSES.has(sub.status)) {
      const { to, downgradeNow } = decideLiveTier(before, sub, tier);
      await ledger.changeTier(userId, to, { ...common, downgradeNow });
    }
  }

  /**
   * THE fulfilment step, shared by webhooks and verify calls. Effects happen once per checkout session:
   * the row is locked and its status checked inside the transaction that credits, and the ledger credit
   * is itself idempotent on the session id. The buyer, the tokens and the price come from the server's
   * row; the provider's session must agree with them (amount, currency, mode) or nothing is credited.
   */
  async function fulfill(session: ProviderCheckoutSession, source: string): Promise<{ outcome: FulfillOutcome; row: CheckoutRow | null }> {
    const row = await findCheckoutRow(session);
    if (!row) {
      logger.warn({ session: session.id, source }, 'payments: checkout session unknown to the server; nothing credited');
      return { outcome: 'unknown_session', row: null };
    }
    if (row.status === 'fulfilled') return { outcome: 'already_fulfilled', row };
    if (row.status === 'rejected') return { outcome: 'rejected', row };
    if (row.status === 'superseded') {
      await settleSupersededPayment(row);
      return { outcome: 'superseded', row };
    }
    if (session.status === 'expired') {
      await db.query(sql`UPDATE checkout_session SET status = 'expired', updated_at = now() WHERE id = ${row.id} AND status IN ('open', 'processing')`);
      return { outcome: 'expired', row };
    }
    if (session.status !== 'complete') return { outcome: 'pending', row };
    const paid = session.paymentStatus === 'paid' || (row.kind === 'subscription' && session.paymentStatus === 'no_payment_required');
    if (!paid) {
      await db.query(sql`UPDATE checkout_session SET status = 'processing', updated_at = now() WHERE id = ${row.id} AND status = 'open'`);
      return { outcome: 'pending', row };
    }

    const problems: string[] = [];
    if ((session.mode === 'payment') !== (row.kind === 'topup')) problems.push(`mode ${session.mode} for a ${row.kind}`);
    if (row.kind === 'topup' && session.amountTotalCents !== row.amount_cents) problems.push(`amount ${session.amountTotalCents} ≠ ${row.amount_cents}`);
    if (session.currency && session.currency.toLowerCase() !== row.currency) problems.push(`currency ${session.currency}`);
    if (session.clientReferenceId && session.clientReferenceId !== row.user_id) problems.push('client_reference_id is another user');
    if (problems.length) {
      logger.error({ session: session.id, problems, source }, 'payments: paid session does not match the price the server set; nothing credited');
      await db.query(sql`UPDATE checkout_session SET status = 'rejected', updated_at = now() WHERE id = ${row.id} AND status IN ('open', 'processing')`);
      return { outcome: 'rejected', row };
    }

    // Network calls stay outside the transaction.
    const subscription = row.kind === 'subscription' && session.subscriptionId ? await provider.retrieveSubscription(session.subscriptionId) : null;
    const ruleBroken = row.kind === 'topup' ? await findBrokenTopupRule(row.user_id) : null;

    const result = await db.transaction(async (tx) => {
      const [locked] = await tx.query<CheckoutRow>(sql`SELECT * FROM checkout_session WHERE id = ${row.id} FOR UPDATE`);
      if (!locked || locked.status === 'fulfilled' || locked.status === 'superseded') {
        return { outcome: locked?.status === 'superseded' ? ('superseded' as const) : ('already_fulfilled' as const), row: locked ?? row };
      }
      let creditedMt = 0;
      if (row.kind === 'topup') {
        // The money is taken: credit it, and let support see when the top-up rule no longer held.
        creditedMt = row.tokens! * MT_PER_TOKEN;
        const meta = { session: row.provider_session_id, tokens: row.tokens, amount_cents: row.amount_cents, source, ...ruleBroken };
        await ledger.creditPurchase(row.user_id, creditedMt, `checkout:${row.provider_session_id}`, ACTOR, meta, { tx });
        if (ruleBroken) logger.warn({ user: row.user_id, session: row.provider_session_id, ...ruleBroken }, 'payments: top-up paid after the top-up rule stopped holding; credited');
      } else if (subscription) {
        // One subscription fulfilment per user at a time, so two paid at once cannot each supersede the other.
        await tx.query(sql`SELECT 1 FROM billing_customer WHERE user_id = ${row.user_id} FOR UPDATE`);
        const kept = await findKeptSubscription(tx, row.user_id, subscription.id);
        if (kept) {
          const resolution = { kept_subscription: kept.subscription_id, kept_tier: kept.tier, asked_tier: row.tier, superseded_subscription: subscription.id };
          const [superseded] = await tx.query<CheckoutRow>(sql`
            UPDATE checkout_session SET status = 'superseded', fulfilled_at = now(), updated_at = now(), resolution = ${JSON.stringify(resolution)}::jsonb,
              payment_intent_id = ${session.paymentIntentId}, subscription_id = ${session.subscriptionId}
            WHERE id = ${row.id} RETURNING *`);
          return { outcome: 'superseded' as const, row: superseded! };
        }
        await syncSubscription(tx, subscription, `checkout:${row.provider_session_id}`);
      }
      const [updated] = await tx.query<CheckoutRow>(sql`
        UPDATE checkout_session SET status = 'fulfilled', fulfilled_at = now(), updated_at = now(), credited_mt = ${creditedMt},
          payment_intent_id = ${session.paymentIntentId}, subscription_id = ${session.subscriptionId}
        WHERE id = ${row.id} RETURNING *`);
      logger.info({ session: row.provider_session_id, kind: row.kind, tokens: row.tokens, tier: row.tier, source }, 'payments: checkout fulfilled');
      return { outcome: 'fulfilled' as const, row: updated! };
    });
    if (result.outcome === 'superseded') await settleSupersededPayment(result.row);
    if (result.outcome === 'fulfilled' && row.kind === 'subscription') await expireOtherOpenCheckouts(row.user_id, 'subscription', null, 'a subscription checkout was paid');
    return result;
  }

  /**
   * The server's row for a provider session. A row whose session id was never stored (the write after
   * the provider call failed) is found by the `checkout_id` the server put in the session's metadata,
   * and adopted; the buyer still comes from the row.
   */
  async function findCheckoutRow(session: ProviderCheckoutSession): Promise<CheckoutRow | null> {
    const [row] = await db.query<CheckoutRow>(sql`SELECT * FROM checkout_session WHERE provider_session_id = ${session.id}`);
    if (row) return row;
    const checkoutId = session.metadata.checkout_id;
    if (!checkoutId || !/^[0-9a-f-]{36}$/i.test(checkoutId)) return null;
    const [adopted] = await db.query<CheckoutRow>(sql`
      UPDATE checkout_session SET provider_session_id = ${session.id}, updated_at = now()
      WHERE id = ${checkoutId} AND provider = ${provider.kind} AND provider_session_id IS NULL RETURNING *`);
    if (adopted) logger.warn({ session: session.id, checkout: checkoutId }, 'payments: adopted a provider session whose id was never stored on its checkout');
    return adopted ?? null;
  }

  /** Why the top-up rule (Basic or Pro, balance below 5 tokens) no longer holds at fulfilment, or null. */
  async function findBrokenTopupRule(userId: string) {
    const account = await ledger.getAccount(userId);
    const rule = checkTopupAllowed(account.tier, account.availableMt);
    if (rule.ok) return null;
    return {
      rule_broken: rule.reason === 'free_tier' ? ('not_subscribed' as const) : ('balance_not_below_5' as const),
      tier_at_fulfilment: account.tier,
      balance_mt_at_fulfilment: account.availableMt,
    };
  }

  async function markFailed(session: ProviderCheckoutSession) {
    await db.query(sql`UPDATE checkout_session SET status = 'failed', updated_at = now() WHERE provider_session_id = ${session.id} AND status IN ('open', 'processing')`);
  }

  /**
   * A paid invoice opens a billing period: recorded once per (subscription, period start) — the primary
   * key of billing_period is the guard — then the tier and `actual_billing_period_end` follow the provider.
   */
  async function recordPaidPeriod(event: Extract<ProviderEvent, { type: 'invoice.paid' }>) {
    const inv = event.invoice;
    if (!inv.subscriptionId || !inv.periodStart || !inv.periodEnd) return;
    // A proration invoice pays for a plan switch its subscription event already brought; its first line may
    // even credit the old plan's price. It opens no period and says nothing about the tier.
    if (inv.billingReason === 'subscription_update') return;
    const userId = await findUserByCustomer(db, inv.customerId);
    if (!userId) {
      logger.warn({ invoice: inv.id, customer: inv.customerId }, 'payments: invoice for a customer the server does not know; ignored');
      return;
    }
    const tier = tierForPrice(inv.priceId);
    if (!tier) {
      logger.error({ invoice: inv.id, price: inv.priceId }, 'payments: invoice with a price the server does not know; no allocation');
      return;
    }
    // A superseded subscription is cancelled and refunded: its invoice pays for no period of ours.
    const [superseded] = await db.query(sql`SELECT 1 FROM checkout_session WHERE subscription_id = ${inv.subscriptionId} AND status = 'superseded'`);
    if (superseded) {
      logger.info({ invoice: inv.id, subscription: inv.subscriptionId }, 'payments: invoice of a superseded subscription; no period opened');
      return;
    }
    await db.transaction(async (tx) => {
      const inserted = await tx.query(sql`
        INSERT INTO billing_period (subscription_id, period_start, period_end, user_id, tier, invoice_id)
        VALUES (${inv.subscriptionId}, ${inv.periodStart!.toISOString()}, ${inv.periodEnd!.toISOString()}, ${userId}, ${tier}, ${inv.id})
        ON CONFLICT (subscription_id, period_start) DO NOTHING RETURNING invoice_id`);
      if (inserted.length === 0) return false;
      await startPaidPeriod(tx, userId, tier, inv, event.id);
      // The ledger withholds a renewed period's allocation until it is paid; this may release it (once).
      await ledger.markPeriodPaid(userId, { paidThrough: inv.periodEnd!, actor: ACTOR, tx, meta: { invoice: inv.id, event: event.id } });
      return true;
    });
    // Outside the transaction: the reset opens its own (and is once per user and period by itself).
    await ledger.runMonthlyResets({ userId });
  }

  /**
   * A newly paid period. The ledger owns period allocations: its reset (anchored when the user went from
   * Free to paid, i.e. at checkout) sets the allocation once per period. Here the reset is run for this
   * user if it is due, so the tokens arrive with the invoice rather than on the next timer tick, and the
   * tier and `actual_billing_period_end` follow the provider. Never a second allocation for one period.
   */
  async function startPaidPeriod(tx: Queryable, userId: string, tier: Exclude<Tier, 'Free'>, inv: Extract<ProviderEvent, { type: 'invoice.paid' }>['invoice'], eventId: string) {
    const [known] = await tx.query<{ tier: string; current_period_end: string | null }>(sql`
      SELECT tier, current_period_end FROM billing_subscription WHERE subscription_id = ${inv.subscriptionId}`);
    // The subscription's own event already brought the tier and period end: nothing to tell the ledger.
    if (known && known.tier === tier && isoOrNull(known.current_period_end) === inv.periodEnd!.toISOString()) return;
    await ledger.changeTier(userId, tier, {
      actor: ACTOR,
      idempotencyKey: `invoice:${inv.id}`,
      billingPeriodEnd: inv.periodEnd,
      tx,
      meta: { invoice: inv.id, event: eventId, billing_reason: inv.billingReason },
    });
  }

  /**
   * A renewal the provider could not charge. Nothing to write: the subscription turns past_due through its own
   * event, and the ledger's reset withholds the new period's allocation until `invoice.paid`.
   */
  function logPaymentFailure(event: Extract<ProviderEvent, { type: 'invoice.payment_failed' }>) {
    const inv = event.invoice;
    logger.warn({ invoice: inv.id, subscription: inv.subscriptionId, customer: inv.customerId, billingReason: inv.billingReason }, 'payments: invoice payment failed; the period allocation waits for payment');
  }

  async function reverseRefund(event: Extract<ProviderEvent, { type: 'charge.refunded' }>) {
    const { charge } = event;
    if (!charge.paymentIntentId || charge.amountCents <= 0) return;
    await db.transaction(async (tx) => {
      const [row] = await tx.query<CheckoutRow>(sql`
        SELECT * FROM checkout_session WHERE payment_intent_id = ${charge.paymentIntentId} AND kind = 'topup' AND status = 'fulfilled' FOR UPDATE`);
      if (!row) {
        logger.info({ charge: charge.id }, 'payments: refund of a charge that is not a token purchase; nothing to reverse');
        return;
      }
      const targetMt = Math.floor((row.credited_mt * Math.min(charge.amountRefundedCents, charge.amountCents)) / charge.amountCents);
      const deltaMt = targetMt - row.refunded_mt;
      if (deltaMt <= 0) return;
      const result = await ledger.reversePurchase(row.user_id, `checkout:${row.provider_session_id}`, {
        idempotencyKey: `refund:${charge.id}:${charge.amountRefundedCents}`,
        actor: ACTOR,
        amountMt: deltaMt,
        tx,
        meta: { charge: charge.id, refunded_cents: charge.amountRefundedCents },
      });
      if (result.unspentShortfallMt > 0) {
        logger.warn({ charge: charge.id, shortfallMt: result.unspentShortfallMt }, 'payments: refund larger than the unspent tokens; only the unspent part was reversed');
      }
      await tx.query(sql`UPDATE checkout_session SET refunded_mt = ${targetMt}, updated_at = now() WHERE id = ${row.id}`);
    });
  }

  async function dispatch(event: ProviderEvent) {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.expired': {
        // The event's copy can be stale (async payments): ask the provider for the current state.
        const fresh = (await provider.retrieveCheckoutSession(event.session.id)) ?? event.session;
        await fulfill(fresh, `event:${event.type}`);
        return;
      }
      case 'checkout.session.async_payment_failed':
        await markFailed(event.session);
        return;
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        // Events can arrive out of order: act on the provider's current state, not on the event's copy.
        const fresh = (await provider.retrieveSubscription(event.subscription.id)) ?? event.subscription;
        await db.transaction((tx) => syncSubscription(tx, fresh, `event:${event.id}`));
        await expireTopupsIfFree(fresh.customerId);
        return;
      }
      case 'invoice.paid':
        await recordPaidPeriod(event);
        return;
      case 'invoice.payment_failed':
        logPaymentFailure(event);
        return;
      case 'charge.refunded':
        await reverseRefund(event);
        return;
      case 'ignored':
        return;
    }
  }

  /**
   * Handles one provider event at most once to completion: the event id is recorded (unique), and a
   * replay of a processed event does nothing. Concurrent deliveries of one event may both run the
   * handlers, which are idempotent on their own (fulfil, ledger keys, billing_period).
   */
  async function handleEvent(event: ProviderEvent): Promise<'processed' | 'duplicate'> {
    const inserted = await db.query(sql`
      INSERT INTO billing_event (event_id, provider, type) VALUES (${event.id}, ${provider.kind}, ${event.type === 'ignored' ? event.originalType : event.type})
      ON CONFLICT (event_id) DO NOTHING RETURNING event_id`);
    if (inserted.length === 0) {
      const [seen] = await db.query<{ processed_at: string | null }>(sql`SELECT processed_at FROM billing_event WHERE event_id = ${event.id}`);
      if (seen?.processed_at) return 'duplicate';
    }
    await dispatch(event);
    await db.query(sql`UPDATE billing_event SET processed_at = now() WHERE event_id = ${event.id} AND processed_at IS NULL`);
    return 'processed';
  }

  return {
    provider,
    fulfill,
    handleEvent,
    tierForPrice,

    listPlans(): { plans: PlanView[]; provider: { kind: 'sandbox' | 'stripe'; name: string } } {
      const all = tierPlans.map((p) => ({
        id: p.id,
        tier: p.tier,
        name: p.name,
        price_cents: p.priceCents,
        monthly_tokens: p.monthlyTokens,
        features: planFeatures[p.tier],
      }));
      return { plans: all, provider: { kind: provider.kind, name: provider.displayName } };
    },

    listTokenPackages() {
      return {
        packages: tokenPackages.map((p) => ({ id: p.id, name: p.name, tokens: p.tokens, price_cents: p.priceCents, popular: p.popular, analyses: p.analyses })),
        token_price_cents: TOKEN_PRICE_CENTS,
        min_tokens: MIN_TOPUP_TOKENS,
        max_tokens: MAX_TOPUP_TOKENS,
      };
    },

    async getSubscription(user: SessionUser): Promise<SubscriptionView> {
      const [row] = await db.query<{ status: string; tier: Tier | null; cancel_at_period_end: boolean; current_period_end: string | null }>(sql`
        SELECT status, tier, cancel_at_period_end, current_period_end FROM billing_subscription
        WHERE user_id = ${user.id} AND provider = ${provider.kind}
        ORDER BY status IN ('active', 'trialing', 'past_due') DESC, updated_at DESC LIMIT 1`);
      const [customer] = await db.query(sql`SELECT 1 FROM billing_customer WHERE user_id = ${user.id} AND provider = ${provider.kind}`);
      const live = row && LIVE_STATUSES.has(row.status);
      return {
        provider: provider.kind,
        status: row?.status ?? null,
        tier: live && row.tier ? row.tier : 'Free',
        cancel_at_period_end: Boolean(live && row.cancel_at_period_end),
        current_period_end: live ? isoOrNull(row.current_period_end) : null,
        has_billing_account: Boolean(customer),
      };
    },

    /** Subscription checkout; a user who already subscribes is sent to the portal to switch plans instead. */
    async createCheckout(user: SessionUser, planId: string): Promise<{ url: string; portal?: true }> {
      const plan = findPlan(planId);
      if (!plan) throw new AppError('INVALID_PLAN', `Unknown plan "${planId}". Choose basic or pro.`, { field: 'plan' });
      if (provider.configurationProblem) throw new AppError('NOT_CONFIGURED', provider.configurationProblem);
      const priceId = provider.priceIds[plan.tier];
      if (!priceId) throw new AppError('NOT_CONFIGURED', `No price is configured for the ${plan.name} plan.`);
      if (await findLiveSubscription(user.id)) return { ...(await this.customerPortal(user)), portal: true };
      const customerId = await ensureCustomer(user);
      const { row, session } = await openCheckout({ userId: user.id, kind: 'subscription', tier: plan.tier, amountCents: plan.priceCents }, (checkoutId) =>
        provider.createSubscriptionCheckout({
          customerId,
          userId: user.id,
          priceId,
          successUrl: `${baseUrl}/dashboard?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${baseUrl}/pricing?checkout=canceled`,
          metadata: { user_id: user.id, kind: 'subscription', plan: plan.id, checkout_id: checkoutId },
          idempotencyKey: `checkout-${checkoutId}`,
        }),
      );
      await expireOtherOpenCheckouts(user.id, 'subscription', row, 'a newer subscription checkout was opened');
      return { url: session.url! };
    },

    async customerPortal(user: SessionUser): Promise<{ url: string }> {
      const customerId = await ensureCustomer(user);
      return wrapProvider(() => provider.createPortalSession({ customerId, returnUrl: `${baseUrl}/dashboard` }), 'portal session creation');
    },

    async createTokenTopup(user: SessionUser, tokens: unknown): Promise<{ url: string; session_id: string }> {
      const valid = validateTopupTokens(tokens);
      if (!valid.ok) throw new AppError('INVALID_AMOUNT', valid.message, { field: 'tokensToPurchase' });
      const account = await ledger.getAccount(user.id);
      const allowed = checkTopupAllowed(account.tier, account.availableMt);
      if (!allowed.ok) {
        throw allowed.reason === 'free_tier'
          ? new AppError('TIER_REQUIRED', 'Token purchases are available for Basic and Pro subscribers only.')
          : new AppError('TOPUP_NOT_ALLOWED', `You still have enough tokens remaining. Top-ups are available when your balance is below ${TOPUP_BALANCE_LIMIT_TOKENS} tokens.`);
      }
      const customerId = await ensureCustomer(user);
      const { row, session } = await openCheckout({ userId: user.id, kind: 'topup', tokens: valid.tokens, amountCents: valid.priceCents }, (checkoutId) =>
        provider.createPaymentCheckout({
          customerId,
          userId: user.id,
          productName: 'Stockpilot analysis tokens',
          quantity: valid.tokens,
          unitAmountCents: TOKEN_PRICE_CENTS,
          currency: 'usd',
          successUrl: `${baseUrl}/token-topup?success=true&session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${baseUrl}/token-topup?canceled=true`,
          metadata: { user_id: user.id, kind: 'topup', tokens: String(valid.tokens), checkout_id: checkoutId },
          idempotencyKey: `topup-${checkoutId}`,
        }),
      );
      // One open top-up per user: a new one replaces the older ones (issue 10).
      await expireOtherOpenCheckouts(user.id, 'topup', row, 'a newer top-up checkout was opened');
      return { url: session.url!, session_id: session.id };
    },

    /**
     * Confirms a top-up on the buyer's return. The session must be the signed-in user's own (else 404);
     * each session can be verified once (a second verify is SESSION_ALREADY_USED), and the credit itself
     * happens once whether the webhook or this call gets there first.
     */
    async verifyTokenPurchase(user: SessionUser, sessionId: string): Promise<{ success: boolean; tokens_added: number }> {
      const [row] = await db.query<CheckoutRow>(sql`SELECT * FROM checkout_session WHERE provider_session_id = ${sessionId} AND user_id = ${user.id}`);
      if (!row) throw new AppError('SESSION_NOT_FOUND', 'No token purchase with this session id.', { field: 'session_id' });
      if (row.kind !== 'topup') throw new AppError('NOT_A_TOKEN_PURCHASE', 'This session is a subscription checkout, not a token purchase.', { field: 'session_id' });
      if (row.verified_at) throw new AppError('SESSION_ALREADY_USED', 'This token purchase has already been verified.', { field: 'session_id' });
      if (!row.provider_session_id) throw new AppError('SESSION_NOT_FOUND', 'No token purchase with this session id.', { field: 'session_id' });
      const providerSessionId = row.provider_session_id;
      const session = await wrapProvider(() => provider.retrieveCheckoutSession(providerSessionId), 'session retrieval');
      if (!session) throw new AppError('SESSION_NOT_FOUND', 'No token purchase with this session id.', { field: 'session_id' });
      const { outcome } = await fulfill(session, 'verify');
      if (outcome !== 'fulfilled' && outcome !== 'already_fulfilled') return { success: false, tokens_added: 0 };
      const claimed = await db.query(sql`
        UPDATE checkout_session SET verified_at = now() WHERE id = ${row.id} AND verified_at IS NULL AND status = 'fulfilled' RETURNING id`);
      if (claimed.length === 0) throw new AppError('SESSION_ALREADY_USED', 'This token purchase has already been verified.', { field: 'session_id' });
      return { success: true, tokens_added: row.tokens! };
    },

    /** Verifies the signature on the raw body, then handles the event. */
    async handleWebhook(rawBody: string, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
      if (provider.kind !== 'stripe') throw new AppError('NOT_CONFIGURED', 'Stripe is not configured: the sandbox delivers its events in-process.');
      let event: ProviderEvent;
      try {
        event = provider.parseWebhook(rawBody, signature);
      } catch (e) {
        if (e instanceof WebhookSignatureError) {
          logger.warn({ reason: e.message }, 'payments: webhook refused');
          throw new AppError('INVALID_SIGNATURE', 'Webhook signature verification failed.');
        }
        throw e;
      }
      try {
        const result = await handleEvent(event);
        return { received: true, duplicate: result === 'duplicate' };
      } catch (e) {
        if (e instanceof ProviderError) throw new AppError('UPSTREAM_ERROR', 'The payment provider did not answer. Please retry.', { cause: e });
        throw e;
      }
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
