import { normalizeSymbol } from '../../market/symbol.ts';
import type { EtfHolding } from '../../market/types.ts';
import { type EngineResult, fail, ok } from '../result.ts';

/** One line per symbol, weight as a fraction of the fund (weight_pct / 100). */
export interface HoldingWeight {
  symbol: string;
  name: string;
  weight: number;
}

/** Issuer files round each weight, so listed weights may sum a little over 100 %. */
const MAX_TOTAL_WEIGHT = 1.01;

/** The key two funds' lines are matched on: the canonical symbol (`BRK-B`, ` brk.b ` → `BRK.B`). */
export function toHoldingKey(symbol: string): string {
  const n = normalizeSymbol(symbol);
  return n.ok ? n.symbol : symbol.trim().toUpperCase();
}

/**
 * Holdings as fractions, one line per canonical symbol (repeated lines summed), zero weights dropped,
 * largest first. Refuses no holdings, a weight that is negative or not a number, or a total over 101 %.
 */
export function toHoldingWeights(holdings: readonly EtfHolding[] | null, input = 'holdings'): EngineResult<HoldingWeight[]> {
  if (!holdings || holdings.length === 0) return fail('missing_input', input, 'No holdings are reported for this fund.');
  const bySymbol = new Map<string, HoldingWeight>();
  let total = 0;
  for (let i = 0; i < holdings.length; i++) {
    const h = holdings[i]!;
    if (!Number.isFinite(h.weight_pct) || h.weight_pct < 0)
      return fail('invalid_value', input, `The weight of ${h.symbol} is not a non-negative number.`, { index: i });
    if (h.weight_pct === 0) continue;
    const weight = h.weight_pct / 100;
    total += weight;
    const key = toHoldingKey(h.symbol);
    const seen = bySymbol.get(key);
    if (seen) seen.weight += weight;
    else bySymbol.set(key, { symbol: key, name: h.name, weight });
  }
  if (bySymbol.size === 0) return fail('missing_input', input, 'Every holding has a zero weight.');
  if (total > MAX_TOTAL_WEIGHT) return fail('invalid_value', input, `The weights sum to ${(total * 100).toFixed(2)} %, over 101 %.`);
  return ok([...bySymbol.values()].sort((a, b) => b.weight - a.weight));
}
