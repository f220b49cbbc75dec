import type { QualityLog } from '../quality.ts';
import { OUTFLOW_KEYS } from '../quality-checks.ts';
import type { Periods } from './types.ts';

/** Capex, dividends paid and buybacks are payments: a negative value is the vendor's sign convention, stored as its absolute value. */
export function storeOutflowsPositive(symbol: string, source: string, periods: Periods, log: QualityLog): void {
  for (const [end, m] of periods) {
    for (const line of OUTFLOW_KEYS) {
      const cell = m.get(line);
      if (!cell || cell.value >= 0) continue;
      const before = cell.value;
      const reason = `${source} gave ${line} as a negative number; outflows are stored as positive amounts`;
      m.set(line, { ...cell, value: -before, note: reason });
      log.record({ dataset: 'fundamentals', symbol, outcome: 'repaired', kind: 'outflow_sign', period: end, line, before, after: -before, reason });
    }
  }
}
