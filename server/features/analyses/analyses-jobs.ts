import type { Database } from '../../adapters/db/index.ts';
import { createIntervalJob } from '../../lib/jobs.ts';
import type { Logger } from '../../lib/logger.ts';
import type { AppMetrics } from '../../lib/metrics.ts';
import { purgeUnservedAnalyses } from './analyses-store.ts';

const PURGE_INTERVAL_MS = 3_600_000;
/** A failed attempt's row is kept a day: long enough to look into a fault, never served meanwhile. */
export const UNSERVED_ROW_KEPT_MS = 86_400_000;

/** The hourly purge of rows left by failed attempts (timeouts, faults before the capture, killed processes). */
export function createAnalysesJobs(db: Database, now: () => Date, logger: Logger, metrics?: AppMetrics) {
  const purgeJob = createIntervalJob({
    name: 'analyses-purge',
    everyMs: PURGE_INTERVAL_MS,
    logger,
    metrics,
    run: async (log) => {
      const purged = await purgeUnservedAnalyses(db, new Date(now().getTime() - UNSERVED_ROW_KEPT_MS).toISOString());
      if (purged) log.info({ purged }, 'analyses: purged rows of failed attempts');
    },
  });
  return { purge: purgeJob.runNow, start: purgeJob.start, stop: purgeJob.stop };
}
