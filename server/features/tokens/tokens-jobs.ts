import { createIntervalJob } from '../../lib/jobs.ts';
import type { Logger } from '../../lib/logger.ts';
import type { AppMetrics } from '../../lib/metrics.ts';
import type { LedgerService } from './ledger-types.ts';

/** Sweeper and reset check period. Holds live minutes, resets are monthly: 30 s is prompt enough for both. */
const TOKENS_JOB_INTERVAL_MS = 30_000;

/**
 * The sweeper of stale holds and the monthly resets, on one interval job (first tick at start; a tick never
 * overlaps the previous one); each unit is done once across processes by conditional updates.
 */
export function createTokensJobs(ledger: LedgerService, logger: Logger, metrics?: AppMetrics) {
  return createIntervalJob({
    name: 'tokens',
    everyMs: TOKENS_JOB_INTERVAL_MS,
    runAtStart: true,
    logger,
    metrics,
    run: async (log) => {
      const expired = await ledger.expireStaleHolds();
      const reset = await ledger.runMonthlyResets();
      if (expired || reset) log.info({ expired, reset }, 'tokens: expired stale holds / ran monthly resets');
    },
  });
}
