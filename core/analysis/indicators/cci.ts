import { type EngineResult, ok } from '../result.ts';
import { requireWindows } from './window-checks.ts';
import type { OhlcvSeries } from './series.ts';

/**
 * Commodity Channel Index (Lambert): typical price TP = (high + low + close)/3; CCI = (TP − SMA(TP)) /
 * (0.015 · mean deviation), the mean deviation being the average |TP − SMA(TP)| over the same window.
 * A window with no deviation at all has TP = SMA, so it reads 0 rather than 0/0.
 */
export function cci(high: Float64Array, low: Float64Array, close: Float64Array, period = 20, constant = 0.015): Float64Array {
  const n = close.length;
  const out = new Float64Array(n).fill(Number.NaN);
  const tp = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    tp[i] = (high[i]! + low[i]! + close[i]!) / 3;
    sum += tp[i]!;
    if (i >= period) sum -= tp[i - period]!;
    if (i < period - 1) continue;
    const mean = sum / period;
    let deviation = 0;
    for (let j = i - period + 1; j <= i; j++) deviation += Math.abs(tp[j]! - mean);
    out[i] = deviation === 0 ? 0 : (tp[i]! - mean) / ((constant * deviation) / period);
  }
  return out;
}

export function computeCci(series: OhlcvSeries, period = 20): EngineResult<Float64Array> {
  const gate = requireWindows(series.close.length, { period }, period);
  return gate.ok ? ok(cci(series.high, series.low, series.close, period)) : gate;
}
