import { type EngineResult, ok } from '../result.ts';
import { rma } from './moving-averages.ts';
import { requireWindows } from './window-checks.ts';
import type { OhlcvSeries } from './series.ts';

/**
 * True range: the larger of high − low and the gaps to the previous close, max(high, prevClose) −
 * min(low, prevClose). The first bar has no previous close, so its range is high − low (Wilder's and
 * TradingView's `ta.tr(true)`).
 */
export function trueRange(high: Float64Array, low: Float64Array, close: Float64Array): Float64Array {
  const n = close.length;
  const out = new Float64Array(n);
  if (n === 0) return out;
  out[0] = high[0]! - low[0]!;
  for (let i = 1; i < n; i++) {
    const prev = close[i - 1]!;
    out[i] = (high[i]! > prev ? high[i]! : prev) - (low[i]! < prev ? low[i]! : prev);
  }
  return out;
}

/**
 * Average true range, Wilder's smoothing of the true range seeded with the mean of the first `period`
 * ranges, first value at index period − 1 (TradingView's `ta.atr`). `technicalindicators` drops the first
 * bar's range and so starts one bar later from a different seed; the two converge by (1 − 1/period) a bar.
 */
export function atr(high: Float64Array, low: Float64Array, close: Float64Array, period = 14): Float64Array {
  return rma(trueRange(high, low, close), period);
}

export function computeAtr(series: OhlcvSeries, period = 14): EngineResult<Float64Array> {
  const gate = requireWindows(series.close.length, { period }, period);
  return gate.ok ? ok(atr(series.high, series.low, series.close, period)) : gate;
}
