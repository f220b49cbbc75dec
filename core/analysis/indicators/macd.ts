import { type EngineResult, ok } from '../result.ts';
import { requireWindows } from './window-checks.ts';
import { ema } from './moving-averages.ts';
import type { OhlcvSeries } from './series.ts';

export interface Macd {
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
 * simple average of its first window (the `ema` convention).
 */
export function macd(close: Float64Array, fast = 12, slow = 26, signal = 9): Macd {
  const line = ema(close, fast);
  const slowEma = ema(close, slow);
  for (let i = 0; i < line.length; i++) line[i] = line[i]! - slowEma[i]!;
  const sig = ema(line, signal);
  for (let i = 0; i < slowEma.length; i++) slowEma[i] = line[i]! - sig[i]!;
  return { macd: line, signal: sig, histogram: slowEma };
}

/** Bars needed for the signal line (and so the histogram) to have a value at the last bar. */
export const macdWarmUp = (fast = 12, slow = 26, signal = 9): number => Math.max(fast, slow) + signal - 1;

export function computeMacd(series: OhlcvSeries, fast = 12, slow = 26, signal = 9): EngineResult<Macd> {
  const gate = requireWindows(series.close.length, { fast, slow, signal }, macdWarmUp(fast, slow, signal));
  if (!gate.ok) return gate;
  return ok(macd(series.close, fast, slow, signal));
}
