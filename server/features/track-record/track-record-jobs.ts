import type { Logger } from '../../lib/logger.ts';
import type { BacktestReport } from './backtest-runner.ts';
import type { RescoreReport } from './rescoring.ts';

/** How often each process looks for users' new analyses and a new data day (the alert tick's pace). */
export const RESCORE_TICK_INTERVAL_MS = 60_000;

/**
 * The re-scoring tick on a timer (never overlapping itself in this process; row claims make it once
 * across processes) and, when switched on, one backtest run in the background after start.
 */
export function createTrackRecordJobs(deps: {
  rescore: () => Promise<RescoreReport>;
  backtest: ((signal: AbortSignal) => Promise<BacktestReport>) | null;
  logger: Logger;
}) {
  const { logger } = deps;
  let timer: ReturnType<typeof setInterval> | undefined;
  let ticking: Promise<void> | undefined;
  let backtesting: Promise<void> | undefined;
  const stopping = new AbortController();
  const tick = () => {
    ticking ??= deps
      .rescore()
      .then((r) => {
        if (r.recorded || r.scored) logger.info(r, 'track record: runs recorded and scored');
      })
      .catch((err) => logger.error({ err }, 'track record: re-scoring failed'))
      .finally(() => {
        ticking = undefined;
      });
    return ticking;
  };
  const backtest = () => {
    if (!deps.backtest) return Promise.resolve();
    backtesting ??= deps
      .backtest(stopping.signal)
      .then((r) => {
        if (r.months) logger.info(r, 'track record: backtest months computed');
      })
      .catch((err) => logger.error({ err }, 'track record: the backtest failed; the next start resumes it'))
      // Its runs are stored already scored; a tick picks up anything the backtest could not.
      .then(() => (stopping.signal.aborted ? undefined : tick()));
    return backtesting;
  };
  return {
    tick,
    backtest,
    start() {
      if (timer) return;
      void tick();
      void backtest();
      timer = setInterval(tick, RESCORE_TICK_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      stopping.abort();
      await Promise.all([ticking, backtesting]);
    },
  };
}
