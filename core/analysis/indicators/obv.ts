import { type EngineResult, ok } from '../result.ts';
import { requireWindows } from './window-checks.ts';
import type { OhlcvSeries } from './series.ts';

/**
 * On-balance volume, in shares: a running total that adds the bar's volume on an up close, subtracts it
 * on a down close and keeps it on an unchanged one. It starts at 0 on the first bar (no warm-up).
 */
export function obv(close: Float64Array, volume: Float64Array): Float64Array {
  const n = close.length;
  const out = new Float64Array(n);
  let total = 0;
  for (let i = 1; i < n; i++) {
    if (close[i]! > close[i - 1]!) total += volume[i]!;
    else if (close[i]! < close[i - 1]!) total -= volume[i]!;
    out[i] = total;
  }
  return out;
}

export function computeObv(series: OhlcvSeries): EngineResult<Float64Array> {
  const gate = requireWindows(series.close.length, {}, 1);
  return gate.ok ? ok(obv(series.close, series.volume)) : gate;
}
