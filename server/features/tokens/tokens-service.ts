import { type Database, statementsInFlight } from '../../adapters/db/index.ts';
import { batchWhileBusy } from '../../lib/batch-while-busy.ts';
import { getAccount, openAccount, selectAccounts } from './tokens-accounts-store.ts';
import { chargeFor } from './charge-for.ts';
import { capture, expireStaleHolds, hold, release, withHold } from './tokens-holds-store.ts';
import { DEFAULT_HOLD_TTL_MS, type LedgerContext } from './ledger-context.ts';
import type { LedgerService } from './ledger-types.ts';
import { adjust, creditPurchase, grantAllocation, reversePurchase } from './tokens-purchases-store.ts';
import { getDailyUsage, listEntries, listHolds, reconcile } from './tokens-reports-store.ts';
import { markPeriodPaid, runMonthlyResets } from './tokens-resets-store.ts';
import { changeTier } from './tokens-tier-changes-store.ts';

export type * from './ledger-types.ts';
export { DEFAULT_HOLD_TTL_MS, type LedgerContext } from './ledger-context.ts';

interface LedgerServiceOptions {
  /** Current time (ctx.now); hold TTLs, periods and resets use it, never the database clock. */
  now?: () => Date;
  /** Default hold TTL in ms (10 minutes). */
  defaultHoldTtlMs?: number;
  /** Where the ledger reports what it cannot throw (the tokens feature passes ctx.logger). */
  logger?: LedgerContext['logger'];
  /** Where holds, captures, releases and expiries are counted (the tokens feature passes ctx.metrics). */
  metrics?: LedgerContext['metrics'];
}

/**
 * The ledger on PostgreSQL or PGlite, bound to one context. Hot paths (hold, capture, release, expire) are ONE
 * statement each (`tokens-statements-store.ts`): the conditional UPDATE, the hold row and the ledger row commit or fail
 * together. The rarer writes lock the account row (`FOR UPDATE`) inside a transaction, so concurrent writers of one
 * user queue up and idempotency keys are checked under that lock.
 */
export function createTokensService(db: Database, options: LedgerServiceOptions = {}): LedgerService {
  const ctx: LedgerContext = {
    db,
    now: options.now ?? (() => new Date()),
    defaultHoldTtlMs: options.defaultHoldTtlMs ?? DEFAULT_HOLD_TTL_MS,
    logger: options.logger,
    metrics: options.metrics,
    readAccount: batchWhileBusy((userIds: string[]) => selectAccounts(db, userIds), { maxInFlight: statementsInFlight(db) }),
  };
  return {
    openAccount: (userId) => openAccount(ctx, userId),
    getAccount: (userId) => getAccount(ctx, userId),
    grantAllocation: (userId, amountMt, opts) => grantAllocation(ctx, userId, amountMt, opts),
    creditPurchase: (userId, request) => creditPurchase(ctx, userId, request),
    hold: (userId, costMt, idempotencyKey, opts) => hold(ctx, userId, { ...opts, costMt, idempotencyKey }),
    capture: (userId, holdId, opts) => capture(ctx, userId, holdId, opts),
    release: (userId, holdId, opts) => release(ctx, userId, holdId, opts),
    withHold: (userId, request, work) => withHold(ctx, userId, request, work),
    chargeFor: (userId, action, key, work, opts) => chargeFor(ctx, userId, action, key, work, opts),
    expireStaleHolds: (opts) => expireStaleHolds(ctx, opts),
    changeTier: (userId, tier, opts) => changeTier(ctx, userId, tier, opts),
    markPeriodPaid: (userId, opts) => markPeriodPaid(ctx, userId, opts),
    runMonthlyResets: (opts) => runMonthlyResets(ctx, opts),
    reversePurchase: (userId, purchaseKey, opts) => reversePurchase(ctx, userId, purchaseKey, opts),
    adjust: (userId, deltaMt, opts) => adjust(ctx, userId, deltaMt, opts),
    listHolds: (userId, opts) => listHolds(ctx, userId, opts),
    listEntries: (userId, opts) => listEntries(ctx, userId, opts),
    getDailyUsage: (userId, days) => getDailyUsage(ctx, userId, days),
    reconcile: (opts) => reconcile(ctx, opts),
  };
}

/** What other features receive as `ledger` (its methods are `LedgerService`'s, documented in ledger-types.ts). */
export type TokensService = ReturnType<typeof createTokensService>;
