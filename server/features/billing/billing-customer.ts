import type { Queryable } from '../../adapters/db/index.ts';
import type { SessionUser } from '../../http/app-env.ts';
import type { Tier } from '../../../core/tokens/index.ts';
import { type BillingContext, callProvider, findTierForPrice } from './billing-context.ts';
import { insertCustomer, selectCustomerId, selectUserByCustomer } from './billing-store.ts';

/** The user's provider customer, created on first need (a lost race leaves one unused customer at the provider). */
export async function ensureCustomer(b: BillingContext, user: SessionUser): Promise<string> {
  const [existing] = await selectCustomerId(b.db, user.id, b.provider.kind);
  if (existing) return existing.customer_id;
  const created = await callProvider(b, 'customer creation', () => b.provider.createCustomer({ email: user.email, userId: user.id }));
  // A concurrent first checkout may have won (its customer is kept); a customer of the other provider
  // (the database moved from the sandbox to Stripe) is replaced.
  await insertCustomer(b.db, user.id, b.provider.kind, created.id);
  const [row] = await selectCustomerId(b.db, user.id, b.provider.kind);
  return row!.customer_id;
}

export async function findUserByCustomer(q: Queryable, customerId: string | null): Promise<string | null> {
  if (!customerId) return null;
  return selectUserByCustomer(q, customerId);
}

/**
 * The user and paid tier a provider object (subscription or invoice) stands for, or null — logged — when
 * the server knows neither its customer nor its price: such an object changes nothing.
 */
export async function findBilledUser(
  b: BillingContext,
  q: Queryable,
  billed: { kind: 'subscription' | 'invoice'; id: string; customerId: string | null; priceId: string | null },
): Promise<{ userId: string; tier: Exclude<Tier, 'Free'> } | null> {
  const userId = await findUserByCustomer(q, billed.customerId);
  if (!userId) {
    b.logger.warn({ [billed.kind]: billed.id, customer: billed.customerId }, `payments: ${billed.kind} for a customer the server does not know; ignored`);
    return null;
  }
  const tier = findTierForPrice(b, billed.priceId);
  if (!tier) {
    b.logger.error(
      { [billed.kind]: billed.id, price: billed.priceId },
      `payments: ${billed.kind} with a price the server does not know; no tier change or allocation`,
    );
    return null;
  }
  return { userId, tier };
}
