import { type EngineResult, fail, ok } from '../result.ts';
import { requireLength } from './series.ts';

/**
 * The checked wrappers' one gate: every named window is a positive integer and the series has the
 * `needed` bars for the last output to be a number (so a caller never serves a warm-up NaN).
 */
export function requireWindows(length: number, windows: Record<string, number>, needed: number, input = 'close'): EngineResult<true> {
  for (const [name, value] of Object.entries(windows)) {
    if (!Number.isInteger(value) || value < 1) return fail('invalid_parameter', name, `${name} must be a positive integer, got ${value}`);
  }
  return requireLength(length, needed, input);
}

/** A multiplier or factor that must be a finite number ≥ 0. */
export function requireNonNegative(value: number, name: string): EngineResult<true> {
  if (!Number.isFinite(value) || value < 0) return fail('invalid_parameter', name, `${name} must be a finite number ≥ 0, got ${value}`);
  return ok(true);
}
