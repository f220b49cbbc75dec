import { sql } from 'drizzle-orm';
import type { ProviderEvent } from '../../../adapters/payments/index.ts';
import type { BillingContext } from '../billing-context.ts';
import { handleChargeRefunded } from './charge-refunded.ts';
import { handleCheckoutCompleted } from './checkout-completed.ts';
import { handleCheckoutExpired } from './checkout-expired.ts';
import { handleCheckoutPaymentFailed } from './checkout-payment-failed.ts';
import { handleInvoicePaid } from './invoice-paid.ts';
import { handleInvoicePaymentFailed } from './invoice-payment-failed.ts';
import { handleSubscriptionChanged } from './subscription-changed.ts';

/** The provider event of one `type`, narrowed. */
export type EventOf<T extends ProviderEvent['type']> = Extract<ProviderEvent, { type: T }>;

/**
 * Handles one provider event at most once to completion: the event id is recorded (unique), and a
 * replay of a processed event does nothing. Concurrent deliveries of one event may both run the
 * handlers, which are idempotent on their own (fulfil, ledger keys, billing_period).
 */
export async function handleEvent(b: BillingContext, event: ProviderEvent): Promise<'processed' | 'duplicate'> {
  const type = event.type === 'ignored' ? event.originalType : event.type;
  const inserted = await b.db.query(sql`
    INSERT INTO billing_event (event_id, provider, type) VALUES (${event.id}, ${b.provider.kind}, ${type})
    ON CONFLICT (event_id) DO NOTHING RETURNING event_id`);
  if (inserted.length === 0) {
    const [seen] = await b.db.query<{ processed_at: string | null }>(sql`SELECT processed_at FROM billing_event WHERE event_id = ${event.id}`);
    if (seen?.processed_at) return 'duplicate';
  }
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      await handleCheckoutCompleted(b, event);
      break;
    case 'checkout.session.expired':
      await handleCheckoutExpired(b, event);
      break;
    case 'checkout.session.async_payment_failed':
      await handleCheckoutPaymentFailed(b, event);
      break;
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      await handleSubscriptionChanged(b, event);
      break;
    case 'invoice.paid':
      await handleInvoicePaid(b, event);
      break;
    case 'invoice.payment_failed':
      handleInvoicePaymentFailed(b, event);
      break;
    case 'charge.refunded':
      await handleChargeRefunded(b, event);
      break;
    case 'ignored':
      break;
  }
  await b.db.query(sql`UPDATE billing_event SET processed_at = now() WHERE event_id = ${event.id} AND processed_at IS NULL`);
  return 'processed';
}
