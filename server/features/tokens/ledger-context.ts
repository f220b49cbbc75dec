import type { Database, Queryable } from '../../adapters/db/index.ts';
import type { Logger } from '../../lib/logger.ts';
import type { AppMetrics } from '../../lib/metrics.ts';
import type { AccountRow } from './tokens-statements-store.ts';

/** What every ledger function needs, passed first: the database, the clock, the hold TTL, where to report trouble. */
export interface LedgerContext {
  db: Database;
  /** Current time (ctx.now); hold TTLs, periods and resets use it, never the database clock. */
  now: () => Date;
  defaultHoldTtlMs: number;
  /** Hears what the ledger cannot throw to its caller (a failed release after failed work). */
  logger?: Pick<Logger, 'error'>;
  /** Counts holds, refusals, captures, releases and expiries (ctx.metrics; absent: not counted). */
  metrics?: AppMetrics['ledger'];
  /** Reads one account outside any transaction; the reads asked while one is in flight share the next statement. */
  readAccount: (userId: string) => Promise<AccountRow | undefined>;
}

export const DEFAULT_HOLD_TTL_MS = 10 * 60_000;

/** Runs `fn` in the caller's transaction when given, else in a new one. */
export function runInTransaction<T>(ctx: LedgerContext, tx: Queryable | undefined, fn: (q: Queryable) => Promise<T>): Promise<T> {
  return tx ? fn(tx) : ctx.db.transaction(fn);
}
