import { checkTopupAllowed, findPlan, TOKEN_PRICE_CENTS, TOPUP_BALANCE_LIMIT_TOKENS, validateTopupTokens } from '../../../core/tokens/index.ts';
import type { ProviderCheckoutSession } from '../../adapters/payments/index.ts';
import type { SessionUser } from '../../http/app-env.ts';
import { AppError } from '../../lib/errors.ts';
import { type BillingContext, callProvider } from './billing-context.ts';
import { ensureCustomer } from './billing-customer.ts';
import { findLiveSubscription } from './billing-subscription.ts';
import { claimVerification, failUnopenedCheckout, insertCheckout, selectUserCheckoutBySession, storeCheckoutSessionId } from './billing-store.ts';
import { type CheckoutRow, expireOtherOpenCheckouts } from './checkout-rows.ts';
import { fulfill } from './fulfilment.ts';

/** What the buyer asked for: a plan (any letter case) or a number of tokens (checked here, INVALID_AMOUNT). */
export type CheckoutOrder = { kind: 'subscription'; planId: string } | { kind: 'topup'; tokens: unknown };

/** A priced order: the server's row fields and the provider call that opens its hosted page. */
interface PricedOrder {
  row: Pick<CheckoutRow, 'kind' | 'tier' | 'tokens'> & { amountCents: number };
  openAtProvider: (customerId: string, checkoutId: string) => Promise<ProviderCheckoutSession>;
}

function priceSubscription(b: BillingContext, user: SessionUser, planId: string): PricedOrder {
  const plan = findPlan(planId);
  if (!plan) throw new AppError('INVALID_PLAN', `Unknown plan "${planId}". Choose basic or pro.`, { field: 'plan' });
  if (b.provider.configurationProblem) throw new AppError('NOT_CONFIGURED', b.provider.configurationProblem);
  const priceId = b.provider.priceIds[plan.tier];
  if (!priceId) throw new AppError('NOT_CONFIGURED', `No price is configured for the ${plan.name} plan.`);
  return {
    row: { kind: 'subscription', tier: plan.tier, tokens: null, amountCents: plan.priceCents },
    openAtProvider: (customerId, checkoutId) =>
      b.provider.createSubscriptionCheckout({
        customerId,
        userId: user.id,
        priceId,
        successUrl: `${b.baseUrl}/dashboard?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${b.baseUrl}/pricing?checkout=canceled`,
        metadata: { user_id: user.id, kind: 'subscription', plan: plan.id, checkout_id: checkoutId },
        idempotencyKey: `checkout-${checkoutId}`,
      }),
  };
}

async function priceTopup(b: BillingContext, user: SessionUser, tokens: unknown): Promise<PricedOrder> {
  const valid = validateTopupTokens(tokens);
  if (!valid.ok) throw new AppError('INVALID_AMOUNT', valid.message, { field: 'tokensToPurchase' });
  const account = await b.ledger.getAccount(user.id);
  const allowed = checkTopupAllowed(account.tier, account.availableMt);
  if (!allowed.ok) {
    throw allowed.reason === 'free_tier'
      ? new AppError('TIER_REQUIRED', 'Token purchases are available for Basic and Pro subscribers only.')
      : new AppError(
          'TOPUP_NOT_ALLOWED',
          `You still have enough tokens remaining. Top-ups are available when your balance is below ${TOPUP_BALANCE_LIMIT_TOKENS} tokens.`,
        );
  }
  return {
    row: { kind: 'topup', tier: null, tokens: valid.tokens, amountCents: valid.priceCents },
    openAtProvider: (customerId, checkoutId) =>
      b.provider.createPaymentCheckout({
        customerId,
        userId: user.id,
        productName: 'Stockpilot analysis tokens',
        quantity: valid.tokens,
        unitAmountCents: TOKEN_PRICE_CENTS,
        currency: 'usd',
        successUrl: `${b.baseUrl}/token-topup?success=true&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${b.baseUrl}/token-topup?canceled=true`,
        metadata: { user_id: user.id, kind: 'topup', tokens: String(valid.tokens), checkout_id: checkoutId },
        idempotencyKey: `topup-${checkoutId}`,
      }),
  };
}

/**
 * Opens a checkout for a subscription or a top-up: the server's row first, then the provider's session
 * (carrying the row's id as metadata and idempotency key), then the session id on the row. A failed
 * provider call marks the row failed; a failed last write leaves a session whose payment `fulfill` still
 * finds by `checkout_id`. Either way nothing payable exists that would credit nothing. The user's older
 * open checkouts of the same kind are expired (issue 10: one live subscription, one open top-up). A user
 * who already subscribes is sent to the portal to switch plans instead.
 */
export async function startCheckout(b: BillingContext, user: SessionUser, order: CheckoutOrder): Promise<{ url: string; sessionId?: string; portal?: true }> {
  const priced = order.kind === 'subscription' ? priceSubscription(b, user, order.planId) : await priceTopup(b, user, order.tokens);
  if (order.kind === 'subscription' && (await findLiveSubscription(b, b.db, user.id))) return { ...(await openCustomerPortal(b, user)), portal: true };
  const customerId = await ensureCustomer(b, user);
  const { kind, tier, tokens, amountCents } = priced.row;
  const row = await insertCheckout(b.db, { provider: b.provider.kind, userId: user.id, kind, tier, tokens, amountCents });
  let session: ProviderCheckoutSession;
  try {
    session = await callProvider(b, 'checkout creation', () => priced.openAtProvider(customerId, row.id));
  } catch (e) {
    await failUnopenedCheckout(b.db, row.id);
    throw e;
  }
  const stored = await storeCheckoutSessionId(b.db, row.id, session.id);
  if (!session.url) throw new AppError('UPSTREAM_ERROR', 'The payment provider returned no checkout page. Please try again.');
  b.metrics?.checkoutCreated(b.provider.kind, kind);
  const reason = kind === 'subscription' ? 'a newer subscription checkout was opened' : 'a newer top-up checkout was opened';
  await expireOtherOpenCheckouts(b, { userId: user.id, kind, keep: stored ?? row, reason });
  return { url: session.url, sessionId: session.id };
}

export async function openCustomerPortal(b: BillingContext, user: SessionUser): Promise<{ url: string }> {
  const customerId = await ensureCustomer(b, user);
  return callProvider(b, 'portal session creation', () => b.provider.createPortalSession({ customerId, returnUrl: `${b.baseUrl}/dashboard` }));
}

/**
 * Confirms a top-up on the buyer's return. The session must be the signed-in user's own (else 404);
 * each session can be verified once (a second verify is SESSION_ALREADY_USED), and the credit itself
 * happens once whether the webhook or this call gets there first.
 */
export async function verifyTokenPurchase(b: BillingContext, user: SessionUser, sessionId: string): Promise<{ success: boolean; tokens_added: number }> {
  const notFound = () => new AppError('SESSION_NOT_FOUND', 'No token purchase with this session id.', { field: 'session_id' });
  const row = await selectUserCheckoutBySession(b.db, sessionId, user.id);
  if (!row) throw notFound();
  if (row.kind !== 'topup')
    throw new AppError('NOT_A_TOKEN_PURCHASE', 'This session is a subscription checkout, not a token purchase.', { field: 'session_id' });
  if (row.verified_at) throw new AppError('SESSION_ALREADY_USED', 'This token purchase has already been verified.', { field: 'session_id' });
  const providerSessionId = row.provider_session_id;
  if (!providerSessionId) throw notFound();
  const session = await callProvider(b, 'session retrieval', () => b.provider.retrieveCheckoutSession(providerSessionId));
  if (!session) throw notFound();
  const { outcome } = await fulfill(b, session, 'verify');
  if (outcome !== 'fulfilled' && outcome !== 'already_fulfilled') return { success: false, tokens_added: 0 };
  if (!(await claimVerification(b.db, row.id)))
    throw new AppError('SESSION_ALREADY_USED', 'This token purchase has already been verified.', { field: 'session_id' });
  return { success: true, tokens_added: row.tokens! };
}
