import { firstFinite } from './series.ts';

/*
 * The three averages every other indicator is built on. Conventions (shared with TradingView's Pine and
 * the `technicalindicators` package): output has the input's length, NaN until the window is full; an
 * input that itself starts with NaN (another indicator's warm-up) is averaged from its first value.
 * Kernels assume a validated series: no NaN after the first finite value.
 */

/** The output (NaN-filled), where averaging starts, and the sum of the first full window (null when the series cannot fill one). */
function seedWindow(values: Float64Array, period: number): { out: Float64Array; start: number; sum: number | null } {
  const out = new Float64Array(values.length).fill(Number.NaN);
  const start = firstFinite(values);
  if (values.length - start < period) return { out, start, sum: null };
  let sum = 0;
  for (let i = start; i < start + period; i++) sum += values[i]!;
  out[start + period - 1] = sum / period;
  return { out, start, sum };
}

/** Simple moving average, by a running sum (one add and one subtract per point). */
export function sma(values: Float64Array, period: number): Float64Array {
  const n = values.length;
  const { out, start, sum: seed } = seedWindow(values, period);
  if (seed === null) return out;
  let sum = seed;
  for (let i = start + period; i < n; i++) {
    sum += values[i]! - values[i - period]!;
    out[i] = sum / period;
  }
  return out;
}

/** Exponential average with smoothing `alpha`, seeded with the simple average of the first window. */
function exponential(values: Float64Array, period: number, alpha: number): Float64Array {
  const n = values.length;
  const { out, start, sum } = seedWindow(values, period);
  if (sum === null) return out;
  let prev = sum / period;
  for (let i = start + period; i < n; i++) {
    prev = alpha * values[i]! + (1 - alpha) * prev;
    out[i] = prev;
  }
  return out;
}

/** Exponential moving average, alpha = 2 / (period + 1). */
export function ema(values: Float64Array, period: number): Float64Array {
  return exponential(values, period, 2 / (period + 1));
}

/** Wilder's smoothing (RMA, used by RSI, ATR, ADX), alpha = 1 / period. */
export function rma(values: Float64Array, period: number): Float64Array {
  return exponential(values, period, 1 / period);
}
