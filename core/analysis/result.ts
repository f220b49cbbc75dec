import { describeInputsInText } from './describe-inputs.ts';

/**
 * What every engine returns: a value, or which input is missing or invalid. Engines never hand back
 * NaN or Infinity as a number; a caller serving a figure either has `ok: true` or a reason to show.
 */

export type EngineErrorCode =
  /** A series shorter than the window it needs (`needed` vs `got`). */
  | 'series_too_short'
  /** NaN, ±Infinity, or a price ≤ 0 at `index`. */
  | 'invalid_value'
  /** A required input is absent (null/undefined), e.g. no revenue for a margin. */
  | 'missing_input'
  /** A denominator that is zero or of a sign that makes the ratio meaningless (no equity, no revenue). */
  | 'zero_denominator'
  /** Parameters that cannot work together (DCF with r ≤ g + 1.5 points, a window ≤ 0). */
  | 'invalid_parameter'
  /** The method does not apply to this company (Altman Z for a bank). */
  | 'not_applicable';

interface EngineError {
  code: EngineErrorCode;
  /** The input or parameter at fault, e.g. `close`, `revenue`, `terminal_growth`. */
  input: string;
  /** Why, for a person: input keys written in it come out as labels ("gross profit is not reported"); `input` keeps the key. */
  message: string;
  index?: number;
  needed?: number;
  got?: number;
}

export type EngineResult<T> = { ok: true; value: T } | { ok: false; error: EngineError };

export const ok = <T>(value: T): EngineResult<T> => ({ ok: true, value });
export const fail = <T = never>(code: EngineErrorCode, input: string, message: string, extra: Partial<EngineError> = {}): EngineResult<T> => ({
  ok: false,
  error: { code, input, message: describeInputsInText(message), ...extra },
});

/** A finite number, or the error that says which input was not. */
export function requireFinite(value: number | null | undefined, input: string): EngineResult<number> {
  if (value === null || value === undefined) return fail('missing_input', input, `${input} is not reported`);
  if (!Number.isFinite(value)) return fail('invalid_value', input, `${input} is not a finite number`);
  return ok(value);
}

/** `numerator / denominator`, refusing a missing input or a zero denominator. */
export function divide(numerator: number | null | undefined, denominator: number | null | undefined, names: [string, string]): EngineResult<number> {
  const n = requireFinite(numerator, names[0]);
  if (!n.ok) return n;
  const d = requireFinite(denominator, names[1]);
  if (!d.ok) return d;
  if (d.value === 0) return fail('zero_denominator', names[1], `${names[1]} is zero`);
  return ok(n.value / d.value);
}
