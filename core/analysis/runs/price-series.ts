import type { PriceHistory } from '../../market/types.ts';
import { type OhlcvSeries, toOhlcvSeries } from '../indicators/series.ts';
import { type EngineResult, fail } from '../result.ts';

/** Bars on or before the data day (point in time), as validated columns. */
export function toSeriesAsOf(history: PriceHistory | null, asOf: string, input: string): EngineResult<OhlcvSeries> {
  if (!history) return fail('missing_input', input, `no ${input} prices`);
  const bars = history.bars.filter((b) => b.date <= asOf);
  if (bars.length === 0) return fail('missing_input', input, `no ${input} bars on or before ${asOf}`);
  return toOhlcvSeries(bars);
}

/** The last `count` bars of a series (all of it when shorter). */
export function takeLast(s: OhlcvSeries, count: number): OhlcvSeries {
  const from = Math.max(0, s.close.length - count);
  return {
    dates: s.dates.slice(from),
    open: s.open.subarray(from),
    high: s.high.subarray(from),
    low: s.low.subarray(from),
    close: s.close.subarray(from),
    volume: s.volume.subarray(from),
  };
}

/** A chart column rounded to cents, warm-up NaN as null (JSON has no NaN). */
export function toChartColumn(values: ArrayLike<number>, from: number, decimals = 2): Array<number | null> {
  const scale = 10 ** decimals;
  const out: Array<number | null> = [];
  for (let i = from; i < values.length; i++) {
    const v = values[i]!;
    out.push(Number.isFinite(v) ? Math.round(v * scale) / scale : null);
  }
  return out;
}
