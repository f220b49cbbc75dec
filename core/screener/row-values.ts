import type { AnalysisInputName, AnalysisInputs } from '../analysis/analysis-types.ts';
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
const SPARKLINE_DAYS = 365;

/** The last close of each week (weeks from Monday) over the last year; month-end closes for month-end-only series. */
export function sampleSparkline(s: OhlcvSeries, interval: '1d' | '1mo'): number[] {
  return sampleWeeklyCloses(s, interval).closes;
}

/** sampleSparkline's closes with the date of each (the bar that closed the week). */
export function sampleWeeklyCloses(s: Pick<OhlcvSeries, 'dates' | 'close'>, interval: '1d' | '1mo'): { dates: string[]; closes: number[] } {
  const n = s.close.length;
  if (n === 0) return { dates: [], closes: [] };
  const lastDay = Date.parse(`${s.dates[n - 1]}T00:00:00Z`) / DAY_MS;
  // ISO dates compare as strings: find the year's first bar without parsing the whole history.
  const cutoff = new Date((lastDay - SPARKLINE_DAYS) * DAY_MS).toISOString().slice(0, 10);
  let from = n - 1;
  while (from > 0 && s.dates[from - 1]! >= cutoff) from--;
  const closes: number[] = [];
  const dates: string[] = [];
  let previousWeek: number | null = null;
  for (let i = from; i < n; i++) {
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
  for (const fact of f.facts) if (findField(fact.key)) values[fact.key as FieldId] = fact.value;
  const sparkline = f.series && f.interval ? sampleSparkline(f.series, f.interval) : [];
  return { symbol: inputs.symbol, name: inputs.profile.name, values, sparkline };
}
