import type { BillingContext } from '../billing-context.ts';
import { markSessionPaymentFailed } from '../billing-store.ts';
import type { EventOf } from './handle-event.ts';

/** An asynchronous payment (bank debit) that failed: the checkout will never be paid. */
export async function handleCheckoutPaymentFailed(b: BillingContext, event: EventOf<'checkout.session.async_payment_failed'>) {
  await markSessionPaymentFailed(b.db, event.session.id);
}
