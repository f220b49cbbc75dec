import type { SnapshotProvider } from '../../adapters/market-data/index.ts';
import type { Logger } from '../../lib/logger.ts';
import type { MarketCache } from './market-store.ts';

const CACHE_PURGE_AFTER_S = 7 * 24 * 3600;

/**
 * Start-up work, once per process: nothing here repeats, so no interval job. Start-up does not wait for it;
 * the first request awaits what is missing. `warm` runs where requests are served, `start` where jobs run.
 */
export function createMarketJobs(deps: { snapshot: SnapshotProvider; cache: MarketCache | null; logger: Logger }) {
  return {
    warm() {
      setImmediate(() => deps.snapshot.preload().catch((e) => deps.logger.error({ err: e }, 'market: loading the bundled snapshot failed')));
    },
    start() {
      // Stale entries stay a week as a fallback for a failing vendor; older ones go. Idempotent across processes.
      setImmediate(() => deps.cache?.purge(CACHE_PURGE_AFTER_S).catch((e) => deps.logger.warn({ err: e }, 'market: cache purge failed')));
    },
  };
}
