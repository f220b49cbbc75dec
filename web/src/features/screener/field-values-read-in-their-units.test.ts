import { describe, expect, it } from 'vitest';
import { describeFilter } from './components/active-filter-chips.tsx';
import { formatBound, formatFieldValue, parseBound } from './format-value.ts';

describe('a screener cell reads in its field’s unit', () => {
  it('percent 26.917 → "26.92 %" as on the analysis page, a small one 0.035 → "0.04 %" (expense ratios), negative with a true minus', () => {
    expect(formatFieldValue(26.917, 'percent')).toBe('26.92 %');
    expect(formatFieldValue(0.035, 'percent')).toBe('0.04 %');
    expect(formatFieldValue(-4.25, 'percent')).toBe('−4.25 %');
  });
  it('market cap 2,951,000,000,000 → "$2.95T"; net cash −350,200,000 → "−$350.20M"; a price → "$187.40"', () => {
    expect(formatFieldValue(2_951_000_000_000, 'usd')).toBe('$2.95T');
    expect(formatFieldValue(-350_200_000, 'usd')).toBe('−$350.20M');
    expect(formatFieldValue(187.4, 'usd_per_share')).toBe('$187.40');
  });
  it('P/E 35.24 → "35.24×", beta 1.234 → "1.23", labels as they are, missing → "—" (never 0)', () => {
    expect(formatFieldValue(35.24, 'times')).toBe('35.24×');
    expect(formatFieldValue(1.234, 'ratio')).toBe('1.23');
    expect(formatFieldValue('Strong Buy', 'label')).toBe('Strong Buy');
    expect(formatFieldValue(null, 'percent')).toBe('—');
    expect(formatFieldValue(Number.NaN, 'usd')).toBe('—');
  });
});

describe('a bound box takes money in K/M/B/T', () => {
  it('"10B" → 10,000,000,000; "2.3b" → 2,300,000,000 exactly; "1,500" → 1500; "−5" → −5; "" → no bound', () => {
    expect(parseBound('10B')).toBe(10_000_000_000);
    expect(parseBound('2.3b')).toBe(2_300_000_000);
    expect(parseBound('1,500')).toBe(1500);
    expect(parseBound('−5')).toBe(-5);
    expect(parseBound('  ')).toBeNull();
  });
  it('"abc", "1e" and "5 %" are not numbers (NaN, shown as an error, never applied)', () => {
    for (const t of ['abc', '1e', '5 %']) expect(parseBound(t)).toBeNaN();
  });
  it('an applied bound reads back the same way: 1e10 as "10B", 2.5e8 as "250M", 12.5 (not money) as "12.5"', () => {
    expect(formatBound(10_000_000_000, 'usd')).toBe('10B');
    expect(formatBound(250_000_000, 'usd')).toBe('250M');
    expect(formatBound(12.5, 'times')).toBe('12.5');
    expect(parseBound(formatBound(123_456_789, 'usd'))).toBe(123_456_789);
  });
});

describe('an active filter reads as its chip', () => {
  it('bounds as typed with the unit: ROE ≥ 15%, P/E 0× to 25×, market cap ≥ $10B, D/E ≤ 1.5; choices listed, more than two counted', () => {
    expect(describeFilter({ kind: 'range', field: 'roe', min: 15, max: null })).toBe('ROE ≥ 15%');
    expect(describeFilter({ kind: 'range', field: 'pe_ttm', min: 0, max: 25 })).toBe('P/E 0× to 25×');
    expect(describeFilter({ kind: 'range', field: 'market_cap', min: 10_000_000_000, max: null })).toBe('Market cap ≥ $10B');
    expect(describeFilter({ kind: 'range', field: 'debt_to_equity', min: null, max: 1.5 })).toBe('D/E ≤ 1.5');
    expect(describeFilter({ kind: 'choice', field: 'sector', values: ['Energy', 'Utilities', 'Materials'] })).toBe('Sector: Energy, Utilities +1');
  });
});
