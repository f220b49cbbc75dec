import { type EngineResult, ok } from '../result.ts';
import { fillRollingBands } from './rolling-deviation.ts';
import type { OhlcvSeries } from './series.ts';
import { requireNonNegative, requireWindows } from './window-checks.ts';

export interface Bollinger {
  upper: Float64Array;
  /** SMA(period) of the close. */
  middle: Float64Array;
  lower: Float64Array;
}

/**
 * Bollinger bands: SMA(period) ± mult·σ, σ the POPULATION standard deviation of the window (divide by
 * period, not period − 1), as TradingView's `ta.stdev` and `technicalindicators`' SD.
 */
export function bollinger(close: Float64Array, period = 20, mult = 2): Bollinger {
  const n = close.length;
  const middle = new Float64Array(n);
  const upper = new Float64Array(n);
  const lower = new Float64Array(n);
  fillRollingBands(close, period, 0, 1, mult, upper, middle, lower);
  return { upper, middle, lower };
}

export function computeBollinger(series: OhlcvSeries, period = 20, mult = 2): EngineResult<Bollinger> {
  const m = requireNonNegative(mult, 'mult');
  if (!m.ok) return m;
  const gate = requireWindows(series.close.length, { period }, period);
  if (!gate.ok) return gate;
  return ok(bollinger(series.close, period, mult));
}
