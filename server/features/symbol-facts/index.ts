import type { AppContext, Feature } from '../../http/feature.ts';
import type { MarketService } from '../market/index.ts';
import { createSymbolFactsHandlers } from './symbol-facts.handlers.ts';
import { symbolFactsRoute } from './symbol-facts.routes.ts';
import { createSymbolFactsService, type SymbolFactsService } from './symbol-facts-service.ts';

export type { SymbolFactsResponse } from './symbol-facts.routes.ts';
export type { SymbolFactsService } from './symbol-facts-service.ts';

interface SymbolFactsFeature extends Feature {
  symbolFacts: SymbolFactsService;
}

/** `GET /api/market/facts/{symbol}`: the symbol's catalogue facts, computed once per data day (free). */
export function createSymbolFactsFeature(_ctx: AppContext, deps: { market: MarketService }): SymbolFactsFeature {
  const symbolFacts = createSymbolFactsService({ market: deps.market });
  const handlers = createSymbolFactsHandlers(symbolFacts);
  return {
    name: 'symbol-facts',
    symbolFacts,
    routes(app) {
      app.openapi(symbolFactsRoute, handlers.getSymbolFacts);
    },
  };
}
