import type { Context } from 'hono';
import type { AppEnv, SessionUser } from '../../http/app-env.ts';
import { requireUser } from '../../http/openapi.ts';
import { enforceRateLimit, type RateLimitRule } from '../../http/rate-limit.ts';
import type { AppRouteHandler } from '../../http/route-handler.ts';
import { AppError } from '../../lib/errors.ts';
import type {
  createCheckoutRoute,
  createTokenTopupRoute,
  customerPortalRoute,
  getBillingSubscriptionRoute,
  getPlansRoute,
  getTokenPackagesRoute,
  stripeWebhookRoute,
  verifyTokenPurchaseRoute,
} from './billing.routes.ts';
import type { BillingContext } from './billing-context.ts';
import { describePlans, describeTokenPackages } from './billing-plans.ts';
import { getSubscription } from './billing-subscription.ts';
import * as checkout from './checkout.ts';
import { receiveWebhook } from './events/receive-webhook.ts';

/**
 * Each of these calls opens a session at the payment provider (or asks it to verify one): a per-user
 * budget keeps a stuck client or a script from flooding the provider. Generous for people: a checkout
 * is a click, and the success page verifies once.
 */
export const BILLING_RATE_LIMIT: RateLimitRule = { limit: 10, windowSeconds: 60, message: 'Too many payment requests.' };
/** Verifying is idempotent and may be retried (reloads, several tabs), so it gets a larger budget. */
export const VERIFY_RATE_LIMIT: RateLimitRule = { limit: 60, windowSeconds: 60, message: 'Too many payment checks.' };

/** The signed-in user, once their billing budget allows this request. */
async function requireUserWithinBudget(b: BillingContext, c: Context<AppEnv>, action: string, rule = BILLING_RATE_LIMIT): Promise<SessionUser> {
  const user = requireUser(c);
  await enforceRateLimit(b.db, `billing:${action}:${user.id}`, rule, b.now());
  return user;
}

/**
 * SPEC §7 sends the count as `tokensTourchase`; DESIGN §5 names it `tokensToPurchase`. Either is
 * accepted; both present and different is refused rather than guessed.
 */
export function pickTopupTokens(body: { tokensToPurchase?: unknown; tokensTourchase?: unknown }): unknown {
  const a = body.tokensToPurchase;
  const b = body.tokensTourchase;
  if (a !== undefined && b !== undefined && a !== b) {
    throw new AppError('VALIDATION_FAILED', 'tokensToPurchase and tokensTourchase disagree; send one of them.', { field: 'tokensToPurchase' });
  }
  const value = a ?? b;
  if (value === undefined || value === null)
    throw new AppError('VALIDATION_FAILED', 'tokensToPurchase: enter how many tokens to buy.', { field: 'tokensToPurchase' });
  return value;
}

// Each handler is bound to the feature's context by index.ts: `app.openapi(route, handlers.name(context))`.

export const listPlans =
  (b: BillingContext): AppRouteHandler<typeof getPlansRoute> =>
  (c) =>
    c.json(describePlans(b.provider), 200);

export const listTokenPackages =
  (_b: BillingContext): AppRouteHandler<typeof getTokenPackagesRoute> =>
  (c) =>
    c.json(describeTokenPackages(), 200);

export const getBillingSubscription =
  (b: BillingContext): AppRouteHandler<typeof getBillingSubscriptionRoute> =>
  async (c) =>
    c.json(await getSubscription(b, requireUser(c)), 200);

export const createCheckout =
  (b: BillingContext): AppRouteHandler<typeof createCheckoutRoute> =>
  async (c) => {
    const user = await requireUserWithinBudget(b, c, 'checkout');
    const planId = c.req.valid('json')?.plan ?? 'basic';
    const { url, portal } = await checkout.startCheckout(b, user, { kind: 'subscription', planId });
    return c.json(portal ? { url, portal } : { url }, 200);
  };

export const createCustomerPortalSession =
  (b: BillingContext): AppRouteHandler<typeof customerPortalRoute> =>
  async (c) =>
    c.json(await checkout.openCustomerPortal(b, await requireUserWithinBudget(b, c, 'portal')), 200);

export const createTokenTopup =
  (b: BillingContext): AppRouteHandler<typeof createTokenTopupRoute> =>
  async (c) => {
    const user = await requireUserWithinBudget(b, c, 'topup');
    const { url, sessionId } = await checkout.startCheckout(b, user, { kind: 'topup', tokens: pickTopupTokens(c.req.valid('json')) });
    return c.json({ url, session_id: sessionId! }, 200);
  };

export const verifyTokenPurchase =
  (b: BillingContext): AppRouteHandler<typeof verifyTokenPurchaseRoute> =>
  async (c) => {
    const user = await requireUserWithinBudget(b, c, 'verify', VERIFY_RATE_LIMIT);
    return c.json(await checkout.verifyTokenPurchase(b, user, c.req.valid('json').session_id), 200);
  };

export const receiveStripeWebhook =
  (b: BillingContext): AppRouteHandler<typeof stripeWebhookRoute> =>
  async (c) => {
    // The signature covers the exact bytes sent: read the raw text, never a re-serialised JSON.
    const raw = await c.req.text();
    return c.json(await receiveWebhook(b, raw, c.req.header('stripe-signature')), 200);
  };
