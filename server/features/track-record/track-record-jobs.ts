import { createIntervalJob } from '../../lib/jobs.ts';
import type { Logger } from '../../lib/logger.ts';
import type { AppMetrics } from '../../lib/metrics.ts';
import type { BacktestReport } from './backtest-runner.ts';
import type { RescoreReport } from './rescoring.ts';

/** How often each process looks for users' new analyses and a new data day (the alert tick's pace). */
const RESCORE_TICK_INTERVAL_MS = 60_000;

/**
 * The re-scoring tick on an interval job (never overlapping itself in this process; row claims make it once
 * across processes) and, when switched on, one backtest run in the background after start.
 */
export function createTrackRecordJobs(deps: {
  rescore: () => Promise<RescoreReport>;
  backtest: ((signal: AbortSignal) => Promise<BacktestReport>) | null;
  logger: Logger;
  metrics?: AppMetrics;
}) {
  const { logger } = deps;
  const rescoring = createIntervalJob({
    name: 'track-record-rescore',
    everyMs: RESCORE_TICK_INTERVAL_MS,
    runAtStart: true,
    logger,
    metrics: deps.metrics,
    run: async (log) => {
      const r = await deps.rescore();
      if (r.recorded || r.scored) log.info(r, 'track record: runs recorded and scored');
    },
  });
  let backtesting: Promise<void> | undefined;
  const stopping = new AbortController();
  const backtest = () => {
    if (!deps.backtest) return Promise.resolve();
    backtesting ??= deps
      .backtest(stopping.signal)
      .then((r) => {
        if (r.months) logger.info(r, 'track record: backtest months computed');
      })
      .catch((err) => logger.error({ err }, 'track record: the backtest failed; the next start resumes it'))
      // Its runs are stored already scored; a tick picks up anything the backtest could not.
      .then(() => (stopping.signal.aborted ? undefined : rescoring.runNow()));
    return backtesting;
  };
  return {
    tick: rescoring.runNow,
    backtest,
    start() {
      rescoring.start();
      void backtest();
    },
    async stop() {
      stopping.abort();
      await Promise.all([rescoring.stop(), backtesting]);
    },
  };
}
