import { type EngineResult, ok } from '../result.ts';
import { requireWindows } from './window-checks.ts';
import type { OhlcvSeries } from './series.ts';

/**
 * Commodity Channel Index of one source series, as Pine's `ta.cci(source, length)`: CCI = (x − SMA(x)) /
 * (0.015 · mean deviation), the mean deviation being the average |x − SMA(x)| over the same window. A
 * window with no deviation at all has x = SMA, so it reads 0 rather than 0/0.
 *
 * The source is the caller's choice because the two conventions differ: Lambert's CCI (and the
 * `technicalindicators` package) reads the typical price (`typicalPrice`); TradingView's Technical Ratings
 * script reads the close (`cci(close, 20)`), and the rating follows the script (docs/technical-rating.md).
 */
export function cci(source: Float64Array, period = 20, constant = 0.015): Float64Array {
  const n = source.length;
  const out = new Float64Array(n).fill(Number.NaN);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    sum += source[i]!;
    if (i >= period) sum -= source[i - period]!;
    if (i < period - 1) continue;
    const mean = sum / period;
    let deviation = 0;
    for (let j = i - period + 1; j <= i; j++) deviation += Math.abs(source[j]! - mean);
    out[i] = deviation === 0 ? 0 : (source[i]! - mean) / ((constant * deviation) / period);
  }
  return out;
}

/** Typical price (high + low + close)/3, Lambert's source for the CCI. */
export function typicalPrice(high: Float64Array, low: Float64Array, close: Float64Array): Float64Array {
  const out = new Float64Array(close.length);
  for (let i = 0; i < close.length; i++) out[i] = (high[i]! + low[i]! + close[i]!) / 3;
  return out;
}

/** CCI of the close, the series the technical rating's vote reads, so a CCI shown beside the rating is the one that voted. */
export function computeCci(series: OhlcvSeries, period = 20): EngineResult<Float64Array> {
  const gate = requireWindows(series.close.length, { period }, period);
  return gate.ok ? ok(cci(series.close, period)) : gate;
}
