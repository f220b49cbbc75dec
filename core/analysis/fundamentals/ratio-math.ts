import { type EngineResult, fail, ok, requireFinite } from '../result.ts';

/**
 * `numerator / denominator` where only a positive denominator makes sense (revenue, equity, EBITDA,
 * earnings): zero or negative says so as `zero_denominator` rather than serving a sign-flipped ratio.
 */
export function divideByPositive(numerator: number | null | undefined, denominator: number | null | undefined, names: [string, string]): EngineResult<number> {
  const d = requireFinite(denominator, names[1]);
  if (!d.ok) return d;
  const n = requireFinite(numerator, names[0]);
  if (!n.ok) return n;
  if (d.value <= 0) return fail('zero_denominator', names[1], `${names[1]} is ${d.value < 0 ? 'negative' : 'zero'}: the ratio is not meaningful`);
  return finiteOrFail(n.value / d.value, names[0]);
}

/** Figures too far apart in size (a subnormal denominator) overflow: refused rather than served as Infinity. */
function finiteOrFail(v: number, input: string): EngineResult<number> {
  return Number.isFinite(v) ? ok(v) : fail('invalid_value', input, `${input} gives a ratio out of range`);
}

/** A balance that cannot be negative (cash, debt, current assets): a negative one is a data error, refused. */
export function requireNonNegative(value: number | null | undefined, input: string): EngineResult<number> {
  const v = requireFinite(value, input);
  if (!v.ok) return v;
  return v.value < 0 ? fail('invalid_value', input, `${input} is negative (${v.value}): a balance that cannot be`) : v;
}

/**
 * Compound annual growth rate as a fraction (0.08 = 8 % a year): (end / start)^(1 / years) − 1.
 * A start ≤ 0 (a loss, no revenue) or an end < 0 has no growth rate: the answer says which.
 */
export function cagr(start: number | null, end: number | null, years: number, input: string): EngineResult<number> {
  const s = requireFinite(start, `${input} (start)`);
  if (!s.ok) return s;
  const e = requireFinite(end, `${input} (end)`);
  if (!e.ok) return e;
  if (!(years > 0)) return fail('invalid_parameter', 'years', `years must be positive, got ${years}`);
  if (s.value <= 0) return fail('invalid_value', `${input} (start)`, `${input} at the start is ${s.value}: no growth rate from a value ≤ 0`);
  if (e.value < 0) return fail('invalid_value', `${input} (end)`, `${input} at the end is ${e.value}: no growth rate to a negative value`);
  return finiteOrFail((e.value / s.value) ** (1 / years) - 1, input);
}
