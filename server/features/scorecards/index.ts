import { isScreenerWarmUpOn } from '../../env.ts';
import type { AppContext, Feature } from '../../http/feature.ts';
import type { MarketService, UniverseRead } from '../market/index.ts';
import { createScorecardsHandlers } from './scorecards.handlers.ts';
import { createScorecardsJobs } from './scorecards-jobs.ts';
import { scorecardsExampleRoute, scorecardsRoute } from './scorecards.routes.ts';
import { createScorecardsService } from './scorecards-service.ts';

interface ScorecardsFeatureDeps {
  market: MarketService;
  /** The shared universe read (the market feature's): the sector peers come from it. */
  universe?: UniverseRead;
}

/** With the screener's table build (1 s after start), from the same walk. */
const WARM_UP_AFTER_MS = 1_000;

/** `/api/fundamentals/{symbol}/scorecards` (signed in, free) and the public example the /advanced-fundamentals page shows. */
export function createScorecardsFeature(ctx: AppContext, deps: ScorecardsFeatureDeps): Feature {
  const service = createScorecardsService({ market: deps.market, universe: deps.universe });
  const handlers = createScorecardsHandlers(service);
  // Only where the screener's warm-up walks the shared universe (live data scores the snapshot's peers instead).
  const sharesTheWalk = deps.universe !== undefined && deps.market.mode === 'bundled' && isScreenerWarmUpOn(ctx.env);
  const jobs = createScorecardsJobs(service, sharesTheWalk ? WARM_UP_AFTER_MS : null, ctx.logger);
  return {
    name: 'scorecards',
    routes(app) {
      // The static example path first: it must not be read as a symbol.
      app.openapi(scorecardsExampleRoute, handlers.getExample);
      app.openapi(scorecardsRoute, handlers.getScorecards);
    },
    warm: jobs.start,
    stop: jobs.stop,
  };
}
