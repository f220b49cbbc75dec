import { describe, expect, it } from 'vitest';
import { FactSheet } from '../analysis/runs/facts.ts';
import { describeKeysInText } from './describe-keys.ts';

describe('a missing figure says why in labels a person reads', () => {
  it('statement-line and fact keys become their labels: "gross_profit is not reported" → "gross profit is not reported"', () => {
    expect(describeKeysInText('Beneish GMI: gross_profit is not reported')).toBe('Beneish GMI: gross profit is not reported');
    expect(describeKeysInText('dividends_per_share is not reported')).toMatch(/^dividends per share is not reported$/i);
    expect(describeKeysInText('needs both pe_ttm and eps_cagr_5y')).toBe('needs both P/E (trailing twelve months) and 5-year EPS CAGR');
  });
  it('an unknown snake_case word is left as it is; plain words are untouched', () => {
    expect(describeKeysInText('no_such_thing happened')).toBe('no_such_thing happened');
    expect(describeKeysInText('no dividend went ex in the past twelve months')).toBe('no dividend went ex in the past twelve months');
  });
  it('the fact sheet stores the readable reason', () => {
    const sheet = new FactSheet();
    sheet.skip('gross_margin', 'gross_profit is not reported');
    expect(sheet.missing).toEqual([{ key: 'gross_margin', label: 'Gross margin', reason: 'gross profit is not reported' }]);
  });
});
