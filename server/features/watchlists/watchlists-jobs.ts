import type { Logger } from '../../lib/logger.ts';
import type { AppMetrics } from '../../lib/metrics.ts';
import { createIntervalJob } from '../../lib/jobs.ts';
import type { TickReport } from './alert-evaluation.ts';

/**
 * How often each process looks for a data refresh. The bundled snapshot changes only when it is replaced
 * (a restart runs a tick at once); live daily bars move once a day: a minute is prompt for both.
 */
const ALERT_TICK_INTERVAL_MS = 60_000;

/** The alert tick on the shared job helper: never overlapping in this process; conditional updates make it once across processes. */
export function createWatchlistsJobs(runTick: () => Promise<TickReport>, logger: Logger, metrics?: AppMetrics) {
  return createIntervalJob({
    name: 'watchlists',
    everyMs: ALERT_TICK_INTERVAL_MS,
    logger,
    metrics,
    runAtStart: true,
    run: async (log) => {
      const r = await runTick();
      if (r.changed || r.fired || r.emailed) log.info(r, 'watchlists: alerts evaluated on new data');
    },
  });
}
