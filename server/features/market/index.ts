import { join } from 'node:path';
import { isHistoryRange } from '../../../core/market/ranges.ts';
import { type BundledProvider, createBundledProvider } from '../../adapters/market-data/bundled/index.ts';
import { createSecEdgarProvider } from '../../adapters/market-data/sec-edgar/index.ts';
import type { FetchJsonOptions } from '../../adapters/market-data/http.ts';
import type { FetchLike, MarketDataProvider } from '../../adapters/market-data/types.ts';
import { createYahooProvider } from '../../adapters/market-data/yahoo/index.ts';
import type { AppContext, Feature } from '../../http/feature.ts';
import { requireUser } from '../../http/openapi.ts';
import { AppError } from '../../lib/errors.ts';
import { createMarketCache } from './market-cache.ts';
import { createMarketService, type MarketService } from './market-service.ts';
import { dividendsRoute, etfRoute, fundamentalsRoute, historyRoute, profileRoute, quoteRoute, searchRoute } from './market.routes.ts';

export type { MarketService, WithServed } from './market-service.ts';
export type * from '../../../core/market/types.ts';

const CACHE_PURGE_AFTER_S = 7 * 24 * 3600;

export interface MarketFeature extends Feature {
  /** What other features (analyses, copilot, screener) use for market data; passed to them in server/features/index.ts. */
  market: MarketService;
}

export interface MarketFeatureDeps {
  /** fetch for the live providers (tests inject recorded fixtures). */
  fetch?: FetchLike;
  /** Replaces the live providers built from config (tests). */
  liveProviders?: MarketDataProvider[];
  /** Timeout, retries and back-off for the live providers (tests shorten them). */
  liveHttp?: Pick<FetchJsonOptions, 'timeoutMs' | 'retries' | 'backoffMs' | 'sleep'>;
  /** Directory of the bundled snapshot (default `<app root>/data`). */
  dataDir?: string;
}

/** Builds the live providers named by config: Yahoo chart API for prices, SEC EDGAR for statements and profiles. */
function createLiveProviders(ctx: AppContext, fetchImpl: FetchLike, bundled: BundledProvider, http: MarketFeatureDeps['liveHttp'] = {}): MarketDataProvider[] {
  const providers: MarketDataProvider[] = [createYahooProvider({ ...http, fetch: fetchImpl })];
  if (ctx.env.SEC_USER_AGENT) {
    providers.push(
      createSecEdgarProvider({
        ...http,
        fetch: fetchImpl,
        userAgent: ctx.env.SEC_USER_AGENT,
        lookupCik: async (symbol) => (await bundled.getProfile!(symbol))?.cik ?? null,
        lookupSplits: async (symbol) => ((await bundled.getSplits!(symbol)) ?? []).map(({ date, ratio }) => ({ date, ratio })),
      }),
    );
  } else {
    ctx.logger.warn('MARKET_PROVIDER=live without SEC_USER_AGENT: SEC EDGAR is off, fundamentals come from the bundled snapshot');
  }
  return providers;
}

/** `/api/market/*`: search, quotes, history, fundamentals, profiles, ETF info, dividends; all for signed-in users. */
export function createMarketFeature(ctx: AppContext, deps: MarketFeatureDeps = {}): MarketFeature {
  const bundled = createBundledProvider(deps.dataDir ?? join(ctx.appRoot, 'data'));
  const liveMode = ctx.env.MARKET_PROVIDER === 'live' || deps.liveProviders !== undefined;
  const live = !liveMode ? [] : (deps.liveProviders ?? createLiveProviders(ctx, deps.fetch ?? ((url, init) => fetch(url, init)), bundled, deps.liveHttp));
  const cache = liveMode ? createMarketCache(ctx.db, ctx.now) : null;
  const market = createMarketService({ bundled, live, cache, logger: ctx.logger });

  const symbolOf = (c: { req: { param: (k: 'symbol') => string } }) => market.resolveSymbol(c.req.param('symbol'));

  return {
    name: 'market',
    market,
    describe: () => ({ market: market.mode, data_as_of: bundled.dataAsOf() }),
    start() {
      // Warm the snapshot in the background: start-up does not wait, the first request awaits what is missing.
      setImmediate(() => {
        bundled.store.preload().catch((e) => ctx.logger.error({ err: e }, 'market: loading the bundled snapshot failed'));
        // Stale entries stay a week as a fallback for a failing vendor; older ones go. Idempotent across processes.
        cache?.purge(CACHE_PURGE_AFTER_S).catch((e) => ctx.logger.warn({ err: e }, 'market: cache purge failed'));
      });
    },
    routes(app) {
      app.openapi(searchRoute, async (c) => {
        requireUser(c);
        const { q, limit } = c.req.valid('query');
        return c.json({ query: q, results: await market.search(q, limit), data_as_of: bundled.dataAsOf() }, 200);
      });
      app.openapi(quoteRoute, async (c) => {
        requireUser(c);
        return c.json(await market.getQuote(await symbolOf(c)), 200);
      });
      app.openapi(historyRoute, async (c) => {
        requireUser(c);
        const range = c.req.valid('query').range ?? '1y';
        if (!isHistoryRange(range)) throw new AppError('INVALID_RANGE', 'range must be one of 1m, 3m, 6m, ytd, 1y, 3y, 5y, max.', { field: 'range' });
        return c.json({ ...(await market.getHistory(await symbolOf(c), range)), range }, 200);
      });
      app.openapi(fundamentalsRoute, async (c) => {
        requireUser(c);
        return c.json(await market.getFundamentals(await symbolOf(c)), 200);
      });
      app.openapi(profileRoute, async (c) => {
        requireUser(c);
        const symbol = await symbolOf(c);
        const [profile, coverage] = await Promise.all([market.getProfile(symbol), market.coverage(symbol)]);
        return c.json({ ...profile, coverage, data_as_of: bundled.dataAsOf() }, 200);
      });
      app.openapi(etfRoute, async (c) => {
        requireUser(c);
        return c.json(await market.getEtf(await symbolOf(c)), 200);
      });
      app.openapi(dividendsRoute, async (c) => {
        requireUser(c);
        return c.json(await market.getDividends(await symbolOf(c)), 200);
      });
    },
  };
}
