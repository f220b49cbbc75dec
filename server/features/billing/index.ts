import { createPaymentProvider, isSandboxProvider, type PaymentProvider } from '../../adapters/payments/index.ts';
import { isProduction } from '../../env.ts';
import type { AppContext, Feature } from '../../http/feature.ts';
import type { LedgerService } from '../tokens/index.ts';
import * as handlers from './billing.handlers.ts';
import * as routes from './billing.routes.ts';
import type { BillingContext } from './billing-context.ts';
import { handleEvent } from './events/handle-event.ts';
import { registerSandboxRoutes } from './sandbox/sandbox.routes.ts';

export type { BillingContext } from './billing-context.ts';

export const SANDBOX_RENEWAL_INTERVAL_MS = 60_000;

export interface BillingFeature extends Feature {
  /** What the billing functions run with (the provider among it); tests drive events and the sandbox through it. */
  context: BillingContext;
}

/** Payments: Stripe or the sandbox (by config), checkouts, portal, top-ups and provider events. */
export async function createBillingFeature(ctx: AppContext, deps: { ledger: LedgerService; provider?: PaymentProvider }): Promise<BillingFeature> {
  const provider = deps.provider ?? (await createPaymentProvider(ctx.env, ctx.db, ctx.now));
  if (isSandboxProvider(provider) && isProduction(ctx.env)) {
    ctx.logger.warn('payments: PAYMENTS=sandbox in production: checkouts take no real money and every page says so');
  }
  const context: BillingContext = { db: ctx.db, ledger: deps.ledger, provider, logger: ctx.logger, baseUrl: ctx.env.BASE_URL, now: ctx.now };
  if (isSandboxProvider(provider)) {
    provider.setEventSink(
      async (event, ack) => {
        await handleEvent(context, event, ack);
      },
      (err, event) => ctx.logger.error({ err, event: event.id, type: event.type }, 'payments: sandbox event handling failed; it will be retried'),
    );
  }

  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    name: 'billing',
    context,
    describe: () => ({ payments: provider.kind }),
    async start() {
      if (!isSandboxProvider(provider) || timer) return;
      const deliverDue = () => provider.deliverDueEvents().catch((err) => ctx.logger.error({ err }, 'payments: sandbox event delivery failed'));
      // The sandbox has no billing clock of its own: once a minute, roll due subscriptions over, expire stale
      // checkouts and deliver the outbox's pending events (a failed handler's, backoff 1 min doubling to 1 h;
      // a killed process's, once its 1 min lease has run out).
      timer = setInterval(() => {
        provider.renewDueSubscriptions().catch((err) => ctx.logger.error({ err }, 'payments: sandbox renewal failed'));
        provider.expireOpenSessions().catch((err) => ctx.logger.error({ err }, 'payments: sandbox checkout expiry failed'));
        void deliverDue();
      }, SANDBOX_RENEWAL_INTERVAL_MS);
      timer.unref();
      // A restart delivers at once what is due: a payment a killed process committed is not left waiting a tick.
      await deliverDue();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
    routes(app) {
      app.openapi(routes.getPlansRoute, handlers.listPlans(context));
      app.openapi(routes.getTokenPackagesRoute, handlers.listTokenPackages(context));
      app.openapi(routes.getBillingSubscriptionRoute, handlers.getBillingSubscription(context));
      app.openapi(routes.createCheckoutRoute, handlers.createCheckout(context));
      app.openapi(routes.customerPortalRoute, handlers.createCustomerPortalSession(context));
      app.openapi(routes.createTokenTopupRoute, handlers.createTokenTopup(context));
      app.openapi(routes.verifyTokenPurchaseRoute, handlers.verifyTokenPurchase(context));
      app.openapi(routes.stripeWebhookRoute, handlers.receiveStripeWebhook(context));
      if (isSandboxProvider(provider)) registerSandboxRoutes(app, provider);
    },
  };
}
