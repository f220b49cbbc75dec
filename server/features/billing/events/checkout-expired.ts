import type { BillingContext } from '../billing-context.ts';
import { fulfill } from '../fulfilment.ts';
import type { EventOf } from './handle-event.ts';

/**
 * An expired checkout goes through `fulfill` too: it marks the row expired, unless the provider's current
 * state says the session was paid meanwhile, which is then credited.
 */
export async function handleCheckoutExpired(b: BillingContext, event: EventOf<'checkout.session.expired'>) {
  const current = (await b.provider.retrieveCheckoutSession(event.session.id)) ?? event.session;
  await fulfill(b, current, `event:${event.type}`);
}
