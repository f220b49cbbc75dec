import type { QualityLog } from '../quality.ts';
import type { Periods } from './types.ts';

/** Cash outflows stored as positive amounts, whatever sign convention the vendor used that year. */
export const OUTFLOW_LINES: ReadonlySet<string> = new Set(['capital_expenditure', 'dividends_paid', 'share_repurchases']);

/** Capex, dividends paid and buybacks are payments: a negative value is the vendor's sign convention, stored as its absolute value. */
export function storeOutflowsPositive(symbol: string, source: string, periods: Periods, log: QualityLog): void {
  for (const [end, m] of periods) {
    for (const line of OUTFLOW_LINES) {
      const cell = m.get(line);
      if (!cell || cell.value >= 0) continue;
      const before = cell.value;
      const reason = `${source} gave ${line} as a negative number; outflows are stored as positive amounts`;
      m.set(line, { ...cell, value: -before, note: reason });
      log.record({ dataset: 'fundamentals', symbol, outcome: 'repaired', kind: 'outflow_sign', period: end, line, before, after: -before, reason });
    }
  }
}
