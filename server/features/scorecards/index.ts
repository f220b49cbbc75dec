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

/** `/api/fundamentals/{symbol}/scorecards` (signed in, free) and the public example the /advanced-fundamentals page shows. */
export function createScorecardsFeature(_ctx: AppContext, deps: ScorecardsFeatureDeps): Feature {
  const handlers = createScorecardsHandlers(createScorecardsService({ market: deps.market, universe: deps.universe }));
  return {
    name: 'scorecards',
    routes(app) {
      // The static example path first: it must not be read as a symbol.
      app.openapi(scorecardsExampleRoute, handlers.getExample);
      app.openapi(scorecardsRoute, handlers.getScorecards);
    },
  };
}
