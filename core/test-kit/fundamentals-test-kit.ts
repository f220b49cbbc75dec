/** Builds small `Fundamentals` for worked-example tests: a few period ends and the lines that matter. */

import { LINE_BY_KEY } from '../market/statements.ts';
import type { Figure, Fundamentals, StatementLine, StatementSet } from '../market/types.ts';

/** One cell: a bare value (filed on `defaultAsOf`) or a value with its filing date (and the values it restated). */
export type KitCell = number | null | { value: number | null; as_of: string; earlier?: Array<{ value: number; as_of: string }> };

export interface KitSet {
  ends: string[];
  lines: Record<string, KitCell[]>;
}

function buildSet(kit: KitSet | undefined, defaultAsOf: string): StatementSet {
  const set: StatementSet = { periods: [], income: [], balance: [], cash_flow: [] };
  if (!kit) return set;
  set.periods = kit.ends.map((end) => ({ end, fiscal_year: Number(end.slice(0, 4)), label: end }));
  for (const [key, cells] of Object.entries(kit.lines)) {
    const def = LINE_BY_KEY.get(key);
    const values: Figure[] = cells.map((c) => {
      const cell: Exclude<KitCell, number | null> = typeof c === 'object' && c !== null ? c : { value: c, as_of: defaultAsOf };
      if (cell.value === null) return { value: null, source: null, as_of: null };
      return { value: cell.value, source: 'sec', as_of: cell.as_of, ...(cell.earlier ? { earlier: cell.earlier } : {}) };
    });
    const line: StatementLine = { key, label: def?.label ?? key, unit: def?.unit ?? 'USD', values };
    set[def?.statement ?? 'balance'].push(line);
  }
  return set;
}

export function buildFundamentals(symbol: string, annual?: KitSet, quarterly?: KitSet, defaultAsOf = '2026-01-01'): Fundamentals {
  return {
    symbol,
    currency: 'USD',
    annual: buildSet(annual, defaultAsOf),
    quarterly: buildSet(quarterly, defaultAsOf),
    split_adjusted: true,
    notes: [],
  };
}
