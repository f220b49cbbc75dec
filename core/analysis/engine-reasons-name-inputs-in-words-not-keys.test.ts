import { describe, expect, it } from 'vitest';
import { describeInputsInText } from './describe-inputs.ts';
import { divideByPositive } from './fundamentals/ratio-math.ts';
import { requireFinite } from './result.ts';

describe('an engine says why in words, and keeps the key for code', () => {
  it('a missing statement line: "gross profit is not reported", input still gross_profit', () => {
    const r = requireFinite(null, 'gross_profit');
    expect(r).toEqual({ ok: false, error: { code: 'missing_input', input: 'gross_profit', message: 'gross profit is not reported' } });
  });
  it('an intermediate figure no catalogue holds: invested_capital → "invested capital"', () => {
    const r = divideByPositive(10, -5, ['operating_income', 'invested_capital']);
    expect(!r.ok && r.error.message).toBe('invested capital is negative: the ratio is not meaningful');
    expect(!r.ok && r.error.input).toBe('invested_capital');
  });
  it('one-word keys that are acronyms: ebitda → EBITDA, sga → SG&A; revenue stays revenue', () => {
    expect(describeInputsInText('ebitda is not reported')).toBe('EBITDA is not reported');
    expect(describeInputsInText('sga / revenue FY2025 is zero')).toBe('SG&A / revenue FY2025 is zero');
  });
  it('a list of metric keys reads as labels: "no health metric could be ranked: current ratio, debt / equity"', () => {
    expect(describeInputsInText('no health metric could be ranked: current_ratio, debt_to_equity')).toBe(
      'no health metric could be ranked: current ratio, debt / equity',
    );
  });
  it('an unknown key is left as it is, so the universe test can catch it', () => {
    expect(describeInputsInText('no_such_input is missing')).toBe('no_such_input is missing');
  });
});
