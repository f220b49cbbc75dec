import { type EngineResult, fail, ok } from '../result.ts';
import { requireWindows } from './window-checks.ts';
import type { OhlcvSeries } from './series.ts';

/**
 * Volume-weighted moving average: Σ close·volume / Σ volume over the window (TradingView's
 * `ta.vwma`, i.e. sma(close·volume) / sma(volume)). NaN during warm-up and where the window traded no
 * volume at all (the average is undefined there; `computeVwma` refuses that case). Volumes are whole
 * shares, so the running Σ volume comes back to exactly 0 over a window without trades.
 */
export function vwma(close: Float64Array, volume: Float64Array, period: number): Float64Array {
  const n = close.length;
  const out = new Float64Array(n);
  if (n < period) return out.fill(Number.NaN);
  out.fill(Number.NaN, 0, period - 1);
  let pv = 0;
  let v = 0;
  for (let i = 0; i < period; i++) {
    pv += close[i]! * volume[i]!;
    v += volume[i]!;
  }
  out[period - 1] = v > 0 ? pv / v : Number.NaN;
  for (let i = period; i < n; i++) {
    const j = i - period;
    pv += close[i]! * volume[i]! - close[j]! * volume[j]!;
    v += volume[i]! - volume[j]!;
    out[i] = v > 0 ? pv / v : Number.NaN;
  }
  return out;
}

/** VWMA 20 (by default) of a validated series; refuses a window with no volume at the last bar. */
export function computeVwma(series: OhlcvSeries, period = 20): EngineResult<Float64Array> {
  const gate = requireWindows(series.close.length, { period }, period);
  if (!gate.ok) return gate;
  const out = vwma(series.close, series.volume, period);
  if (Number.isNaN(out[out.length - 1]!)) {
    return fail('zero_denominator', 'volume', `no volume traded in the last ${period} bars`, { index: out.length - 1 });
  }
  return ok(out);
}
