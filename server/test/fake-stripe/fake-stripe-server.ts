import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { type InvoiceOptions, invoiceObject, type Json, newId, nowS, parseStripeForm, planAmountCents, subscriptionObject } from './fake-stripe-objects.ts';

/**
 * A small Stripe-compatible HTTP server for tests: the real `stripe` SDK talks to it over HTTP on
 * 127.0.0.1 (`{host, port, protocol: 'http'}`), and it builds webhook events in Stripe's shapes
 * (API 2026-10-28), signed with the SDK's own `generateTestHeaderString`.
 * It implements only what the app calls: customers, checkout sessions (create, retrieve, expire),
 * subscriptions (retrieve, update, cancel), invoice payments, refunds, portal sessions.
 */

export interface FakeStripe {
  url: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  /** Every request received, for "no session was created" assertions. */
  requests: Array<{ method: string; path: string; body: Json }>;
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  customers: Map<string, Json>;
  /** Refunds created through the API, in order. */
  refunds: Json[];
  /** Marks a session complete with the given payment status; subscription mode also creates the subscription. */
  completeSession(id: string, paymentStatus?: 'paid' | 'unpaid'): Json;
  /** Marks an `unpaid` session paid (the async payment succeeded). */
  markSessionPaid(id: string): Json;
  /** Changes a subscription (price, cancel_at_period_end, status, period) and returns it. */
  updateSubscription(id: string, changes: { price?: string; cancel_at_period_end?: boolean; status?: string; period?: { start: number; end: number } }): Json;
  /** An invoice for a subscription's period, as `invoice.paid` carries it. */
  buildInvoice(subscriptionId: string, options?: InvoiceOptions): Json;
  /** A charge for a payment-mode session, refunded by `amountRefunded` cents. */
  buildRefundedCharge(sessionId: string, amountRefunded: number): Json;
  /** An event envelope around an object, with a fresh (or given) id. */
  buildEvent(type: string, object: Json, id?: string): Json;
  /** Body and Stripe-Signature header for an event, signed with `secret` at `timestamp` (seconds). */
  signEvent(event: Json, options?: { secret?: string; timestamp?: number }): { body: string; signature: string };
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

export async function startFakeStripe(options: { secretKey?: string; webhookSecret?: string; baseUrl?: string } = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? 'sk_test_fake_local';
  const webhookSecret = options.webhookSecret ?? 'whsec_fake_local';
  const sdk = new Stripe(secretKey);
  const requests: FakeStripe['requests'] = [];
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const refunds: Json[] = [];
  /** Amount charged per payment intent (payment sessions and first subscription invoices). */
  const charged = new Map<string, number>();
  /** Invoice id → its payment intent, for `GET /v1/invoice_payments?invoice=…`. */
  const invoicePayments = new Map<string, { paymentIntent: string; amount: number }>();
  const idempotent = new Map<string, { status: number; body: Json }>();
  let url = '';

  const send = (res: ServerResponse, status: number, body: Json) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(JSON.stringify(body));
  };
  const missing = (res: ServerResponse, what: string, id: string) =>
    send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'`, param: 'id' } });
  const invalid = (res: ServerResponse, message: string, param?: string) => send(res, 400, { error: { type: 'invalid_request_error', message, param } });

  const createSession = (p: Json): Json => {
    const mode = p.mode;
    if (mode !== 'subscription' && mode !== 'payment') throw new Error('mode must be subscription or payment');
    const items = (p.line_items ?? []) as Json[];
    if (!items.length) throw new Error('line_items is required');
    let amount = 0;
    for (const li of items) {
      const q = Number(li.quantity ?? 1);
      if (li.price_data) amount += Number(li.price_data.unit_amount) * q;
      else if (li.price) amount += planAmountCents(li.price) * q;
    }
    const id = newId('cs_test');
    const s = {
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amount,
      currency: items[0]?.price_data?.currency ?? 'usd',
      customer: p.customer ?? null,
      customer_email: p.customer_email ?? null,
      client_reference_id: p.client_reference_id ?? null,
      metadata: p.metadata ?? {},
      subscription: null,
      payment_intent: null,
      invoice: null,
      success_url: p.success_url,
      cancel_url: p.cancel_url,
      url: `${options.baseUrl ?? url}/pay/${id}`,
      created: nowS(),
      expires_at: nowS() + 24 * 3600,
      _line_items: items,
    };
    sessions.set(id, s);
    return s;
  };

  const publicSession = (s: Json) => {
    const { _line_items, ...rest } = s;
    return rest;
  };

  const server: Server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const [path = '', search = ''] = (req.url ?? '').split('?');
    const query = new URLSearchParams(search);
    const body = req.method === 'POST' ? parseStripeForm(raw) : {};
    requests.push({ method: req.method ?? '', path, body });
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    }
    const key = req.headers['idempotency-key'];
    const cacheKey = req.method === 'POST' && typeof key === 'string' ? `${path} ${key}` : null;
    if (cacheKey && idempotent.has(cacheKey)) {
      const hit = idempotent.get(cacheKey)!;
      return send(res, hit.status, hit.body);
    }
    const reply = (status: number, out: Json) => {
      if (cacheKey) idempotent.set(cacheKey, { status, body: out });
      send(res, status, out);
    };
    try {
      const sessionPath = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
      const subscriptionPath = path.match(/^\/v1\/subscriptions\/([^/]+)$/);
      const expirePath = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
      if (req.method === 'POST' && path === '/v1/customers') {
        const c = { id: newId('cus'), object: 'customer', email: body.email ?? null, metadata: body.metadata ?? {}, created: nowS() };
        customers.set(c.id, c);
        return reply(200, c);
      }
      const customerPath = path.match(/^\/v1\/customers\/([^/]+)$/);
      if (req.method === 'DELETE' && customerPath) {
        const id = decodeURIComponent(customerPath[1]!);
        if (!customers.delete(id)) return missing(res, 'customer', id);
        for (const sub of subscriptions.values()) if (sub.customer === id && sub.status !== 'canceled') sub.status = 'canceled';
        return send(res, 200, { id, object: 'customer', deleted: true });
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        if (body.customer && !customers.has(body.customer)) return missing(res, 'customer', body.customer);
        return reply(200, publicSession(createSession(body)));
      }
      if (req.method === 'GET' && sessionPath) {
        const s = sessions.get(decodeURIComponent(sessionPath[1]!));
        return s ? send(res, 200, publicSession(s)) : missing(res, 'checkout.session', sessionPath[1]!);
      }
      if (req.method === 'POST' && expirePath) {
        const s = sessions.get(decodeURIComponent(expirePath[1]!));
        if (!s) return missing(res, 'checkout.session', expirePath[1]!);
        if (s.status !== 'open')
          return invalid(res, `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${s.status}".`);
        s.status = 'expired';
        s.url = null;
        return reply(200, publicSession(s));
      }
      if (subscriptionPath) {
        const sub = subscriptions.get(decodeURIComponent(subscriptionPath[1]!));
        if (!sub) return missing(res, 'subscription', subscriptionPath[1]!);
        if (req.method === 'GET') return send(res, 200, sub);
        if (req.method === 'DELETE') {
          if (sub.status === 'canceled') return invalid(res, `A canceled subscription can only update its cancellation_details and metadata.`);
          sub.status = 'canceled';
          sub.canceled_at = nowS();
          return reply(200, sub);
        }
        if (req.method === 'POST') {
          const item = sub.items.data[0];
          const wanted = (body.items ?? [])[0];
          if (wanted && wanted.id !== item.id) return invalid(res, `No such subscription item: '${wanted.id}'`, 'items[0][id]');
          if (wanted?.price) item.price = { id: wanted.price, object: 'price' };
          if (body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
          return reply(200, sub);
        }
      }
      if (req.method === 'GET' && path === '/v1/invoice_payments') {
        const found = invoicePayments.get(query.get('invoice') ?? '');
        const data = found
          ? [
              {
                id: newId('inpay'),
                object: 'invoice_payment',
                invoice: query.get('invoice'),
                status: 'paid',
                amount_paid: found.amount,
                payment: { type: 'payment_intent', payment_intent: found.paymentIntent },
              },
            ]
          : [];
        return send(res, 200, { object: 'list', data, has_more: false, url: '/v1/invoice_payments' });
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        const amount = charged.get(body.payment_intent);
        if (amount === undefined) return missing(res, 'payment_intent', body.payment_intent);
        const already = refunds.filter((r) => r.payment_intent === body.payment_intent).reduce((n, r) => n + r.amount, 0);
        if (already >= amount) return invalid(res, `Charge for ${body.payment_intent} has already been refunded.`);
        const refund = {
          id: newId('re'),
          object: 'refund',
          payment_intent: body.payment_intent,
          amount: body.amount ? Number(body.amount) : amount - already,
          status: 'succeeded',
          created: nowS(),
        };
        refunds.push(refund);
        return reply(200, refund);
      }
      if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
        if (!customers.has(body.customer)) return missing(res, 'customer', body.customer);
        return reply(200, {
          id: newId('bps'),
          object: 'billing_portal.session',
          customer: body.customer,
          return_url: body.return_url,
          url: `${url}/portal/${body.customer}`,
        });
      }
      return send(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` } });
    } catch (e) {
      return invalid(res, (e as Error).message);
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  url = `http://127.0.0.1:${port}`;

  const getSession = (id: string) => {
    const s = sessions.get(id);
    if (!s) throw new Error(`fake stripe: no session ${id}`);
    return s;
  };

  return {
    url,
    port,
    secretKey,
    webhookSecret,
    requests,
    sessions,
    subscriptions,
    customers,
    refunds,
    completeSession(id, paymentStatus = 'paid') {
      const s = getSession(id);
      s.status = 'complete';
      s.payment_status = paymentStatus;
      s.url = null;
      if (s.mode === 'subscription' && !s.subscription) {
        const sub = subscriptionObject(newId('sub'), s.customer, s._line_items[0].price, s.metadata);
        subscriptions.set(sub.id, sub);
        s.subscription = sub.id;
        s.invoice = newId('in');
        const paymentIntent = newId('pi');
        charged.set(paymentIntent, s.amount_total);
        invoicePayments.set(s.invoice, { paymentIntent, amount: s.amount_total });
      }
      if (s.mode === 'payment' && !s.payment_intent) {
        s.payment_intent = newId('pi');
        charged.set(s.payment_intent, s.amount_total);
      }
      return publicSession(s);
    },
    markSessionPaid(id) {
      const s = getSession(id);
      s.payment_status = 'paid';
      return publicSession(s);
    },
    updateSubscription(id, changes) {
      const sub = subscriptions.get(id);
      if (!sub) throw new Error(`fake stripe: no subscription ${id}`);
      const item = sub.items.data[0];
      if (changes.price) item.price = { id: changes.price, object: 'price' };
      if (changes.cancel_at_period_end !== undefined) sub.cancel_at_period_end = changes.cancel_at_period_end;
      if (changes.status) sub.status = changes.status;
      if (changes.period) {
        item.current_period_start = changes.period.start;
        item.current_period_end = changes.period.end;
      }
      return sub;
    },
    buildInvoice(subscriptionId, o = {}) {
      const sub = subscriptions.get(subscriptionId);
      if (!sub) throw new Error(`fake stripe: no subscription ${subscriptionId}`);
      return invoiceObject(sub, o);
    },
    buildRefundedCharge(sessionId, amountRefunded) {
      const s = getSession(sessionId);
      return {
        id: newId('ch'),
        object: 'charge',
        amount: s.amount_total,
        amount_refunded: amountRefunded,
        refunded: amountRefunded >= s.amount_total,
        payment_intent: s.payment_intent,
        customer: s.customer,
      };
    },
    buildEvent(type, object, id) {
      return {
        id: id ?? newId('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: nowS(),
        type,
        livemode: false,
        pending_webhooks: 1,
        data: { object },
      };
    },
    signEvent(event, o = {}) {
      const body = JSON.stringify(event);
      const signature = sdk.webhooks.generateTestHeaderString({ payload: body, secret: o.secret ?? webhookSecret, timestamp: o.timestamp ?? nowS() });
      return { body, signature };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
