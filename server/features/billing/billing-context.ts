import type { Tier } from '../../../core/tokens/index.ts';
import type { Database } from '../../adapters/db/index.ts';
import type { PaymentProvider } from '../../adapters/payments/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { AppMetrics } from '../../lib/metrics.ts';
import type { LedgerService } from '../tokens/index.ts';

/** What every billing function works with; built once by the feature's index.ts. */
export interface BillingContext {
  db: Database;
  ledger: LedgerService;
  provider: PaymentProvider;
  logger: Logger;
  baseUrl: string;
  now: () => Date;
  /** Where checkouts opened and provider events handled are counted (ctx.metrics; absent: not counted). */
  metrics?: AppMetrics;
}

/** The ledger's actor for every credit or tier change made by payments. */
export const ACTOR = 'payments';
/** Provider subscription states in which the paid tier applies. */
export const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);
/** States in which the subscription is over: the user goes back to Free now. */
export const ENDED_STATUSES = new Set(['canceled', 'unpaid', 'incomplete_expired']);

export const isoOrNull = (v: unknown) => (v == null ? null : new Date(String(v)).toISOString());

/** The paid tier a provider price stands for, or null for a price the server does not know. */
export function findTierForPrice(b: BillingContext, priceId: string | null): Exclude<Tier, 'Free'> | null {
  if (!priceId) return null;
  if (priceId === b.provider.priceIds.Basic) return 'Basic';
  if (priceId === b.provider.priceIds.Pro) return 'Pro';
  return null;
}

/** Runs a provider call a buyer waits for: a failure is logged and answered as UPSTREAM_ERROR. */
export async function callProvider<T>(b: BillingContext, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof AppError) throw e;
    b.logger.error({ err: e, provider: b.provider.kind }, `payment provider: ${what} failed`);
    throw new AppError('UPSTREAM_ERROR', 'The payment provider did not answer. Please try again.', { cause: e });
  }
}
