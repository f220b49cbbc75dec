import { describe, expect, it } from 'vitest';
import { formatFactValue, roundForUnit } from './format-fact.ts';

/*
 * One precision rule (issue 28): a fact is stored rounded to its unit's decimals and written with the
 * same decimals, on the page, in the note, the PDF and the copilot's answer alike.
 */
describe('a fact reads in its unit, the same on every surface', () => {
  it('percent units are already percent: net_margin 26.915 → "26.92 %" (not ×100 again), −4.25 → "−4.25 %" with a true minus', () => {
    expect(formatFactValue({ value: 26.915, unit: 'percent' })).toBe('26.92 %');
    expect(formatFactValue({ value: -4.25, unit: 'percent' })).toBe('−4.25 %');
    expect(formatFactValue({ value: 0.035, unit: 'percent' })).toBe('0.04 %');
  });
  it('a negative that rounds to zero reads "0.00 %", never "−0.00 %"', () => {
    expect(formatFactValue({ value: -0.001, unit: 'percent' })).toBe('0.00 %');
    expect(formatFactValue({ value: -0.4, unit: 'count' })).toBe('0');
  });
  it('reported dollars shorten at T/B/M to two decimals: 391,035,000,000 / 1e9 = 391.035 → "$391.04B"; −2,500,000 → "−$2.50M"; below a million cents stay', () => {
    expect(formatFactValue({ value: 391_035_000_000, unit: 'usd' })).toBe('$391.04B');
    expect(formatFactValue({ value: -2_500_000, unit: 'usd' })).toBe('−$2.50M');
    expect(formatFactValue({ value: 950.5, unit: 'usd' })).toBe('$950.50');
    expect(formatFactValue({ value: 12_345.6, unit: 'usd' })).toBe('$12,345.60');
  });
  it('per-share money keeps cents, multiples keep their two stored decimals with ×, shares drop the $', () => {
    expect(formatFactValue({ value: 187.4, unit: 'usd_per_share' })).toBe('$187.40');
    expect(formatFactValue({ value: 31.26, unit: 'times' })).toBe('31.26×');
    expect(formatFactValue({ value: 15_204_137_000, unit: 'shares' })).toBe('15.20B');
  });
  it('whole scores stay whole (Piotroski 7), fractional ones get two decimals (Altman 4.567 → 4.57); labels pass through', () => {
    expect(formatFactValue({ value: 7, unit: 'score' })).toBe('7');
    expect(formatFactValue({ value: 4.567, unit: 'score' })).toBe('4.57');
    expect(formatFactValue({ value: 'Buy', unit: 'label' })).toBe('Buy');
  });
  it('the stored value is the written value: roundForUnit(26.9151, percent) = 26.92 reads "26.92 %"; roundForUnit(31.256, times) = 31.26 reads "31.26×"', () => {
    expect(roundForUnit(26.9151, 'percent')).toBe(26.92);
    expect(formatFactValue({ value: roundForUnit(26.9151, 'percent'), unit: 'percent' })).toBe(formatFactValue({ value: 26.9151, unit: 'percent' }));
    expect(roundForUnit(31.256, 'times')).toBe(31.26);
    expect(Object.is(roundForUnit(-0.001, 'percent'), 0)).toBe(true);
  });
});
