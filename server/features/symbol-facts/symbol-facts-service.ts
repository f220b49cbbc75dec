import { computeSymbolFacts, SYMBOL_FACT_REQUIREMENTS, type SymbolFacts } from '../../../core/facts/symbol-facts.ts';
import { loadAnalysisInputs, loadPriceHistory } from '../analyses/index.ts';
import type { MarketService } from '../market/index.ts';

/*
 * A symbol's catalogue facts (core/facts/symbol-facts.ts), computed once per symbol and data day and kept:
 * the symbol page's key figures and /compare read them here, so a second reader costs a map lookup.
 */

/** Symbols kept per data day; the covered universe is a few hundred, the live market a few thousand looked at. */
const CACHE_LIMIT = 5000;

interface SymbolFactsDeps {
  market: MarketService;
}

export function createSymbolFactsService({ market }: SymbolFactsDeps) {
  // Keyed by data day then symbol: a new data day (a live refresh) starts a new map, the old one is dropped.
  let day = '';
  let cache = new Map<string, Promise<SymbolFacts>>();

  async function computeFresh(symbol: string): Promise<SymbolFacts> {
    const [history, profile] = await Promise.all([loadPriceHistory(market, symbol), market.getProfile(symbol)]);
    const inputs = await loadAnalysisInputs(market, { symbol, profile, history, names: SYMBOL_FACT_REQUIREMENTS });
    return computeSymbolFacts(inputs);
  }

  /** The facts of a listed symbol (canonical spelling); unknown symbols throw the market's NOT_FOUND / INVALID_SYMBOL. */
  async function getSymbolFactsOrThrow(rawSymbol: string): Promise<SymbolFacts> {
    const symbol = await market.resolveSymbol(rawSymbol);
    const today = market.dataAsOf();
    if (today !== day) {
      day = today;
      cache = new Map();
    }
    let entry = cache.get(symbol);
    if (!entry) {
      if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
      entry = computeFresh(symbol);
      cache.set(symbol, entry);
      // A failed load is not kept: the next reader tries again.
      entry.catch(() => cache.get(symbol) === entry && cache.delete(symbol));
    }
    return entry;
  }

  return { getSymbolFactsOrThrow };
}

export type SymbolFactsService = ReturnType<typeof createSymbolFactsService>;
