import type { Logger } from '../../lib/logger.ts';
import type { TickReport } from './alert-evaluation.ts';

/**
 * How often each process looks for a data refresh. The bundled snapshot changes only when it is replaced
 * (a restart runs a tick at once); live daily bars move once a day: a minute is prompt for both.
 */
export const ALERT_TICK_INTERVAL_MS = 60_000;

/** The alert tick on a timer; a tick never overlaps the previous one in this process, and conditional updates make it once across processes. */
export function createWatchlistJobs(runTick: () => Promise<TickReport>, logger: Logger) {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return running;
    running = runTick()
      .then((r) => {
        if (r.changed || r.fired || r.emailed) logger.info(r, 'watchlists: alerts evaluated on new data');
      })
      .catch((err) => logger.error({ err }, 'watchlists: alert tick failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  return {
    tick,
    start() {
      if (timer) return;
      void tick();
      timer = setInterval(tick, ALERT_TICK_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
