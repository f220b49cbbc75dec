import type { AppRouteHandler } from '../../http/route-handler.ts';
import type { symbolFactsRoute } from './symbol-facts.routes.ts';
import type { SymbolFactsService } from './symbol-facts-service.ts';

export function createSymbolFactsHandlers(service: SymbolFactsService) {
  const getSymbolFacts: AppRouteHandler<typeof symbolFactsRoute> = async (c) => {
    const f = await service.getSymbolFactsOrThrow(c.req.valid('param').symbol);
    return c.json({ symbol: f.symbol, data_day: f.asOf, facts: f.facts, missing: f.missing }, 200);
  };
  return { getSymbolFacts };
}
