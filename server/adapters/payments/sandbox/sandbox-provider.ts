import { sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import type { PaymentProvider, ProviderEvent } from '../types.ts';
import { WebhookSignatureError } from '../types.ts';
import { createEventDelivery, type EventSink } from './event-delivery.ts';
import { applyPortalAction, createPortalSession, getPortal, type PortalAction, type PortalActionResult, type SandboxPortalView } from './portal.ts';
import { newId, SANDBOX_PRICE_IDS, type SandboxContext } from './sandbox-state.ts';
import {
  cancelCheckout,
  createPaymentCheckout,
  createSubscriptionCheckout,
  expireCheckoutSession,
  expireOpenSessions,
  getCheckout,
  payCheckout,
  retrieveCheckoutSession,
  type SandboxCheckoutView,
  type SandboxPayResult,
} from './sessions.ts';
import {
  cancelSubscriptionNow,
  changeSubscriptionPrice,
  refundCheckoutPayment,
  refundPayment,
  renewDueSubscriptions,
  retrieveSubscription,
} from './subscriptions.ts';

/**
 * The offline payment provider: a hosted checkout and customer portal served by the app itself
 * (`/sandbox/...`), no real charges. It keeps its own state in `sandbox_*` tables and delivers its
 * events to the sink the billing feature registers, which is the same handler Stripe's webhooks reach.
 * Its parts: sessions.ts (checkout), subscriptions.ts (plan changes, renewals, refunds), portal.ts,
 * event-delivery.ts (the outbox its events are written to and delivered from), proration.ts.
 */

export { SANDBOX_PRICE_IDS } from './sandbox-state.ts';
export { type EventAck, type EventSink, sandboxRetryDelayMs } from './event-delivery.ts';
export { prorateSwitch } from '../../../../core/billing/proration.ts';
export type { PortalAction, SandboxCheckoutView, SandboxPayResult, SandboxPortalView };

export interface SandboxProvider extends PaymentProvider {
  readonly kind: 'sandbox';
  /**
   * Where the sandbox delivers its events, from its outbox (event-delivery.ts): the sink calls `ack(tx)` in
   * the transaction that completes the handling. A handler error is reported to `onError` (never to the
   * buyer) and the event stays pending for `deliverDueEvents`, like a webhook Stripe retries.
   */
  setEventSink(sink: EventSink, onError: (e: unknown, event: ProviderEvent) => void): void;
  getCheckout(id: string): Promise<SandboxCheckoutView | null>;
  /** Charges the test card; on success completes the session and delivers its events before answering. */
  pay(id: string, cardNumber: string): Promise<SandboxPayResult>;
  /** The buyer left the checkout: the session stays open (as on Stripe) and they go to the cancel URL. */
  cancel(id: string): Promise<{ redirectUrl: string } | null>;
  getPortal(id: string): Promise<SandboxPortalView | null>;
  applyPortalAction(id: string, action: PortalAction): Promise<PortalActionResult>;
  /** Refunds `amountCents` of a payment (operator/test tool); delivers `charge.refunded`. */
  refund(paymentIntentId: string, amountCents: number): Promise<void>;
  /** Rolls over subscriptions whose period has ended (subscriptions.ts), once per period end across processes. */
  renewDueSubscriptions(): Promise<number>;
  /** Ends open checkouts past their 24 h and delivers `checkout.session.expired` (sessions.ts). */
  expireOpenSessions(): Promise<number>;
  /**
   * Delivers the outbox's pending events whose lease or backoff has passed: those a failed handler, a killed
   * process or a restart left behind (event-delivery.ts). Returns how many were handled.
   */
  deliverDueEvents(): Promise<number>;
}

export function createSandboxProvider(options: { db: Database; baseUrl: string; now?: () => Date }): SandboxProvider {
  const { db, baseUrl } = options;
  const now = options.now ?? (() => new Date());
  const delivery = createEventDelivery(db, now);
  const s: SandboxContext = { db, baseUrl, now, record: delivery.record, deliver: delivery.deliver };
  return {
    kind: 'sandbox',
    displayName: 'Sandbox',
    priceIds: { ...SANDBOX_PRICE_IDS },
    configurationProblem: null,
    setEventSink: delivery.setEventSink,
    deliverDueEvents: delivery.deliverDueEvents,
    async createCustomer({ email, userId }) {
      const id = newId('cus_sandbox');
      await db.query(sql`INSERT INTO sandbox_customer (id, email, user_ref) VALUES (${id}, ${email}, ${userId})`);
      return { id };
    },
    async deleteCustomer(customerId) {
      // As Stripe does: the customer's personal details go and its live subscriptions end now (the sandbox keeps the row its payments reference).
      await db.transaction(async (tx) => {
        await tx.query(sql`UPDATE sandbox_subscription SET status = 'canceled' WHERE customer_id = ${customerId} AND status = 'active'`);
        await tx.query(sql`UPDATE sandbox_customer SET email = 'deleted@sandbox.invalid', user_ref = NULL WHERE id = ${customerId}`);
      });
    },
    createSubscriptionCheckout: (input) => createSubscriptionCheckout(s, input),
    createPaymentCheckout: (input) => createPaymentCheckout(s, input),
    retrieveCheckoutSession: (id) => retrieveCheckoutSession(s, id),
    expireCheckoutSession: (id) => expireCheckoutSession(s, id),
    expireOpenSessions: () => expireOpenSessions(s),
    getCheckout: (id) => getCheckout(s, id),
    pay: (id, cardNumber) => payCheckout(s, id, cardNumber),
    cancel: (id) => cancelCheckout(s, id),
    retrieveSubscription: (id) => retrieveSubscription(s, id),
    changeSubscriptionPrice: (input) => changeSubscriptionPrice(s, input),
    cancelSubscriptionNow: (subscriptionId) => cancelSubscriptionNow(s, subscriptionId),
    renewDueSubscriptions: () => renewDueSubscriptions(s),
    refundCheckoutPayment: (sessionId) => refundCheckoutPayment(s, sessionId),
    refund: (paymentIntentId, amountCents) => refundPayment(s, paymentIntentId, amountCents),
    createPortalSession: (input) => createPortalSession(s, input),
    getPortal: (id) => getPortal(s, id),
    applyPortalAction: (id, action) => applyPortalAction(s, id, action),
    parseWebhook() {
      throw new WebhookSignatureError('The sandbox delivers its events in-process; it accepts no webhooks.');
    },
  };
}
