import { type EngineResult, ok } from '../result.ts';
import { requireWindows } from './window-checks.ts';
import { firstFinite, type OhlcvSeries } from './series.ts';

/**
 * Wilder's RSI in percent (0–100): average gain and loss of the close-to-close changes, each smoothed
 * with alpha = 1/period and seeded with the plain mean of the first `period` changes, so the first
 * value sits at index `start + period`. No losses at all reads 100, no gains 0 (TradingView's and
 * `technicalindicators`' convention; a flat window therefore reads 100).
 */
export function rsi(values: Float64Array, period = 14): Float64Array {
  const n = values.length;
  const out = new Float64Array(n).fill(Number.NaN);
  const start = firstFinite(values);
  if (n - start <= period) return out;
  let gain = 0;
  let loss = 0;
  for (let i = start + 1; i <= start + period; i++) {
    const change = values[i]! - values[i - 1]!;
    if (change > 0) gain += change;
    else loss -= change;
  }
  gain /= period;
  loss /= period;
  out[start + period] = loss === 0 ? 100 : gain === 0 ? 0 : 100 - 100 / (1 + gain / loss);
  for (let i = start + period + 1; i < n; i++) {
    const change = values[i]! - values[i - 1]!;
    gain = (gain * (period - 1) + (change > 0 ? change : 0)) / period;
    loss = (loss * (period - 1) + (change < 0 ? -change : 0)) / period;
    out[i] = loss === 0 ? 100 : gain === 0 ? 0 : 100 - 100 / (1 + gain / loss);
  }
  return out;
}

/** RSI of the closes, refusing a bad period or fewer than period + 1 bars. */
export function computeRsi(series: OhlcvSeries, period = 14): EngineResult<Float64Array> {
  const gate = requireWindows(series.close.length, { period }, period + 1);
  return gate.ok ? ok(rsi(series.close, period)) : gate;
}
