import type { Logger } from '../../lib/logger.ts';
import type { ScreenerService } from './screener-service.ts';

/**
 * The table's warm-up: one build, `afterMs` after start (null: only on first use). Off the start-up path:
 * /api/health answers first; the first screener request awaits a build still running. It runs once, so it
 * is a one-shot timer rather than an interval job.
 */
export function createScreenerJobs(service: ScreenerService, afterMs: number | null, logger: Logger) {
  let warmUp: NodeJS.Timeout | null = null;
  return {
    start() {
      if (afterMs === null) return;
      warmUp = setTimeout(() => {
        service.startScreenerBuild().catch((e) => logger.error({ err: e }, 'screener: building the table failed'));
      }, afterMs);
      warmUp.unref();
    },
    stop() {
      if (warmUp) clearTimeout(warmUp);
    },
  };
}
