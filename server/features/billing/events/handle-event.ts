import type { Queryable } from '../../../adapters/db/index.ts';
import type { ProviderEvent } from '../../../adapters/payments/index.ts';
import type { BillingContext } from '../billing-context.ts';
import { markEventProcessed, recordEventToHandle } from '../billing-store.ts';
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
 * handlers, which are idempotent on their own (fulfil, ledger keys, billing_period), so a handling cut
 * short by a crash is simply run again. `ack` (the sandbox's outbox) runs in the transaction that marks the
 * event processed, so the outbox's "handled" and billing's "processed" commit together.
 */
export async function handleEvent(b: BillingContext, event: ProviderEvent, ack?: (tx: Queryable) => Promise<void>): Promise<'processed' | 'duplicate'> {
  const type = event.type === 'ignored' ? event.originalType : event.type;
  // Counted by its known type only: an ignored event's type is the provider's to choose, so it is one series.
  const label = event.type === 'ignored' ? 'ignored' : event.type;
  try {
    const outcome = await handleOnce(b, event, type, ack);
    b.metrics?.paymentEvent(b.provider.kind, label, outcome);
    return outcome;
  } catch (e) {
    b.metrics?.paymentEvent(b.provider.kind, label, 'failed');
    throw e;
  }
}

async function handleOnce(
  b: BillingContext,
  event: ProviderEvent,
  type: string,
  ack: ((tx: Queryable) => Promise<void>) | undefined,
): Promise<'processed' | 'duplicate'> {
  if (!(await recordEventToHandle(b.db, { id: event.id, provider: b.provider.kind, type }))) {
    if (ack) await ack(b.db);
    return 'duplicate';
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
  await b.db.transaction(async (tx) => {
    await markEventProcessed(tx, event.id);
    if (ack) await ack(tx);
  });
  return 'processed';
}
