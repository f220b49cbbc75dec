import type { AppContext, Feature } from '../../http/feature.ts';
import type { AnalysesService } from '../analyses/index.ts';
import type { MarketService } from '../market/index.ts';
import type { SymbolFactsService } from '../symbol-facts/index.ts';
import { createCompareHandlers } from './compare.handlers.ts';
import { compareRoute } from './compare.routes.ts';
import { createCompareService } from './compare-service.ts';

interface CompareFeatureDeps {
  market: MarketService;
  /** Saved analyses are read through the analyses service's list (free, the user's own only). */
  analyses: Pick<AnalysesService, 'listAnalyses'>;
  symbolFacts: SymbolFactsService;
}

/** `GET /api/compare`: up to five symbols side by side, for signed-in users; never charges. */
export function createCompareFeature(_ctx: AppContext, deps: CompareFeatureDeps): Feature {
  const handlers = createCompareHandlers(createCompareService({ market: deps.market, analyses: deps.analyses, symbolFacts: deps.symbolFacts }));
  return {
    name: 'compare',
    routes(app) {
      app.openapi(compareRoute, handlers.compare);
    },
  };
}
