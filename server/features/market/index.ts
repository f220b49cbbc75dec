import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createBundledProvider } from '../../adapters/market-data/bundled/index.ts';
import { createMarketDataProviders, type MarketDataOptions } from '../../adapters/market-data/index.ts';
import type { AppContext, Feature } from '../../http/feature.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { createMarketCache } from './market-cache.ts';
import { createMarketHandlers } from './market.handlers.ts';
import { dividendsRoute, etfRoute, fundamentalsRoute, historyRoute, profileRoute, quoteRoute, searchRoute } from './market.routes.ts';
import { createMarketService, type MarketService } from './market-service.ts';
import { createUniverseRead, type UniverseRead } from './universe-read.ts';

export type { MarketService, WithServed } from './market-service.ts';
export type { CoveredListing } from '../../adapters/market-data/index.ts';
export type { SnapshotCompany } from '../../adapters/market-data/index.ts';
export type * from '../../../core/market/types.ts';
export { createUniverseRead, mapYielding, orNull, type UniverseEntry, type UniverseRead } from './universe-read.ts';
// Other features' contracts embed a quote as the market API serves it; the public API serves market data with the app's contracts.
export { FundamentalsQuerySchema, FundamentalsSchema, HistorySchema, QuoteSchema } from './market.routes.ts';

const CACHE_PURGE_AFTER_S = 7 * 24 * 3600;
/** Where the app serves data/QUALITY.md. */
export const QUALITY_REPORT_PATH = '/data/quality.md';

export interface MarketFeature extends Feature {
  /** What other features (analyses, copilot, screener) use for market data; passed to them in server/features/index.ts. */
  market: MarketService;
  /** The covered universe read once and shared (the screener's table, the scorecards' sector peers). */
  universe: UniverseRead;
}

export interface MarketFeatureDeps extends Pick<MarketDataOptions, 'fetch' | 'liveProviders' | 'liveHttp'> {
  /** Directory of the bundled snapshot (default `<app root>/data`). */
  dataDir?: string;
}

/** `/api/market/*`: search, quotes, history, fundamentals, profiles, ETF info, dividends; all for signed-in users. */
export function createMarketFeature(ctx: AppContext, deps: MarketFeatureDeps = {}): MarketFeature {
  const dataDir = deps.dataDir ?? join(ctx.appRoot, 'data');
  const { snapshot, live } = createMarketDataProviders(ctx.env, { ...deps, dataDir, logger: ctx.logger });
  const cache = live.length > 0 ? createMarketCache(ctx.db, ctx.now) : null;
  const market = createMarketService({ bundled: snapshot, live, cache, logger: ctx.logger });
  const handlers = createMarketHandlers(market);

  return {
    name: 'market',
    market,
    universe: createUniverseRead(market, ctx.now),
    // Dataset dates travel as `data_as_of.<dataset>` keys; /api/health gathers them into one object.
    describe: () => {
      const datasets = Object.entries(market.datasetsAsOf() ?? {}).flatMap(([d, day]) => (day ? [[`data_as_of.${d}`, day]] : []));
      return { market: market.mode, data_as_of: market.dataAsOf(), ...Object.fromEntries(datasets) };
    },
    start() {
      // Warm the snapshot in the background: start-up does not wait, the first request awaits what is missing.
      setImmediate(() => {
        snapshot.preload().catch((e) => ctx.logger.error({ err: e }, 'market: loading the bundled snapshot failed'));
        // Stale entries stay a week as a fallback for a failing vendor; older ones go. Idempotent across processes.
        cache?.purge(CACHE_PURGE_AFTER_S).catch((e) => ctx.logger.warn({ err: e }, 'market: cache purge failed'));
      });
    },
    routes(app) {
      app.openapi(searchRoute, handlers.search);
      app.openapi(quoteRoute, handlers.getQuote);
      app.openapi(historyRoute, handlers.getHistory);
      app.openapi(fundamentalsRoute, handlers.getFundamentals);
      app.openapi(profileRoute, handlers.getProfile);
      app.openapi(etfRoute, handlers.getEtf);
      app.openapi(dividendsRoute, handlers.getDividends);
      // The data quality report written by data:prepare, linked from /about: public, like the page.
      let qualityReport: string | undefined;
      app.get(QUALITY_REPORT_PATH, (c) => {
        const file = join(dataDir, 'QUALITY.md');
        if (qualityReport === undefined && !existsSync(file))
          throw new AppError('NOT_FOUND', 'The data quality report has not been written: run npm run data:prepare.');
        qualityReport ??= readFileSync(file, 'utf8');
        c.header('Content-Type', 'text/markdown; charset=utf-8');
        c.header('Cache-Control', 'public, max-age=0, must-revalidate');
        return c.body(qualityReport);
      });
    },
  };
}

/** The bundled snapshot alone as a market service, whatever MARKET_PROVIDER says: the track record's backtest re-runs the engines over it. */
export function createSnapshotMarketService(dataDir: string, logger: Logger): MarketService {
  return createMarketService({ bundled: createBundledProvider(dataDir), live: [], cache: null, logger });
}
