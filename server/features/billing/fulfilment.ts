import { checkTopupAllowed, MT_PER_TOKEN, type Tier, tierRank } from '../../../core/tokens/index.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import type { ProviderCheckoutSession, ProviderSubscription } from '../../adapters/payments/index.ts';
import type { LedgerService } from '../tokens/index.ts';
import { ACTOR, type BillingContext, ENDED_STATUSES, findTierForPrice, isoOrNull, LIVE_STATUSES } from './billing-context.ts';
import { findBilledUser } from './billing-customer.ts';
import { findLiveSubscription } from './billing-subscription.ts';
import {
  appendResolution,
  type KnownSubscription,
  lockCheckout,
  lockCustomer,
  markCheckoutExpired,
  markCheckoutFulfilled,
  markCheckoutProcessing,
  markCheckoutRejected,
  markCheckoutSuperseded,
  selectSubscriptionForUpdate,
  upsertSubscription,
} from './billing-store.ts';
import { type CheckoutRow, expireOtherOpenCheckouts, findCheckoutRow } from './checkout-rows.ts';

type FulfillOutcome = 'fulfilled' | 'already_fulfilled' | 'superseded' | 'pending' | 'failed' | 'expired' | 'rejected' | 'unknown_session';

/**
 * THE fulfilment step, shared by webhooks and verify calls. Effects happen once per checkout session:
 * the row is locked and its status checked inside the transaction that credits, and the ledger credit
 * is itself idempotent on the session id. The buyer, the tokens and the price come from the server's
 * row; the provider's session must agree with them (amount, currency, mode) or nothing is credited.
 */
export async function fulfill(
  b: BillingContext,
  session: ProviderCheckoutSession,
  source: string,
): Promise<{ outcome: FulfillOutcome; row: CheckoutRow | null }> {
  const { db, logger } = b;
  const row = await findCheckoutRow(b, session);
  if (!row) {
    logger.warn({ session: session.id, source }, 'payments: checkout session unknown to the server; nothing credited');
    return { outcome: 'unknown_session', row: null };
  }
  if (row.status === 'fulfilled') return { outcome: 'already_fulfilled', row };
  if (row.status === 'rejected') return { outcome: 'rejected', row };
  if (row.status === 'superseded') {
    await settleSupersededPayment(b, row);
    return { outcome: 'superseded', row };
  }
  if (session.status === 'expired') {
    await markCheckoutExpired(db, row.id);
    return { outcome: 'expired', row };
  }
  if (session.status !== 'complete') return { outcome: 'pending', row };
  const paid = session.paymentStatus === 'paid' || (row.kind === 'subscription' && session.paymentStatus === 'no_payment_required');
  if (!paid) {
    await markCheckoutProcessing(db, row.id);
    return { outcome: 'pending', row };
  }

  const problems = findSessionMismatches(session, row);
  if (problems.length) {
    logger.error({ session: session.id, problems, source }, 'payments: paid session does not match the price the server set; nothing credited');
    await markCheckoutRejected(db, row.id);
    return { outcome: 'rejected', row };
  }

  // Network calls stay outside the transaction.
  const subscription = row.kind === 'subscription' && session.subscriptionId ? await b.provider.retrieveSubscription(session.subscriptionId) : null;
  const ruleBroken = row.kind === 'topup' ? await findBrokenTopupRule(b, row.user_id) : null;

  const result = await db.transaction(async (tx) => {
    const locked = await lockCheckout(tx, row.id);
    if (!locked || locked.status === 'fulfilled' || locked.status === 'superseded') {
      return { outcome: locked?.status === 'superseded' ? ('superseded' as const) : ('already_fulfilled' as const), row: locked ?? row };
    }
    let creditedMt = 0;
    if (row.kind === 'topup') {
      // The money is taken: credit it, and let support see when the top-up rule no longer held.
      creditedMt = row.tokens! * MT_PER_TOKEN;
      const meta = { session: row.provider_session_id, tokens: row.tokens, amount_cents: row.amount_cents, source, ...ruleBroken };
      await b.ledger.creditPurchase(row.user_id, { amountMt: creditedMt, idempotencyKey: `checkout:${row.provider_session_id}`, actor: ACTOR, meta, tx });
      if (ruleBroken)
        logger.warn(
          { user: row.user_id, session: row.provider_session_id, ...ruleBroken },
          'payments: top-up paid after the top-up rule stopped holding; credited',
        );
    } else if (subscription) {
      // One subscription fulfilment per user at a time, so two paid at once cannot each supersede the other.
      await lockCustomer(tx, row.user_id);
      const kept = await findLiveSubscription(b, tx, row.user_id, { exceptId: subscription.id, fromFulfilledCheckout: true });
      if (kept) {
        const resolution = { kept_subscription: kept.subscription_id, kept_tier: kept.tier, asked_tier: row.tier, superseded_subscription: subscription.id };
        const superseded = await markCheckoutSuperseded(tx, row.id, {
          resolution,
          paymentIntentId: session.paymentIntentId,
          subscriptionId: session.subscriptionId,
        });
        return { outcome: 'superseded' as const, row: superseded };
      }
      await syncSubscription(b, tx, subscription, `checkout:${row.provider_session_id}`);
    }
    const updated = await markCheckoutFulfilled(tx, row.id, {
      creditedMt,
      paymentIntentId: session.paymentIntentId,
      subscriptionId: session.subscriptionId,
    });
    logger.info({ session: row.provider_session_id, kind: row.kind, tokens: row.tokens, tier: row.tier, source }, 'payments: checkout fulfilled');
    return { outcome: 'fulfilled' as const, row: updated };
  });
  if (result.outcome === 'superseded') await settleSupersededPayment(b, result.row);
  if (result.outcome === 'fulfilled' && row.kind === 'subscription') {
    await expireOtherOpenCheckouts(b, { userId: row.user_id, kind: 'subscription', keep: null, reason: 'a subscription checkout was paid' });
  }
  return result;
}

/** Where a paid session disagrees with the server's row (mode, amount, currency, buyer); empty when it agrees. */
function findSessionMismatches(session: ProviderCheckoutSession, row: CheckoutRow): string[] {
  const problems: string[] = [];
  if ((session.mode === 'payment') !== (row.kind === 'topup')) problems.push(`mode ${session.mode} for a ${row.kind}`);
  if (row.kind === 'topup' && session.amountTotalCents !== row.amount_cents) problems.push(`amount ${session.amountTotalCents} ≠ ${row.amount_cents}`);
  if (session.currency && session.currency.toLowerCase() !== row.currency) problems.push(`currency ${session.currency}`);
  if (session.clientReferenceId && session.clientReferenceId !== row.user_id) problems.push('client_reference_id is another user');
  return problems;
}

/** Why the top-up rule (Basic or Pro, balance below 5 tokens) no longer holds at fulfilment, or null. */
async function findBrokenTopupRule(b: BillingContext, userId: string) {
  const account = await b.ledger.getAccount(userId);
  const rule = checkTopupAllowed(account.tier, account.availableMt);
  if (rule.ok) return null;
  return {
    rule_broken: rule.reason === 'free_tier' ? ('not_subscribed' as const) : ('balance_not_below_5' as const),
    tier_at_fulfilment: account.tier,
    balance_mt_at_fulfilment: account.availableMt,
  };
}

/**
 * A subscription payment that arrived while the user already had a live subscription: the user keeps
 * that one, moved to the plan this payment asked for (as the portal would, prorated), and the new
 * subscription is cancelled at once and its payment refunded in full. Each step is recorded on the
 * row's `resolution`, so a retried event completes what a failure interrupted and repeats nothing.
 */
async function settleSupersededPayment(b: BillingContext, row: CheckoutRow): Promise<void> {
  const { provider } = b;
  const done = (typeof row.resolution === 'string' ? JSON.parse(row.resolution) : (row.resolution ?? {})) as Record<string, unknown>;
  const record = async (step: Record<string, unknown>) => {
    Object.assign(done, step);
    await appendResolution(b.db, row.id, step);
  };
  const kept = String(done.kept_subscription);
  const askedPrice = row.tier ? provider.priceIds[row.tier] : null;
  if (!done.switched && askedPrice && done.kept_tier !== row.tier) {
    await provider.changeSubscriptionPrice({ subscriptionId: kept, priceId: askedPrice, idempotencyKey: `supersede-switch-${row.id}` });
    await record({ switched: { to: row.tier, at: b.now().toISOString() } });
  }
  if (!done.canceled && row.subscription_id) {
    await provider.cancelSubscriptionNow(row.subscription_id, `supersede-cancel-${row.id}`);
    await record({ canceled: { subscription: row.subscription_id, at: b.now().toISOString() } });
  }
  if (!done.refunded) {
    const refund = await provider.refundCheckoutPayment(row.provider_session_id!, `supersede-refund-${row.id}`);
    await record({ refunded: { refund: refund.refundId, amount_cents: refund.amountCents } });
  }
  b.logger.warn(
    { user: row.user_id, session: row.provider_session_id, resolution: done },
    'payments: a second subscription was paid; kept the live one on the plan asked, cancelled and refunded the new one',
  );
}

type TierChangeOptions = Parameters<LedgerService['changeTier']>[2];

/**
 * Brings the user's tier in line with the provider's subscription: paid tier while it is live (a
 * downgrade the provider applied at once reaches the ledger at once), Free at the period end when it is
 * set to cancel, Free now once it has ended. Unknown prices change nothing.
 */
export async function syncSubscription(b: BillingContext, q: Queryable, sub: ProviderSubscription, idempotencyKey: string): Promise<void> {
  const billed = await findBilledUser(b, q, { kind: 'subscription', id: sub.id, customerId: sub.customerId, priceId: sub.priceId });
  if (!billed) return;
  const { userId, tier } = billed;
  const before = await selectSubscriptionForUpdate(q, sub.id);
  const periodEnd = sub.currentPeriodEnd?.toISOString() ?? null;
  const unchanged =
    before &&
    before.tier === tier &&
    before.status === sub.status &&
    before.cancel_at_period_end === sub.cancelAtPeriodEnd &&
    before.scheduled_price_id === sub.scheduledPriceId &&
    isoOrNull(before.current_period_end) === periodEnd;
  await upsertSubscription(q, {
    id: sub.id,
    provider: b.provider.kind,
    userId,
    customerId: sub.customerId,
    priceId: sub.priceId,
    tier,
    status: sub.status,
    periodStart: sub.currentPeriodStart?.toISOString() ?? null,
    periodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    scheduledPriceId: sub.scheduledPriceId,
    updatedAt: b.now().toISOString(),
  });
  // A repeated or reordered event with nothing new (checkout, then subscription.created) changes nothing.
  if (unchanged) return;
  const common = { actor: ACTOR, idempotencyKey, billingPeriodEnd: sub.currentPeriodEnd, tx: q, meta: { subscription: sub.id, status: sub.status } };
  if (ENDED_STATUSES.has(sub.status)) {
    await applyEndedSubscription(b, q, userId, sub, common);
  } else if (LIVE_STATUSES.has(sub.status)) {
    const { to, downgradeNow } = decideLiveTier(b, before, sub, tier);
    await b.ledger.changeTier(userId, to, { ...common, downgradeNow });
  }
}

/**
 * The tier the ledger should move to for a live subscription, and whether the provider already bills it.
 * A lower price within the same billing period means the provider switched now (Stripe's portal does, and
 * credits the unused time): the ledger downgrades now and takes back the unspent upgrade grant. A lower
 * price arriving with a new period (a schedule taking over), a scheduled price (the sandbox portal) or a
 * cancel at period end wait for the period end.
 */
function decideLiveTier(
  b: BillingContext,
  before: KnownSubscription | undefined,
  sub: ProviderSubscription,
  tier: Exclude<Tier, 'Free'>,
): { to: Tier; downgradeNow: boolean } {
  if (sub.cancelAtPeriodEnd) return { to: 'Free', downgradeNow: false };
  const scheduled = findTierForPrice(b, sub.scheduledPriceId);
  if (scheduled && tierRank[scheduled] < tierRank[tier]) return { to: scheduled, downgradeNow: false };
  const samePeriod = before !== undefined && isoOrNull(before.current_period_end) === (sub.currentPeriodEnd?.toISOString() ?? null);
  const lower = before !== undefined && tierRank[tier] < tierRank[before.tier as Tier];
  return { to: tier, downgradeNow: samePeriod && lower };
}

/**
 * An ended subscription takes the user to Free now, unless another subscription of theirs is still
 * live: then the tier follows that one (a superseded subscription cancelled at once must not drop a user who pays).
 */
async function applyEndedSubscription(b: BillingContext, q: Queryable, userId: string, sub: ProviderSubscription, common: TierChangeOptions) {
  const other = await findLiveSubscription(b, q, userId, { exceptId: sub.id });
  if (!other?.tier) {
    await b.ledger.changeTier(userId, 'Free', { ...common, billingPeriodEnd: null, immediate: true });
    return;
  }
  b.logger.info(
    { user: userId, ended: sub.id, live: other.subscription_id },
    'payments: a subscription ended while another is live; the tier follows the live one',
  );
  const periodEnd = other.current_period_end ? new Date(other.current_period_end) : null;
  await b.ledger.changeTier(userId, other.cancel_at_period_end ? 'Free' : other.tier, { ...common, billingPeriodEnd: periodEnd });
}
