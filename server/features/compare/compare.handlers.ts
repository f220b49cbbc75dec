import { MAX_COMPARE_SYMBOLS } from '../../../core/compare/compare-symbols.ts';
import { requireUser } from '../../http/openapi.ts';
import type { AppRouteHandler } from '../../http/route-handler.ts';
import type { CompareItem, compareRoute } from './compare.routes.ts';
import type { ComparedSymbol, CompareService } from './compare-service.ts';

const toItem = (s: ComparedSymbol): CompareItem => ({
  symbol: s.symbol,
  name: s.profile.name,
  type: s.profile.type,
  sector: s.profile.sector,
  data_day: s.dataDay,
  quote: s.quote,
  figures: s.figures,
  missing: s.missing,
  performance: s.performance,
  analyses: s.analyses.map((k) => ({
    kind: k.kind,
    unavailable: k.unavailable,
    saved: k.saved && {
      id: k.saved.id,
      as_of: k.saved.asOf,
      created_at: k.saved.createdAt,
      current: k.saved.current,
      headline: k.saved.headline,
      verdict: k.saved.verdict,
      facts: k.saved.facts,
    },
  })),
});

export function createCompareHandlers(service: CompareService) {
  const compare: AppRouteHandler<typeof compareRoute> = async (c) => {
    const user = requireUser(c);
    const items = await service.compareSymbolsOrThrow(user.id, c.req.valid('query').symbols);
    return c.json({ symbols: items.map((i) => i.symbol), max_symbols: MAX_COMPARE_SYMBOLS, items: items.map(toItem) }, 200);
  };
  return { compare };
}
