import { isScreenerWarmUpOn } from '../../env.ts';
import type { AppContext, Feature } from '../../http/feature.ts';
import type { MarketService, UniverseRead } from '../market/index.ts';
import { createScorecardsHandlers } from './scorecards.handlers.ts';
import { scorecardsExampleRoute, scorecardsRoute } from './scorecards.routes.ts';
import { createScorecardsService } from './scorecards-service.ts';

interface ScorecardsFeatureDeps {
  market: MarketService;
  /** The shared universe read (the market feature's): the sector peers come from it. */
  universe?: UniverseRead;
}

/** When the peers are scored at start: with the screener's table build (1 s after start), from the same walk. */
const WARM_UP_AFTER_MS = 1_000;

/** `/api/fundamentals/{symbol}/scorecards` (signed in, free) and the public example the /advanced-fundamentals page shows. */
export function createScorecardsFeature(ctx: AppContext, deps: ScorecardsFeatureDeps): Feature {
  const service = createScorecardsService({ market: deps.market, universe: deps.universe });
  const handlers = createScorecardsHandlers(service);
  let timer: NodeJS.Timeout | null = null;
  return {
    name: 'scorecards',
    routes(app) {
      // The static example path first: it must not be read as a symbol.
      app.openapi(scorecardsExampleRoute, handlers.getExample);
      app.openapi(scorecardsRoute, handlers.getScorecards);
    },
    // Where the screener's warm-up walks the universe, the sector peers are scored from the same walk: the walk is
    // then let go once both have it (the universe read's two readers) instead of holding every symbol's whole
    // history for the day (~30 MB of a web process), and the first scorecards page does not score 500 peers.
    warm() {
      if (!deps.universe || deps.market.mode !== 'bundled' || !isScreenerWarmUpOn(ctx.env)) return;
      timer = setTimeout(() => {
        service.loadPeerScores().catch((err) => ctx.logger.warn({ err }, 'scorecards: scoring the sector peers at start failed; the first page will'));
      }, WARM_UP_AFTER_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearTimeout(timer);
    },
  };
}
