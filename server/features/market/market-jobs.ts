import { createIntervalJob } from '../../lib/jobs.ts';
import type { Logger } from '../../lib/logger.ts';
import type { AppMetrics } from '../../lib/metrics.ts';
import { isUsMarketOpen } from '../../../core/market/sec-filings.ts';
import type { ListingsIngest } from './listings-ingest.ts';
import type { MarketIngest } from './market-ingest.ts';
import type { MarketCache } from './market-store.ts';
import type { ReferenceIngest } from './reference-ingest.ts';
import type { SecIngest } from './sec-ingest.ts';
import type { StoredSnapshot } from './stored-snapshot.ts';

const CACHE_PURGE_AFTER_S = 7 * 24 * 3600;
/**
 * How often a worker looks for a market day to ingest. A day's bars are final a few hours after the close; a
 * 15-minute tick finds each new day within a quarter hour of the vendor publishing it and costs one indexed
 * query when there is nothing new (the day is claimed once across processes, so several workers are safe).
 */
const INGEST_EVERY_MS = 15 * 60_000;
/**
 * The Treasury publishes a day's par yields once, in the late afternoon: a look every 6 hours finds it the same
 * day (one small CSV call; a day already stored is kept, so several workers are safe).
 */
const RISK_FREE_EVERY_MS = 6 * 3600_000;

/**
 * How often a worker looks at listings: the listings day is claimed once a day across processes (one indexed query
 * when it is done), and each tick backfills a bounded number of new listings' prices (BACKFILL_PER_CYCLE).
 */
const LISTINGS_EVERY_MS = 15 * 60_000;
/** EDGAR's new filings: every 15 minutes in US market hours on trading days (the schedule). */
const SEC_FILINGS_EVERY_MS = 15 * 60_000;

/**
 * Start-up work, once per process, and the ingestion schedule. `warm` runs where requests are served (loads the
 * snapshot and the newest stored day), `start` where jobs run (purges the cache, ingests new market days).
 */
export function createMarketJobs(deps: {
  snapshot: Pick<StoredSnapshot, 'preload'>;
  cache: MarketCache | null;
  ingest: MarketIngest | null;
  /** The daily risk-free rate from the Treasury; null where it is turned off (RISK_FREE_INGEST, tests). */
  referenceIngest: ReferenceIngest | null;
  /** Listings with identifiers and the backfill of new listings' prices; null without a vendor. */
  listings?: ListingsIngest | null;
  /** EDGAR's new filings (live mode with SEC configured); null otherwise. */
  secIngest?: SecIngest | null;
  now?: () => Date;
  logger: Logger;
  metrics?: AppMetrics;
}) {
  const ingestJob = deps.ingest
    ? createIntervalJob({
        name: 'market-ingest',
        everyMs: INGEST_EVERY_MS,
        runAtStart: true,
        logger: deps.logger,
        metrics: deps.metrics,
        run: async (log) => {
          const outcomes = await deps.ingest!.refresh();
          const stored = outcomes.filter((o) => o.outcome === 'stored');
          if (outcomes.length > 0) log.info({ days: outcomes.length, stored: stored.map((o) => `${o.dataset} ${o.day}`) }, 'market ingest: cycle done');
        },
      })
    : null;
  const riskFreeJob = deps.referenceIngest
    ? createIntervalJob({
        name: 'market-risk-free',
        everyMs: RISK_FREE_EVERY_MS,
        runAtStart: true,
        logger: deps.logger,
        metrics: deps.metrics,
        run: async (log) => {
          const o = await deps.referenceIngest!.refreshRiskFree();
          if (o.outcome !== 'already stored') log.info({ outcome: o.outcome, stored: o.stored, day: o.day, detail: o.detail }, 'risk-free ingest: cycle done');
        },
      })
    : null;
  const listingsJob = deps.listings
    ? createIntervalJob({
        name: 'market-listings',
        everyMs: LISTINGS_EVERY_MS,
        runAtStart: true,
        logger: deps.logger,
        metrics: deps.metrics,
        run: async (log) => {
          const { listings, backfill } = await deps.listings!.refresh();
          const stored = backfill.filter((b) => b.outcome === 'stored');
          if (listings.outcome !== 'already stored' || backfill.length > 0)
            log.info(
              { listings: listings.outcome, listed: listings.stored, delisted: listings.delisted, backfilled: stored.length },
              'market listings: cycle done',
            );
        },
      })
    : null;
  const secJob = deps.secIngest
    ? createIntervalJob({
        name: 'sec-filings',
        everyMs: SEC_FILINGS_EVERY_MS,
        runAtStart: true,
        logger: deps.logger,
        metrics: deps.metrics,
        run: async (log) => {
          if (!isUsMarketOpen((deps.now?.() ?? new Date()).getTime())) return;
          const cycle = await deps.secIngest!.refresh();
          if (cycle.outcome !== 'done') return;
          const stored = cycle.filers.filter((f) => f.outcome === 'stored').map((f) => `${f.symbol} ${f.filings.join(' ')}`);
          log.info({ checked: cycle.checked, stored, refused: cycle.refused }, 'sec filings: cycle done');
        },
      })
    : null;
  return {
    warm() {
      setImmediate(() => deps.snapshot.preload().catch((e) => deps.logger.error({ err: e }, 'market: loading the bundled snapshot failed')));
    },
    start() {
      // Stale entries stay a week as a fallback for a failing vendor; older ones go. Idempotent across processes.
      setImmediate(() => deps.cache?.purge(CACHE_PURGE_AFTER_S).catch((e) => deps.logger.warn({ err: e }, 'market: cache purge failed')));
      ingestJob?.start();
      riskFreeJob?.start();
      listingsJob?.start();
      secJob?.start();
    },
    async stop() {
      await Promise.all([ingestJob?.stop(), riskFreeJob?.stop(), listingsJob?.stop(), secJob?.stop()]);
    },
  };
}
