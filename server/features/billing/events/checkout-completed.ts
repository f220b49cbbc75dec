import type { BillingContext } from '../billing-context.ts';
import { fulfill } from '../fulfilment.ts';
import type { EventOf } from './handle-event.ts';

/** A paid (or async-paid) checkout. The event's copy can be stale (async payments): the provider's current state is fulfilled. */
export async function handleCheckoutCompleted(b: BillingContext, event: EventOf<'checkout.session.completed' | 'checkout.session.async_payment_succeeded'>) {
  const current = (await b.provider.retrieveCheckoutSession(event.session.id)) ?? event.session;
  await fulfill(b, current, `event:${event.type}`);
}
