import { type EngineResult, ok } from '../result.ts';
import { ema } from './moving-averages.ts';
import { requireWindows } from './window-checks.ts';
import type { OhlcvSeries } from './series.ts';

interface BullBearPower {
  /** high − EMA(close), in price units. */
  bull: Float64Array;
  /** low − EMA(close), in price units. */
  bear: Float64Array;
}

/** Elder's Bull and Bear Power around a 13-bar EMA of the close (first values at index period − 1). */
export function bullBearPower(high: Float64Array, low: Float64Array, close: Float64Array, period = 13): BullBearPower {
  const average = ema(close, period);
  const n = close.length;
  const bull = new Float64Array(n);
  const bear = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    bull[i] = high[i]! - average[i]!;
    bear[i] = low[i]! - average[i]!;
  }
  return { bull, bear };
}

export function computeBullBearPower(series: OhlcvSeries, period = 13): EngineResult<BullBearPower> {
  const gate = requireWindows(series.close.length, { period }, period);
  return gate.ok ? ok(bullBearPower(series.high, series.low, series.close, period)) : gate;
}
