import { type EngineResult, ok } from '../result.ts';
import { requireWindows } from './window-checks.ts';
import type { OhlcvSeries } from './series.ts';
import { fastStochastic } from './stochastic.ts';

/**
 * Williams %R in percent, −100 to 0: −100·(highest high − close)/(highest high − lowest low), which is the
 * fast stochastic minus 100, so the two share one kernel (a window with no range reads −50).
 */
export function williamsR(high: Float64Array, low: Float64Array, close: Float64Array, period = 14): Float64Array {
  const out = fastStochastic(high, low, close, period);
  for (let i = 0; i < out.length; i++) out[i]! -= 100;
  return out;
}

export function computeWilliamsR(series: OhlcvSeries, period = 14): EngineResult<Float64Array> {
  const gate = requireWindows(series.close.length, { period }, period);
  return gate.ok ? ok(williamsR(series.high, series.low, series.close, period)) : gate;
}
