/**
 * One payment-provider interface (DESIGN §1): Stripe in production, the sandbox by default. Both speak
 * in the normalised shapes below, so the billing feature has one fulfilment path for either.
 */

export type ProviderKind = 'sandbox' | 'stripe';

export interface ProviderCheckoutSession {
  id: string;
  /** Hosted checkout page; null once the session is complete or expired. */
  url: string | null;
  mode: 'subscription' | 'payment';
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  amountTotalCents: number | null;
  currency: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  paymentIntentId: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
}

export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** Price of the (single) subscription item; mapped to a tier by the billing feature. */
  priceId: string | null;
  status: string;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** A price that takes over at the period end (the sandbox portal's downgrade), or null. */
  scheduledPriceId: string | null;
}

export interface ProviderInvoice {
  id: string;
  customerId: string | null;
  subscriptionId: string | null;
  billingReason: string | null;
  priceId: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  amountPaidCents: number;
}

export interface ProviderCharge {
  id: string;
  paymentIntentId: string | null;
  amountCents: number;
  amountRefundedCents: number;
}

type EventBase = { id: string; created: Date };
/** One union member per event type, so a `switch (event.type)` narrows to exactly that type. */
type EventsOf<T extends string, Payload> = { [K in T]: EventBase & { type: K } & Payload }[T];

/** The provider events the billing feature acts on; anything else arrives as `ignored`. */
export type ProviderEvent =
  | EventsOf<
      'checkout.session.completed' | 'checkout.session.async_payment_succeeded' | 'checkout.session.async_payment_failed' | 'checkout.session.expired',
      { session: ProviderCheckoutSession }
    >
  | EventsOf<'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted', { subscription: ProviderSubscription }>
  | (EventBase & { type: 'invoice.paid'; invoice: ProviderInvoice })
  | (EventBase & { type: 'invoice.payment_failed'; invoice: ProviderInvoice })
  | (EventBase & { type: 'charge.refunded'; charge: ProviderCharge })
  | (EventBase & { type: 'ignored'; originalType: string });

export interface CreateSubscriptionCheckoutInput {
  customerId: string;
  userId: string;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface CreatePaymentCheckoutInput {
  customerId: string;
  userId: string;
  productName: string;
  quantity: number;
  unitAmountCents: number;
  currency: 'usd';
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface PaymentProvider {
  readonly kind: ProviderKind;
  /** Shown to buyers: "Secure payment powered by …". */
  readonly displayName: string;
  /** Price ids of the paid plans; null when not configured. */
  readonly priceIds: { Basic: string | null; Pro: string | null };
  /** Why checkouts cannot start (missing price ids…), or null when ready. */
  readonly configurationProblem: string | null;
  createCustomer(input: { email: string; userId: string }): Promise<{ id: string }>;
  /**
   * Deletes a customer at the provider (an account's deletion): Stripe erases it and cancels its subscriptions at once.
   * A customer the provider no longer knows counts as deleted, so a retried deletion succeeds.
   */
  deleteCustomer(customerId: string): Promise<void>;
  createSubscriptionCheckout(input: CreateSubscriptionCheckoutInput): Promise<ProviderCheckoutSession>;
  createPaymentCheckout(input: CreatePaymentCheckoutInput): Promise<ProviderCheckoutSession>;
  /** The provider's current view of a session, or null when it does not know the id. */
  retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession | null>;
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /**
   * Ends an open checkout so it can no longer be paid; returns the session as it now is (still
   * `complete` when it was paid first), or null when the provider does not know it.
   */
  expireCheckoutSession(id: string): Promise<ProviderCheckoutSession | null>;
  /** Moves a subscription to another price now, prorated, as the customer portal's plan switch does; clears a pending cancel. */
  changeSubscriptionPrice(input: { subscriptionId: string; priceId: string; idempotencyKey: string }): Promise<ProviderSubscription>;
  /** Cancels a subscription at once (not at the period end). */
  cancelSubscriptionNow(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription>;
  /** Refunds in full what a completed checkout charged (the first invoice for a subscription). */
  refundCheckoutPayment(sessionId: string, idempotencyKey: string): Promise<{ refundId: string; amountCents: number }>;
  /**
   * Verifies a webhook on its raw body and turns it into a ProviderEvent. Throws
   * `WebhookSignatureError` when the signature, secret or timestamp (older than 300 s) is wrong.
   */
  parseWebhook(rawBody: string, signatureHeader: string | undefined): ProviderEvent;
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** A provider call failed (network, 5xx, refused request); the message is safe to log, not to show. */
export class ProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderError';
  }
}
