import { planPriceCents } from '../../../core/tokens/catalog.ts';

/** Stripe-shaped objects (API 2026-10-28) the fake server stores and the tests send as event payloads. */

// biome-ignore lint/suspicious/noExplicitAny: Stripe objects are free-form JSON here, shaped by the fake
export type Json = Record<string, any>;

export const MONTH_S = 30 * 24 * 3600;
let seq = 0;
export const newId = (prefix: string) => `${prefix}_fake${Date.now().toString(36)}${(++seq).toString(36).padStart(4, '0')}`;
export const nowS = () => Math.floor(Date.now() / 1000);

/** Parses Stripe's form encoding (`a[b][0][c]=x`) into nested objects and arrays. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p) => p !== '');
    // biome-ignore lint/suspicious/noExplicitAny: walks nested objects and arrays built from the form keys
    let node: any = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]!);
      if (last) node[part] = value;
      else {
        node[part] ??= nextIsIndex ? [] : {};
        node = node[part];
      }
    });
  }
  return root;
}

/** What a plan price costs: the fake knows the two test prices (Pro is `price_pro_fake`, anything else is Basic). */
export const planAmountCents = (price: string) => (price === 'price_pro_fake' ? planPriceCents.Pro : planPriceCents.Basic);

export const subscriptionObject = (id: string, customer: string, price: string, metadata: Json, period = { start: nowS(), end: nowS() + MONTH_S }) => ({
  id,
  object: 'subscription',
  customer,
  status: 'active',
  cancel_at_period_end: false,
  canceled_at: null,
  created: nowS(),
  metadata,
  items: {
    object: 'list',
    data: [
      {
        id: newId('si'),
        object: 'subscription_item',
        price: { id: price, object: 'price' },
        quantity: 1,
        current_period_start: period.start,
        current_period_end: period.end,
      },
    ],
  },
});

/** An invoice for a subscription's period, as `invoice.paid` carries it. */
export function invoiceObject(sub: Json, o: InvoiceOptions): Json {
  const item = sub.items.data[0];
  const period = o.period ?? { start: item.current_period_start, end: item.current_period_end };
  const price = o.price ?? item.price.id;
  const amount = planAmountCents(price);
  const status = o.status ?? 'paid';
  return {
    id: o.id ?? newId('in'),
    object: 'invoice',
    customer: sub.customer,
    status,
    billing_reason: o.billingReason ?? 'subscription_cycle',
    amount_due: amount,
    amount_paid: status === 'paid' ? amount : 0,
    period_start: period.start - MONTH_S,
    period_end: period.start,
    parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
    lines: {
      object: 'list',
      data: [{ id: newId('il'), object: 'line_item', period, pricing: { type: 'price_details', price_details: { price, product: 'prod_fake' } } }],
    },
  };
}

export type InvoiceOptions = { billingReason?: string; price?: string; period?: { start: number; end: number }; status?: 'paid' | 'open'; id?: string };
