import { createIntervalJob } from '../../lib/jobs.ts';
import type { Logger } from '../../lib/logger.ts';

/** How often each process looks for deletions whose grace period ended: the 7 days are kept to within this. */
export const DELETION_TICK_INTERVAL_MS = 15 * 60_000;

/** Carries out due account deletions on the shared job helper; the claim (SKIP LOCKED) makes each one run once across processes. */
export function createAccountJobs(runDueDeletions: () => Promise<{ deleted: number; failed: number }>, logger: Logger) {
  return createIntervalJob({
    name: 'account-deletions',
    everyMs: DELETION_TICK_INTERVAL_MS,
    logger,
    runAtStart: true,
    run: async () => {
      const r = await runDueDeletions();
      if (r.deleted || r.failed) logger.info(r, 'account: scheduled deletions carried out');
    },
  });
}
