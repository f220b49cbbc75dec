import { createPaymentProvider, isSandboxProvider } from '../../adapters/payments/index.ts';
import type { PaymentProvider } from '../../adapters/payments/index.ts';
import { isProduction } from '../../env.ts';
import type { AppContext, Feature } from '../../http/feature.ts';
import { requireUser } from '../../http/openapi.ts';
import { enforceRateLimit, type RateLimitRule } from '../../http/rate-limit.ts';
import { AppError } from '../../lib/errors.ts';
import type { LedgerService } from '../tokens/index.ts';
import {
  createCheckoutRoute,
  createTokenTopupRoute,
  customerPortalRoute,
  getBillingSubscriptionRoute,
  getPlansRoute,
  getTokenPackagesRoute,
  stripeWebhookRoute,
  verifyTokenPurchaseRoute,
} from './billing.routes.ts';
import { type BillingService, createBillingService } from './billing-service.ts';
import { registerSandboxRoutes } from './sandbox.routes.ts';

export type { BillingService } from './billing-service.ts';

export const SANDBOX_RENEWAL_INTERVAL_MS = 60_000;

/**
 * Each of these calls opens a session at the payment provider (or asks it to verify one): a per-user
 * budget keeps a stuck client or a script from flooding the provider. Generous for people: a checkout
 * is a click, and the success page verifies once.
 */
export const BILLING_RATE_LIMIT: RateLimitRule = { limit: 10, windowSeconds: 60, message: 'Too many payment requests.' };
/** Verifying is idempotent and may be retried (reloads, several tabs), so it gets a larger budget. */
export const VERIFY_RATE_LIMIT: RateLimitRule = { limit: 60, windowSeconds: 60, message: 'Too many payment checks.' };

export interface BillingFeature extends Feature {
  service: BillingService;
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
  if (value === undefined || value === null) throw new AppError('VALIDATION_FAILED', 'tokensToPurchase: enter how many tokens to buy.', { field: 'tokensToPurchase' });
  return value;
}

/** Payments: Stripe or the sandbox (by config), checkouts, portal, top-ups and provider events. */
export async function createBillingFeature(ctx: AppContext, deps: { ledger: LedgerService; provider?: PaymentProvider }): Promise<BillingFeature> {
  const provider = deps.provider ?? (await createPaymentProvider(ctx.env, ctx.db, ctx.now));
  if (isSandboxProvider(provider) && isProduction(ctx.env)) {
    ctx.logger.warn('payments: PAYMENTS=sandbox in production: checkouts take no real money and every page says so');
  }
  const service = createBillingService({ db: ctx.db, ledger: deps.ledger, provider, logger: ctx.logger, baseUrl: ctx.env.BASE_URL, now: ctx.now });
  if (isSandboxProvider(provider)) {
    provider.setEventSink(
      async (event) => {
        await service.handleEvent(event);
      },
      (err, event) => ctx.logger.error({ err, event: event.id, type: event.type }, 'payments: sandbox event handling failed; it will be retried'),
    );
  }

  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    name: 'billing',
    service,
    describe: () => ({ payments: provider.kind }),
    start() {
      if (!isSandboxProvider(provider) || timer) return;
      // The sandbox has no billing clock of its own: once a minute, roll due subscriptions over, expire stale
      // checkouts and deliver again the events whose handler failed (backoff 1 min doubling to 1 h).
      timer = setInterval(() => {
        provider.renewDueSubscriptions().catch((err) => ctx.logger.error({ err }, 'payments: sandbox renewal failed'));
        provider.expireOpenSessions().catch((err) => ctx.logger.error({ err }, 'payments: sandbox checkout expiry failed'));
        provider.retryFailedEvents().catch((err) => ctx.logger.error({ err }, 'payments: sandbox event retry failed'));
      }, SANDBOX_RENEWAL_INTERVAL_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
    routes(app) {
      /** The signed-in user, once their billing budget allows this request. */
      const requireUserWithinBudget = async (c: Parameters<typeof requireUser>[0], action: string, rule = BILLING_RATE_LIMIT) => {
        const user = requireUser(c);
        await enforceRateLimit(ctx.db, `billing:${action}:${user.id}`, rule, ctx.now());
        return user;
      };
      app.openapi(getPlansRoute, (c) => c.json(service.listPlans(), 200));
      app.openapi(getTokenPackagesRoute, (c) => c.json(service.listTokenPackages(), 200));
      app.openapi(getBillingSubscriptionRoute, async (c) => c.json(await service.getSubscription(requireUser(c)), 200));
      app.openapi(createCheckoutRoute, async (c) => {
        const user = await requireUserWithinBudget(c, 'checkout');
        const body = c.req.valid('json') ?? { plan: 'basic' };
        return c.json(await service.createCheckout(user, body.plan ?? 'basic'), 200);
      });
      app.openapi(customerPortalRoute, async (c) => c.json(await service.customerPortal(await requireUserWithinBudget(c, 'portal')), 200));
      app.openapi(createTokenTopupRoute, async (c) => {
        const user = await requireUserWithinBudget(c, 'topup');
        return c.json(await service.createTokenTopup(user, pickTopupTokens(c.req.valid('json'))), 200);
      });
      app.openapi(verifyTokenPurchaseRoute, async (c) => {
        const user = await requireUserWithinBudget(c, 'verify', VERIFY_RATE_LIMIT);
        return c.json(await service.verifyTokenPurchase(user, c.req.valid('json').session_id), 200);
      });
      app.openapi(stripeWebhookRoute, async (c) => {
        // The signature covers the exact bytes sent: read the raw text, never a re-serialised JSON.
        const raw = await c.req.text();
        return c.json(await service.handleWebhook(raw, c.req.header('stripe-signature')), 200);
      });
      if (isSandboxProvider(provider)) registerSandboxRoutes(app, provider);
    },
  };
}
