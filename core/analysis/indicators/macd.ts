import { type EngineResult, ok } from '../result.ts';
import { requireWindows } from './window-checks.ts';
import { firstFinite, type OhlcvSeries } from './series.ts';

interface Macd {
  /** EMA(fast) − EMA(slow) of the close, from index slow − 1. */
  macd: Float64Array;
  /** EMA(signal) of the MACD line (seeded with the simple average of its first `signal` values), from index slow + signal − 2. */
  signal: Float64Array;
  /** MACD − signal. */
  histogram: Float64Array;
}

/**
 * MACD (12, 26, 9) with exponential averages throughout, as TradingView's default and
 * `technicalindicators` with SimpleMAOscillator/SimpleMASignal = false. Each EMA is seeded with the
 * simple average of its first window, exactly as `ema` (same sums, same update expression), fused
 * into one pass so the three averages cost one read of the closes.
 */
export function macd(close: Float64Array, fast = 12, slow = 26, signal = 9): Macd {
  const n = close.length;
  const line = new Float64Array(n).fill(Number.NaN);
  const sig = new Float64Array(n).fill(Number.NaN);
  const histogram = new Float64Array(n).fill(Number.NaN);
  const start = firstFinite(close);
  const lineFrom = Math.max(fast, slow) - 1;
  const af = 2 / (fast + 1);
  const as = 2 / (slow + 1);
  const ag = 2 / (signal + 1);
  let f = 0;
  let s = 0;
  let g = 0;
  for (let k = 0; k < n - start; k++) {
    const i = start + k;
    const x = close[i]!;
    if (k < fast) {
      f += x;
      if (k === fast - 1) f /= fast;
    } else f = af * x + (1 - af) * f;
    if (k < slow) {
      s += x;
      if (k === slow - 1) s /= slow;
    } else s = as * x + (1 - as) * s;
    if (k < lineFrom) continue;
    const m = f - s;
    line[i] = m;
    const j = k - lineFrom;
    if (j < signal) {
      g += m;
      if (j < signal - 1) continue;
      g /= signal;
    } else g = ag * m + (1 - ag) * g;
    sig[i] = g;
    histogram[i] = m - g;
  }
  return { macd: line, signal: sig, histogram };
}

/** Bars needed for the signal line (and so the histogram) to have a value at the last bar. */
export const macdWarmUp = (fast = 12, slow = 26, signal = 9): number => Math.max(fast, slow) + signal - 1;

export function computeMacd(series: OhlcvSeries, fast = 12, slow = 26, signal = 9): EngineResult<Macd> {
  const gate = requireWindows(series.close.length, { fast, slow, signal }, macdWarmUp(fast, slow, signal));
  if (!gate.ok) return gate;
  return ok(macd(series.close, fast, slow, signal));
}
