import { type EngineResult, fail } from '../result.ts';
import { requireLength } from './series.ts';

/**
 * The checked wrappers' one gate: every period a positive integer, then a series long enough for the
 * indicator's first value (`needed` bars). Named periods make the error say which parameter is wrong.
 */
export function requireWindows(length: number, periods: Record<string, number>, needed: number): EngineResult<true> {
  for (const [name, period] of Object.entries(periods)) {
    if (!Number.isInteger(period) || period < 1) return fail('invalid_parameter', name, `${name} must be a positive integer, got ${period}`);
  }
  return requireLength(length, needed);
}
