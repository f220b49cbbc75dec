import type { BillingContext } from '../billing-context.ts';
import type { EventOf } from './handle-event.ts';

/**
 * A renewal the provider could not charge. Nothing to write: the subscription turns past_due through its own
 * event, and the ledger's reset withholds the new period's allocation until `invoice.paid`.
 */
export function handleInvoicePaymentFailed(b: BillingContext, event: EventOf<'invoice.payment_failed'>) {
  const inv = event.invoice;
  b.logger.warn(
    { invoice: inv.id, subscription: inv.subscriptionId, customer: inv.customerId, billingReason: inv.billingReason },
    'payments: invoice payment failed; the period allocation waits for payment',
  );
}
