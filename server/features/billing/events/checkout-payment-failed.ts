import { sql } from 'drizzle-orm';
import type { BillingContext } from '../billing-context.ts';
import type { EventOf } from './handle-event.ts';

/** An asynchronous payment (bank debit) that failed: the checkout will never be paid. */
export async function handleCheckoutPaymentFailed(b: BillingContext, event: EventOf<'checkout.session.async_payment_failed'>) {
  await b.db.query(sql`
    UPDATE checkout_session SET status = 'failed', updated_at = now() WHERE provider_session_id = ${event.session.id} AND status IN ('open', 'processing')`);
}
