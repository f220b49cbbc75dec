import type { AnalysisInputName, AnalysisInputs } from '../analysis/analysis-types.ts';
import { computePeriodReturn } from '../analysis/indicators/period-return.ts';
import type { OhlcvSeries } from '../analysis/indicators/series.ts';
import { computeSymbolFacts, SYMBOL_FACT_REQUIREMENTS } from '../facts/symbol-facts.ts';
import { type FieldId, findField } from './fields.ts';
import type { CellValue, ScreenerRow } from './screener-types.ts';

/*
 * One symbol's screener row: the values of the screener's fields among the symbol's catalogue facts
 * (core/facts/symbol-facts.ts, the one function every surface reads), and its sparkline.
 */

/** The inputs a screener row reads (the server loads these per symbol). */
export const SCREENER_REQUIREMENTS: readonly AnalysisInputName[] = SYMBOL_FACT_REQUIREMENTS;

const DAY_MS = 86_400_000;

/** The 1-year base close, then the last close of each week (weeks from Monday); month-end closes for month-end-only series. */
function sampleSparkline(s: OhlcvSeries, interval: '1d' | '1mo'): number[] {
  return sampleWeeklyCloses(s, interval).closes;
}

/** sampleSparkline's closes with the date of each (the bar that closed the week). */
export function sampleWeeklyCloses(s: Pick<OhlcvSeries, 'dates' | 'close'>, interval: '1d' | '1mo'): { dates: string[]; closes: number[] } {
  const n = s.close.length;
  if (n === 0) return { dates: [], closes: [] };
  // The year starts at the 1-year price change's base (the last close on or before the same day a year
  // back), so the line's last point over its first is the `return_1y` every page states.
  const year = computePeriodReturn(s, '1y');
  const from = year.ok ? year.value.baseIndex : 0;
  const closes: number[] = [Math.round(s.close[from]! * 100) / 100];
  const dates: string[] = [s.dates[from]!];
  let previousWeek: number | null = null;
  for (let i = from + 1; i < n; i++) {
    // 1970-01-01 was a Thursday: +3 starts weeks on Monday.
    const week = interval === '1d' ? Math.floor((Date.parse(`${s.dates[i]}T00:00:00Z`) / DAY_MS + 3) / 7) : i;
    const close = Math.round(s.close[i]! * 100) / 100;
    if (week !== previousWeek) {
      closes.push(close);
      dates.push(s.dates[i]!);
    } else {
      closes[closes.length - 1] = close;
      dates[dates.length - 1] = s.dates[i]!;
    }
    previousWeek = week;
  }
  return { dates, closes };
}

/** Every field value of one symbol (missing figures are left out) and its sparkline. */
export function computeScreenerRow(inputs: AnalysisInputs): ScreenerRow {
  const f = computeSymbolFacts(inputs);
  const values: Partial<Record<FieldId, CellValue>> = {};
  const asOf: Partial<Record<FieldId, string>> = {};
  const yearBefore = new Date(Date.parse(`${f.asOf}T00:00:00Z`) - 365 * DAY_MS).toISOString().slice(0, 10);
  for (const fact of f.facts) {
    if (!findField(fact.key)) continue;
    values[fact.key as FieldId] = fact.value;
    if (fact.value !== null && fact.as_of && fact.as_of < yearBefore) asOf[fact.key as FieldId] = fact.as_of;
  }
  const sparkline = f.series && f.interval ? sampleSparkline(f.series, f.interval) : [];
  return { symbol: inputs.symbol, name: inputs.profile.name, values, ...(Object.keys(asOf).length ? { asOf } : {}), sparkline };
}
