import { createIntervalJob } from '../../lib/jobs.ts';
import type { Logger } from '../../lib/logger.ts';
import type { AppMetrics } from '../../lib/metrics.ts';

/** How often each process looks for deletions whose grace period ended: the 7 days are kept to within this. */
export const DELETION_TICK_INTERVAL_MS = 15 * 60_000;

/** Carries out due account deletions on the shared job helper; the claim (SKIP LOCKED) makes each one run once across processes. */
export function createAccountJobs(runDueDeletions: () => Promise<{ deleted: number; failed: number }>, logger: Logger, metrics?: AppMetrics) {
  return createIntervalJob({
    name: 'account-deletions',
    everyMs: DELETION_TICK_INTERVAL_MS,
    logger,
    metrics,
    runAtStart: true,
    run: async (log) => {
      const r = await runDueDeletions();
      if (r.deleted || r.failed) log.info(r, 'account: scheduled deletions carried out');
    },
  });
}
