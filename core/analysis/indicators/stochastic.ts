import { type EngineResult, ok } from '../result.ts';
import { requireWindows } from './window-checks.ts';
import { firstFinite, type OhlcvSeries } from './series.ts';

/**
 * Fast (raw) stochastic %K in percent: where the close sits in the range of the last `period` highs and
 * lows, 100·(close − lowest low)/(highest high − lowest low). A window with no range at all reads 50 (the
 * close is both the top and the bottom); `technicalindicators` reads 0 there. Series with a warm-up
 * (Stochastic RSI feeds the RSI as high, low and close) start at the close's first value.
 */
export function fastStochastic(high: Float64Array, low: Float64Array, close: Float64Array, period: number): Float64Array {
  const n = close.length;
  const out = new Float64Array(n).fill(Number.NaN);
  const start = firstFinite(close);
  // Indexes of the window's extremes; the window is rescanned only when one of them slides out.
  let hi = -1;
  let lo = -1;
  for (let i = start + period - 1; i < n; i++) {
    const from = i - period + 1;
    if (hi < from) {
      hi = from;
      for (let j = from + 1; j <= i; j++) if (high[j]! >= high[hi]!) hi = j;
    } else if (high[i]! >= high[hi]!) hi = i;
    if (lo < from) {
      lo = from;
      for (let j = from + 1; j <= i; j++) if (low[j]! <= low[lo]!) lo = j;
    } else if (low[i]! <= low[lo]!) lo = i;
    const range = high[hi]! - low[lo]!;
    out[i] = range === 0 ? 50 : (100 * (close[i]! - low[lo]!)) / range;
  }
  return out;
}

export interface StochasticLines {
  /** %K in percent, the fast stochastic smoothed by an SMA of `kSmoothing`. */
  k: Float64Array;
  /** %D in percent, an SMA of %K over `dPeriod`. */
  d: Float64Array;
}

/**
 * Simple average of each window summed afresh, not by a running sum: the running sum carries rounding
 * from values that left the window, so a window of zeros read ±1e-14 and %K "crossed" %D at the bottom
 * (QCOM's and WMT's Stochastic RSI votes on 2026-07-02). Summed afresh, a window of equal fast values
 * (0 or 100 at an extreme) averages to exactly that value. The smoothing windows are 3 bars, so the cost
 * is a few additions per point.
 */
function averageEachWindow(values: Float64Array, period: number): Float64Array {
  const out = new Float64Array(values.length).fill(Number.NaN);
  for (let i = firstFinite(values) + period - 1; i < values.length; i++) {
    let sum = 0;
    for (let j = i - period + 1; j <= i; j++) sum += values[j]!;
    out[i] = sum / period;
  }
  return out;
}

/** Slow stochastic (14, 3, 3 by default): %K = SMA(fast %K, 3), %D = SMA(%K, 3), as TradingView draws it. */
export function stochastic(high: Float64Array, low: Float64Array, close: Float64Array, period = 14, kSmoothing = 3, dPeriod = 3): StochasticLines {
  const k = averageEachWindow(fastStochastic(high, low, close, period), kSmoothing);
  return { k, d: averageEachWindow(k, dPeriod) };
}

/** Bars until the first %D: period + kSmoothing − 1 + dPeriod − 1. */
export function computeStochastic(series: OhlcvSeries, period = 14, kSmoothing = 3, dPeriod = 3): EngineResult<StochasticLines> {
  const gate = requireWindows(series.close.length, { period, kSmoothing, dPeriod }, period + kSmoothing + dPeriod - 2);
  return gate.ok ? ok(stochastic(series.high, series.low, series.close, period, kSmoothing, dPeriod)) : gate;
}
