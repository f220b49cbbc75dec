import type { AppContext, Feature } from '../../http/feature.ts';
import type { MarketService, UniverseProductsSource, UniverseRead } from '../market/index.ts';
import { createScorecardsHandlers } from './scorecards.handlers.ts';
import { scorecardsExampleRoute, scorecardsRoute } from './scorecards.routes.ts';
import { createScorecardsService } from './scorecards-service.ts';
// The universe worker (market feature) scores the sector peers off the serving thread with the same function.
export { createScorecardsService, scorePeersOf } from './scorecards-service.ts';

interface ScorecardsFeatureDeps {
  market: MarketService;
  /** The shared universe read (the market feature's): the sector peers come from it. */
  universe?: UniverseRead;
  /** The universe worker's products (the market feature's): the peers of a whole stored market come from it. */
  products?: UniverseProductsSource | null;
}

/** `/api/fundamentals/{symbol}/scorecards` (signed in, free) and the public example the /advanced-fundamentals page shows. */
export function createScorecardsFeature(_ctx: AppContext, deps: ScorecardsFeatureDeps): Feature {
  const handlers = createScorecardsHandlers(createScorecardsService({ market: deps.market, universe: deps.universe, products: deps.products }));
  return {
    name: 'scorecards',
    routes(app) {
      // The static example path first: it must not be read as a symbol.
      app.openapi(scorecardsExampleRoute, handlers.getExample);
      app.openapi(scorecardsRoute, handlers.getScorecards);
    },
  };
}
