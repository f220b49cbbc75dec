import type { ScreenDefinition, ScreenerQuery } from '../../../core/screener/screener-types.ts';
import type { AppContext, Feature } from '../../http/feature.ts';
import type { MarketService } from '../market/index.ts';
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
import {
  createScreenerState,
  exportScreenerCsv,
  queryScreener,
  type ScreenerContext,
  type ScreenerPage,
  type ScreenerSnapshot,
  startScreenerBuild,
} from './screener-service.ts';
import type { LoadedUniverse } from './screener-universe.ts';

export type { ScreenerPage, ScreenerSnapshot } from './screener-service.ts';
// The public API answers screens with the app's contract.
export { toScreenerResultBody } from './screener.handlers.ts';
export { MAX_SCREENER_BODY_BYTES, ScreenerQueryBodySchema, ScreenerResultSchema, ScreenerRowSchema } from './screener.routes.ts';

/** What other features (the copilot) call: a screen's page or its CSV, with the API's checks and defaults. */
export interface ScreenerService {
  queryScreener(query: Partial<ScreenerQuery>): Promise<ScreenerPage>;
  exportScreenerCsv(def: Partial<ScreenDefinition>): Promise<{ csv: string; dataAsOf: string }>;
  /** The table now in use (built on first call). */
  getSnapshot(): Promise<ScreenerSnapshot>;
}

export interface ScreenerFeature extends Feature {
  screener: ScreenerService;
}

export interface ScreenerFeatureDeps {
  market: MarketService;
  /** Tests: synthetic rows instead of the market's universe. */
  loadRows?: (market: MarketService) => Promise<LoadedUniverse>;
  rateLimits?: ScreenerRateLimits;
  /** Build the table in the background this long after start (null: only on first use). */
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
  const sctx: ScreenerContext = {
    db: ctx.db,
    market: deps.market,
    logger: ctx.logger,
    now: ctx.now,
    state: createScreenerState(),
    refreshAfterMs: deps.market.mode === 'live' ? LIVE_REFRESH_AFTER_MS : null,
    loadRows: deps.loadRows,
  };
  const handlers = createScreenerHandlers(sctx, { trustProxy: ctx.env.TRUST_PROXY, limits: deps.rateLimits ?? DEFAULT_SCREENER_RATE_LIMITS });
  let warmUp: NodeJS.Timeout | null = null;
  const warmUpAfterMs = deps.warmUpAfterMs === undefined ? (ctx.env.NODE_ENV === 'test' ? null : WARM_UP_AFTER_MS) : deps.warmUpAfterMs;
  return {
    name: 'screener',
    screener: {
      queryScreener: (query) => queryScreener(sctx, query),
      exportScreenerCsv: (def) => exportScreenerCsv(sctx, def),
      getSnapshot: () => (sctx.state.current ? Promise.resolve(sctx.state.current) : startScreenerBuild(sctx)),
    },
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
    start() {
      // Off the start-up path: /api/health answers first; the first screener request awaits a build still running.
      if (warmUpAfterMs === null) return;
      warmUp = setTimeout(() => {
        startScreenerBuild(sctx).catch((e) => ctx.logger.error({ err: e }, 'screener: building the table failed'));
      }, warmUpAfterMs);
      warmUp.unref();
    },
    stop() {
      if (warmUp) clearTimeout(warmUp);
    },
  };
}
