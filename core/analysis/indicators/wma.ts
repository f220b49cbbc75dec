import { type EngineResult, ok } from '../result.ts';
import { firstFinite, type OhlcvSeries } from './series.ts';
import { requireWindows } from './window-checks.ts';

/**
 * Linearly weighted moving average: the newest value weighs `period`, the oldest 1, divided by
 * period·(period+1)/2. NaN until the window is full; leading-NaN aware like `sma`.
 *
 * Running form: moving the window one step adds period·x_new to the weighted numerator and removes
 * the previous window's plain sum (every old weight drops by one), so each point costs O(1). Like
 * `sma`'s running sum, its absolute error is a few ulps of the largest value the sums have carried.
 */
export function wma(values: Float64Array, period: number): Float64Array {
  const n = values.length;
  const out = new Float64Array(n);
  const start = firstFinite(values);
  if (n - start < period) return out.fill(Number.NaN);
  out.fill(Number.NaN, 0, start + period - 1);
  const denominator = (period * (period + 1)) / 2;
  let weighted = 0;
  let sum = 0;
  for (let i = start; i < start + period; i++) {
    const x = values[i]!;
    weighted += (i - start + 1) * x;
    sum += x;
  }
  out[start + period - 1] = weighted / denominator;
  for (let i = start + period; i < n; i++) {
    const x = values[i]!;
    weighted += period * x - sum;
    sum += x - values[i - period]!;
    out[i] = weighted / denominator;
  }
  return out;
}

/** WMA of the closes, refusing a bad period or a series shorter than it. */
export function computeWma(series: OhlcvSeries, period: number): EngineResult<Float64Array> {
  const gate = requireWindows(series.close.length, { period }, period);
  if (!gate.ok) return gate;
  return ok(wma(series.close, period));
}
