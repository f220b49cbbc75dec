import type { AppContext, Feature } from '../../http/feature.ts';
import type { MarketService } from '../market/index.ts';
import { createScorecardsHandlers } from './scorecards.handlers.ts';
import { scorecardsExampleRoute, scorecardsRoute } from './scorecards.routes.ts';
import { createScorecardsContext } from './scorecards-service.ts';

export interface ScorecardsFeatureDeps {
  market: MarketService;
}

/** `/api/fundamentals/{symbol}/scorecards` (signed in, free) and the public example the /advanced-fundamentals page shows. */
export function createScorecardsFeature(_ctx: AppContext, deps: ScorecardsFeatureDeps): Feature {
  const handlers = createScorecardsHandlers(createScorecardsContext(deps.market));
  return {
    name: 'scorecards',
    routes(app) {
      // The static example path first: it must not be read as a symbol.
      app.openapi(scorecardsExampleRoute, handlers.getExample);
      app.openapi(scorecardsRoute, handlers.getScorecards);
    },
  };
}
