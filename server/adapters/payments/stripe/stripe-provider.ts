import Stripe from 'stripe';
import {
  type CreatePaymentCheckoutInput,
  type CreateSubscriptionCheckoutInput,
  type PaymentProvider,
  type ProviderCharge,
  type ProviderCheckoutSession,
  ProviderError,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderSubscription,
  WebhookSignatureError,
} from '../types.ts';

interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string | null;
  priceBasic: string | null;
  pricePro: string | null;
  /** Points the SDK elsewhere (tests: a local Stripe-compatible server), e.g. http://127.0.0.1:12111. */
  apiBase?: string | null;
  /** Seconds a webhook signature stays valid (Stripe's default: 300). */
  webhookToleranceS?: number;
}

const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === 'string' ? v : v.id);
const fromUnix = (s: number | null | undefined): Date | null => (typeof s === 'number' ? new Date(s * 1000) : null);

function toCheckoutSession(s: Stripe.Checkout.Session): ProviderCheckoutSession {
  return {
    id: s.id,
    url: s.url ?? null,
    mode: s.mode === 'subscription' ? 'subscription' : 'payment',
    status: s.status === 'complete' ? 'complete' : s.status === 'expired' ? 'expired' : 'open',
    paymentStatus: s.payment_status === 'paid' ? 'paid' : s.payment_status === 'no_payment_required' ? 'no_payment_required' : 'unpaid',
    amountTotalCents: s.amount_total ?? null,
    currency: s.currency ?? null,
    customerId: idOf(s.customer as string | { id: string } | null),
    subscriptionId: idOf(s.subscription as string | { id: string } | null),
    paymentIntentId: idOf(s.payment_intent as string | { id: string } | null),
    clientReferenceId: s.client_reference_id ?? null,
    metadata: { ...(s.metadata ?? {}) },
  };
}

export function toSubscription(s: Stripe.Subscription): ProviderSubscription {
  const item = s.items?.data?.[0];
  return {
    id: s.id,
    customerId: idOf(s.customer as string | { id: string }) ?? '',
    priceId: item?.price?.id ?? null,
    status: s.status,
    // Since API 2025-03 the period lives on the subscription item.
    currentPeriodStart: fromUnix(item?.current_period_start),
    currentPeriodEnd: fromUnix(item?.current_period_end),
    cancelAtPeriodEnd: Boolean(s.cancel_at_period_end),
    // A Stripe subscription schedule changes the price only when its phase starts: billing sees it then.
    scheduledPriceId: null,
  };
}

function toInvoice(i: Stripe.Invoice): ProviderInvoice {
  const line = i.lines?.data?.find((l) => l.pricing?.price_details?.price) ?? i.lines?.data?.[0];
  const price = line?.pricing?.price_details?.price;
  return {
    id: i.id ?? '',
    customerId: idOf(i.customer as string | { id: string } | null),
    subscriptionId: idOf(i.parent?.subscription_details?.subscription as string | { id: string } | undefined),
    billingReason: i.billing_reason ?? null,
    priceId: idOf(price as string | { id: string } | undefined),
    // The line's period is the one paid for; the invoice's own period_start/end describe the previous one.
    periodStart: fromUnix(line?.period?.start),
    periodEnd: fromUnix(line?.period?.end),
    amountPaidCents: i.amount_paid ?? 0,
  };
}

function toCharge(c: Stripe.Charge): ProviderCharge {
  return {
    id: c.id,
    paymentIntentId: idOf(c.payment_intent as string | { id: string } | null),
    amountCents: c.amount,
    amountRefundedCents: c.amount_refunded,
  };
}

/** Turns a verified Stripe event into the provider-neutral event the billing feature handles. */
function toProviderEvent(e: Stripe.Event): ProviderEvent {
  const base = { id: e.id, created: new Date(e.created * 1000) };
  const object = e.data.object as unknown;
  switch (e.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return { ...base, type: e.type, session: toCheckoutSession(object as Stripe.Checkout.Session) };
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { ...base, type: e.type, subscription: toSubscription(object as Stripe.Subscription) };
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return { ...base, type: e.type, invoice: toInvoice(object as Stripe.Invoice) };
    case 'charge.refunded':
      return { ...base, type: e.type, charge: toCharge(object as Stripe.Charge) };
    default:
      return { ...base, type: 'ignored', originalType: e.type };
  }
}

function sdkConfig(apiBase: string | null | undefined): Stripe.StripeConfig {
  const config: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (apiBase) {
    const u = new URL(apiBase);
    config.host = u.hostname;
    config.port = u.port || (u.protocol === 'http:' ? '80' : '443');
    config.protocol = u.protocol === 'http:' ? 'http' : 'https';
  }
  return config;
}

function isMissing(e: unknown): boolean {
  return e instanceof Stripe.errors.StripeInvalidRequestError && (e.statusCode === 404 || e.code === 'resource_missing');
}

/** Stripe Checkout (subscription and payment mode), the Customer Portal and signed webhooks. */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, sdkConfig(options.apiBase));
  const tolerance = options.webhookToleranceS ?? 300;
  const missing = [!options.priceBasic && 'STRIPE_PRICE_BASIC', !options.pricePro && 'STRIPE_PRICE_PRO'].filter(Boolean);
  const call = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (e) {
      throw new ProviderError(`Stripe ${what} failed: ${(e as Error).message}`, { cause: e });
    }
  };

  /** A hosted checkout for the buyer's customer, carrying the server's metadata; `params` say what is sold. */
  const createCheckoutSession = (input: CreateSubscriptionCheckoutInput | CreatePaymentCheckoutInput, params: Stripe.Checkout.SessionCreateParams) =>
    call('checkout creation', async () =>
      toCheckoutSession(
        await stripe.checkout.sessions.create(
          {
            ...params,
            customer: input.customerId,
            client_reference_id: input.userId,
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      ),
    );

  return {
    kind: 'stripe',
    displayName: 'Stripe',
    priceIds: { Basic: options.priceBasic, Pro: options.pricePro },
    configurationProblem: missing.length ? `Stripe is not fully configured: set ${missing.join(' and ')} on the server.` : null,

    createCustomer: ({ email, userId }) =>
      call('customer creation', async () => {
        const c = await stripe.customers.create({ email, metadata: { user_id: userId } }, { idempotencyKey: `customer-${userId}` });
        return { id: c.id };
      }),

    deleteCustomer: (customerId) =>
      call('customer deletion', async () => {
        try {
          await stripe.customers.del(customerId);
        } catch (e) {
          // Already deleted (a retried deletion): Stripe answers 404 resource_missing.
          if ((e as { code?: string; statusCode?: number }).code === 'resource_missing' || (e as { statusCode?: number }).statusCode === 404) return;
          throw e;
        }
      }),

    createSubscriptionCheckout: (input: CreateSubscriptionCheckoutInput) =>
      createCheckoutSession(input, {
        mode: 'subscription',
        line_items: [{ price: input.priceId, quantity: 1 }],
        subscription_data: { metadata: input.metadata },
      }),

    createPaymentCheckout: (input: CreatePaymentCheckoutInput) =>
      createCheckoutSession(input, {
        mode: 'payment',
        line_items: [
          {
            price_data: { currency: input.currency, unit_amount: input.unitAmountCents, product_data: { name: input.productName } },
            quantity: input.quantity,
          },
        ],
        payment_intent_data: { metadata: input.metadata },
      }),

    async retrieveCheckoutSession(id) {
      try {
        return toCheckoutSession(await stripe.checkout.sessions.retrieve(id));
      } catch (e) {
        if (isMissing(e)) return null;
        throw new ProviderError(`Stripe session retrieval failed: ${(e as Error).message}`, { cause: e });
      }
    },

    async retrieveSubscription(id) {
      try {
        return toSubscription(await stripe.subscriptions.retrieve(id));
      } catch (e) {
        if (isMissing(e)) return null;
        throw new ProviderError(`Stripe subscription retrieval failed: ${(e as Error).message}`, { cause: e });
      }
    },

    createPortalSession: ({ customerId, returnUrl }) =>
      call('portal session creation', async () => {
        const s = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
        return { url: s.url };
      }),

    async expireCheckoutSession(id) {
      try {
        return toCheckoutSession(await stripe.checkout.sessions.expire(id));
      } catch (e) {
        if (isMissing(e)) return null;
        // Stripe refuses to expire a session that is no longer open (paid meanwhile): report how it is.
        if (e instanceof Stripe.errors.StripeInvalidRequestError) return this.retrieveCheckoutSession(id);
        throw new ProviderError(`Stripe session expiry failed: ${(e as Error).message}`, { cause: e });
      }
    },

    changeSubscriptionPrice: ({ subscriptionId, priceId, idempotencyKey }) =>
      call('subscription price change', async () => {
        const current = await stripe.subscriptions.retrieve(subscriptionId);
        const item = current.items.data[0];
        if (!item) throw new Error(`subscription ${subscriptionId} has no item`);
        const updated = await stripe.subscriptions.update(
          subscriptionId,
          { items: [{ id: item.id, price: priceId }], proration_behavior: 'always_invoice', cancel_at_period_end: false },
          { idempotencyKey },
        );
        return toSubscription(updated);
      }),

    cancelSubscriptionNow: (subscriptionId, idempotencyKey) =>
      call('subscription cancellation', async () => {
        const current = await stripe.subscriptions.retrieve(subscriptionId);
        if (current.status === 'canceled') return toSubscription(current);
        return toSubscription(await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey }));
      }),

    refundCheckoutPayment: (sessionId, idempotencyKey) =>
      call('refund', async () => {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        let paymentIntent = idOf(session.payment_intent as string | { id: string } | null);
        const invoice = idOf(session.invoice as string | { id: string } | null);
        // A subscription checkout's payment is its first invoice's.
        if (!paymentIntent && invoice) {
          const payments = await stripe.invoicePayments.list({ invoice, status: 'paid', limit: 1 });
          paymentIntent = idOf(payments.data[0]?.payment?.payment_intent as string | { id: string } | undefined);
        }
        if (!paymentIntent) throw new Error(`checkout ${sessionId} has no payment to refund`);
        const refund = await stripe.refunds.create({ payment_intent: paymentIntent }, { idempotencyKey });
        return { refundId: refund.id, amountCents: refund.amount };
      }),

    parseWebhook(rawBody, signatureHeader) {
      if (!options.webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set.');
      if (!signatureHeader) throw new WebhookSignatureError('Missing Stripe-Signature header.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, options.webhookSecret, tolerance);
      } catch (e) {
        throw new WebhookSignatureError((e as Error).message);
      }
      return toProviderEvent(event);
    },
  };
}
