import { isScreenerWarmUpOn } from '../../env.ts';
import type { AppContext, Feature } from '../../http/feature.ts';
import { createUniverseRead, type MarketService, type UniverseProductsSource, type UniverseRead } from '../market/index.ts';
import { createScreenerHandlers, DEFAULT_SCREENER_RATE_LIMITS, type ScreenerRateLimits } from './screener.handlers.ts';
import {
  deleteScreenRoute,
  listScreensRoute,
  MAX_SCREENER_BODY_BYTES,
  saveScreenRoute,
  screenerExportRoute,
  screenerFieldsRoute,
  screenerQueryRoute,
} from './screener.routes.ts';
import { createScreenerJobs } from './screener-jobs.ts';
import { createScreenerService, type ScreenerService } from './screener-service.ts';
import type { LoadedUniverse } from './screener-universe.ts';
// The account export (data rights) reads this feature's rows through its store.
export { readSavedScreensForExport } from './screens-store.ts';

export type { ScreenerService } from './screener-service.ts';
// The universe worker (market feature) computes the rows off the serving thread with the same function.
export { loadScreenerRows } from './screener-universe.ts';
// The public API answers screens with the app's contract.
export { toScreenerResultBody } from './screener.handlers.ts';
export { MAX_SCREENER_BODY_BYTES, ScreenerQueryBodySchema, ScreenerResultSchema, ScreenerRowSchema } from './screener.routes.ts';

export interface ScreenerFeature extends Feature {
  screener: ScreenerService;
}

interface ScreenerFeatureDeps {
  market: MarketService;
  /** The shared universe read (the market feature's); its own otherwise. */
  universe?: UniverseRead;
  /** The universe worker's products (the market feature's): a whole stored market's rows come from it. */
  products?: UniverseProductsSource | null;
  /** Tests: synthetic rows instead of the market's universe. */
  loadRows?: (market: MarketService) => Promise<LoadedUniverse>;
  rateLimits?: ScreenerRateLimits;
  /** Build the table in the background this long after start (null: only on first use); default per SCREENER_WARM_UP. */
  warmUpAfterMs?: number | null;
}

/** Live data is refreshed at most this often: a rebuild reads every symbol through the market service. */
const LIVE_REFRESH_AFTER_MS = 15 * 60_000;
/** After the market snapshot has started decoding (features start 0.5 s after listening): start-up and the first health checks never wait for it. */
const WARM_UP_AFTER_MS = 1_000;

/**
 * `/api/screener/*`: the catalog, queries and CSV export over an in-process columnar table of the
 * universe (public, rate-limited in process), and saved screens for signed-in users (free).
 */
export function createScreenerFeature(ctx: AppContext, deps: ScreenerFeatureDeps): ScreenerFeature {
  const service = createScreenerService({
    db: ctx.db,
    market: deps.market,
    logger: ctx.logger,
    now: ctx.now,
    refreshAfterMs: deps.market.mode === 'live' ? LIVE_REFRESH_AFTER_MS : null,
    universe: deps.universe ?? createUniverseRead(deps.market, ctx.now),
    loadRows: deps.loadRows,
    products: deps.products ?? null,
  });
  const handlers = createScreenerHandlers(service, { trustProxy: ctx.env.TRUST_PROXY, limits: deps.rateLimits ?? DEFAULT_SCREENER_RATE_LIMITS });
  const warmUpAfterMs = deps.warmUpAfterMs !== undefined ? deps.warmUpAfterMs : isScreenerWarmUpOn(ctx.env) ? WARM_UP_AFTER_MS : null;
  const jobs = createScreenerJobs(service, warmUpAfterMs, ctx.logger);
  return {
    name: 'screener',
    screener: service,
    largeBodies: {
      '/api/screener/query': MAX_SCREENER_BODY_BYTES,
      '/api/screener/export': MAX_SCREENER_BODY_BYTES,
      '/api/screener/screens': MAX_SCREENER_BODY_BYTES,
    },
    routes(app) {
      app.openapi(screenerFieldsRoute, handlers.getFields);
      app.openapi(screenerQueryRoute, handlers.query);
      app.openapi(screenerExportRoute, handlers.exportCsv);
      app.openapi(listScreensRoute, handlers.listScreens);
      app.openapi(saveScreenRoute, handlers.createScreen);
      app.openapi(deleteScreenRoute, handlers.removeScreen);
    },
    // The table's warm-up build: a cache for serving, not shared work.
    warm: jobs.start,
    stop: jobs.stop,
  };
}
