import type { Logger } from '../../lib/logger.ts';
import type { ScorecardsService } from './scorecards-service.ts';

/**
 * The sector peers' warm-up: scored once, `afterMs` after start (null: on the first scorecards page), from the same
 * universe walk as the screener's table build, so the walk is let go once both have it (the universe read's two
 * readers) instead of holding every symbol's whole history for the day (~30 MB of a web process), and the first
 * scorecards page does not score 500 peers. A one-shot timer, like the screener's.
 */
export function createScorecardsJobs(service: ScorecardsService, afterMs: number | null, logger: Logger) {
  let warmUp: NodeJS.Timeout | null = null;
  return {
    start() {
      if (afterMs === null) return;
      warmUp = setTimeout(() => {
        service.loadPeerScores().catch((err) => logger.warn({ err }, 'scorecards: scoring the sector peers at start failed; the first page will'));
      }, afterMs);
      warmUp.unref();
    },
    stop() {
      if (warmUp) clearTimeout(warmUp);
    },
  };
}
