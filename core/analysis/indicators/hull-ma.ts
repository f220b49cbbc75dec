import { type EngineResult, fail, ok } from '../result.ts';
import { requireWindows } from './window-checks.ts';
import type { OhlcvSeries } from './series.ts';
import { wma } from './wma.ts';

/**
 * Hull moving average: WMA(2·WMA(x, ⌊n/2⌋) − WMA(x, n), ⌊√n⌋). First value at index n + ⌊√n⌋ − 2
 * (the inner difference exists from n − 1, then the outer WMA needs ⌊√n⌋ of it). Needs n ≥ 2.
 */
export function hullMa(values: Float64Array, period: number): Float64Array {
  const half = wma(values, Math.floor(period / 2));
  const full = wma(values, period);
  for (let i = 0; i < full.length; i++) full[i] = 2 * half[i]! - full[i]!;
  return wma(full, Math.floor(Math.sqrt(period)));
}

/** Bars a Hull MA of `period` needs before its first value. */
export const hullMaWarmUp = (period: number): number => period + Math.floor(Math.sqrt(period)) - 1;

/** Hull MA 9 (by default) of the closes. */
export function computeHullMa(series: OhlcvSeries, period = 9): EngineResult<Float64Array> {
  if (period < 2) return fail('invalid_parameter', 'period', `a Hull MA needs period ≥ 2 (its half window is ⌊period/2⌋), got ${period}`);
  const gate = requireWindows(series.close.length, { period }, hullMaWarmUp(period));
  if (!gate.ok) return gate;
  return ok(hullMa(series.close, period));
}
