import type { BillingContext } from '../billing-context.ts';
import { findUserByCustomer } from '../billing-customer.ts';
import { expireOtherOpenCheckouts } from '../checkout-rows.ts';
import { syncSubscription } from '../fulfilment.ts';
import type { EventOf } from './handle-event.ts';

/**
 * Created, updated and deleted are one handler: events can arrive out of order, so it acts on the
 * provider's current state of the subscription, never on the event's copy.
 */
export async function handleSubscriptionChanged(
  b: BillingContext,
  event: EventOf<'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted'>,
) {
  const current = (await b.provider.retrieveSubscription(event.subscription.id)) ?? event.subscription;
  await b.db.transaction((tx) => syncSubscription(b, tx, current, `event:${event.id}`));
  // A user who is now Free may not top up: their open top-up checkouts are expired (issue 10).
  const userId = await findUserByCustomer(b.db, current.customerId);
  if (!userId || (await b.ledger.getAccount(userId)).tier !== 'Free') return;
  await expireOtherOpenCheckouts(b, { userId, kind: 'topup', keep: null, reason: 'downgraded to Free' });
}
