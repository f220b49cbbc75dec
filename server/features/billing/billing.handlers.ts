import type { Context } from 'hono';
import type { AppEnv, SessionUser } from '../../http/app-env.ts';
import { requireUser } from '../../http/openapi.ts';
import type { RateLimitRule } from '../../http/rate-limit.ts';
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
import type { BillingService } from './billing-service.ts';

/**
 * Each of these calls opens a session at the payment provider (or asks it to verify one): a per-user
 * budget keeps a stuck client or a script from flooding the provider. Generous for people: a checkout
 * is a click, and the success page verifies once.
 */
export const BILLING_RATE_LIMIT: RateLimitRule = { limit: 10, windowSeconds: 60, message: 'Too many payment requests.' };
/** Verifying is idempotent and may be retried (reloads, several tabs), so it gets a larger budget. */
export const VERIFY_RATE_LIMIT: RateLimitRule = { limit: 60, windowSeconds: 60, message: 'Too many payment checks.' };

/**
 * SPEC §7 sends the count as `tokensTourchase`; DESIGN §5 names it `tokensToPurchase`. Either is
 * accepted; both present and different is refused rather than guessed.
 */
function pickTopupTokens(body: { tokensToPurchase?: unknown; tokensTourchase?: unknown }): unknown {
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

/** The HTTP side of payments: each handler reads the request, calls the service, shapes the answer. */
export function createBillingHandlers(service: BillingService) {
  /** The signed-in user, once their billing budget allows this request. */
  const requireUserWithinBudget = async (c: Context<AppEnv>, action: string, rule = BILLING_RATE_LIMIT): Promise<SessionUser> => {
    const user = requireUser(c);
    await service.enforceBudget(user.id, action, rule);
    return user;
  };

  const listPlans: AppRouteHandler<typeof getPlansRoute> = (c) => c.json(service.listPlans(), 200);

  const listTokenPackages: AppRouteHandler<typeof getTokenPackagesRoute> = (c) => c.json(service.listTokenPackages(), 200);

  const getBillingSubscription: AppRouteHandler<typeof getBillingSubscriptionRoute> = async (c) => c.json(await service.getSubscription(requireUser(c)), 200);

  const createCheckout: AppRouteHandler<typeof createCheckoutRoute> = async (c) => {
    const user = await requireUserWithinBudget(c, 'checkout');
    const planId = c.req.valid('json')?.plan ?? 'basic';
    const { url, portal } = await service.startCheckout(user, { kind: 'subscription', planId });
    return c.json(portal ? { url, portal } : { url }, 200);
  };

  const createCustomerPortalSession: AppRouteHandler<typeof customerPortalRoute> = async (c) =>
    c.json(await service.openCustomerPortal(await requireUserWithinBudget(c, 'portal')), 200);

  const createTokenTopup: AppRouteHandler<typeof createTokenTopupRoute> = async (c) => {
    const user = await requireUserWithinBudget(c, 'topup');
    const { url, sessionId } = await service.startCheckout(user, { kind: 'topup', tokens: pickTopupTokens(c.req.valid('json')) });
    return c.json({ url, session_id: sessionId! }, 200);
  };

  const verifyTokenPurchase: AppRouteHandler<typeof verifyTokenPurchaseRoute> = async (c) => {
    const user = await requireUserWithinBudget(c, 'verify', VERIFY_RATE_LIMIT);
    return c.json(await service.verifyTokenPurchase(user, c.req.valid('json').session_id), 200);
  };

  const receiveStripeWebhook: AppRouteHandler<typeof stripeWebhookRoute> = async (c) => {
    // The signature covers the exact bytes sent: read the raw text, never a re-serialised JSON.
    const raw = await c.req.text();
    return c.json(await service.receiveWebhook(raw, c.req.header('stripe-signature')), 200);
  };

  return {
    listPlans,
    listTokenPackages,
    getBillingSubscription,
    createCheckout,
    createCustomerPortalSession,
    createTokenTopup,
    verifyTokenPurchase,
    receiveStripeWebhook,
  };
}
