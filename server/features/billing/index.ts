import { createPaymentProvider, isSandboxProvider, type PaymentProvider } from '../../adapters/payments/index.ts';
import { isProduction } from '../../env.ts';
import type { AppContext, Feature } from '../../http/feature.ts';
import type { LedgerService } from '../tokens/index.ts';
import { createBillingHandlers } from './billing.handlers.ts';
import * as routes from './billing.routes.ts';
import type { BillingContext } from './billing-context.ts';
import { createBillingJobs } from './billing-jobs.ts';
import { createBillingService } from './billing-service.ts';
import { registerSandboxRoutes } from './sandbox/sandbox-routes.ts';

export type { BillingContext } from './billing-context.ts';

export { SANDBOX_RENEWAL_INTERVAL_MS } from './billing-jobs.ts';
// The account feature's export and deletion (data rights): payment records read, and kept under a pseudonymous id.
export { movePaymentRecordsToPseudonym, readBillingForExport } from './billing-store.ts';

export interface BillingFeature extends Feature {
  /** What the billing functions run with (the provider among it); tests drive events and the sandbox through it. */
  context: BillingContext;
  /** Deletes the user's customers at the payment provider (account deletion). */
  deleteProviderCustomers: (userId: string) => Promise<void>;
}

/** Payments: Stripe or the sandbox (by config), checkouts, portal, top-ups and provider events. */
export async function createBillingFeature(ctx: AppContext, deps: { ledger: LedgerService; provider?: PaymentProvider }): Promise<BillingFeature> {
  const provider = deps.provider ?? (await createPaymentProvider(ctx.env, ctx.db, ctx.now));
  if (isSandboxProvider(provider) && isProduction(ctx.env)) {
    ctx.logger.warn('payments: PAYMENTS=sandbox in production: checkouts take no real money and every page says so');
  }
  const context: BillingContext = {
    db: ctx.db,
    ledger: deps.ledger,
    provider,
    logger: ctx.logger,
    baseUrl: ctx.env.BASE_URL,
    now: ctx.now,
    metrics: ctx.metrics,
  };
  const service = createBillingService(context);
  const handlers = createBillingHandlers(service);
  const jobs = isSandboxProvider(provider) ? createBillingJobs(provider, ctx.logger, ctx.metrics) : null;
  if (isSandboxProvider(provider)) {
    provider.setEventSink(
      async (event, ack) => {
        await service.handleEvent(event, ack);
      },
      (err, event) => ctx.logger.error({ err, event: event.id, type: event.type }, 'payments: sandbox event handling failed; it will be retried'),
    );
  }

  return {
    name: 'billing',
    context,
    deleteProviderCustomers: service.deleteProviderCustomers,
    describe: () => ({ payments: provider.kind }),
    async start() {
      await jobs?.start();
    },
    async stop() {
      await jobs?.stop();
    },
    routes(app) {
      app.openapi(routes.getPlansRoute, handlers.listPlans);
      app.openapi(routes.getTokenPackagesRoute, handlers.listTokenPackages);
      app.openapi(routes.getBillingSubscriptionRoute, handlers.getBillingSubscription);
      app.openapi(routes.createCheckoutRoute, handlers.createCheckout);
      app.openapi(routes.customerPortalRoute, handlers.createCustomerPortalSession);
      app.openapi(routes.createTokenTopupRoute, handlers.createTokenTopup);
      app.openapi(routes.verifyTokenPurchaseRoute, handlers.verifyTokenPurchase);
      app.openapi(routes.stripeWebhookRoute, handlers.receiveStripeWebhook);
      if (isSandboxProvider(provider)) registerSandboxRoutes(app, provider);
    },
  };
}
