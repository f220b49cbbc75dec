import { describe, expect, it } from 'vitest';
import { formatFactValue } from './format-fact.ts';

describe('a fact reads in its unit, as the note says it', () => {
  it('percent units are already percent: net_margin 26.915 → "26.92 %" (not ×100 again)', () => {
    expect(formatFactValue({ value: 26.915, unit: 'percent' })).toBe('26.92 %');
  });
  it('reported dollars shorten at T/B/M: 391,035,000,000 / 1e9 = 391.035 → "$391.04B"; −2,500,000 → "−$2.50M"', () => {
    expect(formatFactValue({ value: 391_035_000_000, unit: 'usd' })).toBe('$391.04B');
    expect(formatFactValue({ value: -2_500_000, unit: 'usd' })).toBe('−$2.50M');
    expect(formatFactValue({ value: 950.5, unit: 'usd' })).toBe('$950.50');
  });
  it('per-share money keeps cents, multiples get ×, shares drop the $', () => {
    expect(formatFactValue({ value: 187.4, unit: 'usd_per_share' })).toBe('$187.40');
    expect(formatFactValue({ value: 31.26, unit: 'times' })).toBe('31.3×');
    expect(formatFactValue({ value: 15_204_137_000, unit: 'shares' })).toBe('15.20B');
  });
  it('whole scores stay whole (Piotroski 7), fractional ones get two decimals (Altman 4.567 → 4.57); labels pass through', () => {
    expect(formatFactValue({ value: 7, unit: 'score' })).toBe('7');
    expect(formatFactValue({ value: 4.567, unit: 'score' })).toBe('4.57');
    expect(formatFactValue({ value: 'Buy', unit: 'label' })).toBe('Buy');
  });
});
