import type { Queryable } from '../../adapters/db/index.ts';
import type { ProviderEvent } from '../../adapters/payments/index.ts';
import type { SessionUser } from '../../http/app-env.ts';
import { enforceRateLimit, type RateLimitRule } from '../../http/rate-limit.ts';
import type { BillingContext } from './billing-context.ts';
import { describePlans, describeTokenPackages } from './billing-plans.ts';
import { selectCustomersOfUser } from './billing-store.ts';
import { getSubscription } from './billing-subscription.ts';
import * as checkout from './checkout.ts';
import { handleEvent } from './events/handle-event.ts';
import { receiveWebhook } from './events/receive-webhook.ts';

/** Payments over one context (provider, ledger, database, clock): what the handlers and the sandbox's event sink call. */
export function createBillingService(context: BillingContext) {
  return {
    context,
    listPlans: () => describePlans(context.provider),
    listTokenPackages: () => describeTokenPackages(),
    getSubscription: (user: SessionUser) => getSubscription(context, user),
    startCheckout: (user: SessionUser, order: checkout.CheckoutOrder) => checkout.startCheckout(context, user, order),
    openCustomerPortal: (user: SessionUser) => checkout.openCustomerPortal(context, user),
    verifyTokenPurchase: (user: SessionUser, sessionId: string) => checkout.verifyTokenPurchase(context, user, sessionId),
    receiveWebhook: (raw: string, signature: string | undefined) => receiveWebhook(context, raw, signature),
    handleEvent: (event: ProviderEvent, ack?: (tx: Queryable) => Promise<void>) => handleEvent(context, event, ack),
    /** Counts one payment request of the user against `rule`; refuses (429) beyond it. */
    /**
     * Deletes the user's customers at the payment provider (an account's deletion; before its rows go). A customer
     * made by another provider than the configured one (PAYMENTS changed since) cannot be reached and is logged.
     */
    deleteProviderCustomers: async (userId: string) => {
      for (const c of await selectCustomersOfUser(context.db, userId)) {
        if (c.provider !== context.provider.kind) {
          context.logger.warn(
            { provider: c.provider },
            'payments: a deleted account’s customer is at another provider than the configured one; not deleted there',
          );
          continue;
        }
        await context.provider.deleteCustomer(c.customerId);
      }
    },
    enforceBudget: (userId: string, action: string, rule: RateLimitRule) => enforceRateLimit(context.db, `billing:${action}:${userId}`, rule, context.now()),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
