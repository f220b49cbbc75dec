import { type EngineResult, ok } from '../result.ts';
import { requireWindows } from './window-checks.ts';
import type { OhlcvSeries } from './series.ts';

/** Momentum in price units: close − close `period` bars earlier, first value at index `period`. */
export function momentum(values: Float64Array, period = 10): Float64Array {
  const n = values.length;
  const out = new Float64Array(n).fill(Number.NaN);
  for (let i = period; i < n; i++) out[i] = values[i]! - values[i - period]!;
  return out;
}

export function computeMomentum(series: OhlcvSeries, period = 10): EngineResult<Float64Array> {
  const gate = requireWindows(series.close.length, { period }, period + 1);
  return gate.ok ? ok(momentum(series.close, period)) : gate;
}
