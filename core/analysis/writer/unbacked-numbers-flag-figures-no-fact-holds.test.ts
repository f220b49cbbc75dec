import { describe, expect, it } from 'vitest';
import type { AnalysisNote, Fact } from '../analysis-types.ts';
import { findUnbackedNumbers, formatFactValue } from './index.ts';

const fact = (key: string, label: string, value: number, unit: Fact['unit'], period = 'FY2025'): Fact => ({
  key,
  label,
  value,
  unit,
  period,
  source: 'computed',
  as_of: '2025-10-31',
});
const facts = [
  fact('net_margin', 'Net margin', 26.92, 'percent'),
  fact('revenue', 'Revenue', 416_161_000_000, 'usd'),
  fact('sma_200', 'SMA (200)', 270.69, 'usd_per_share', '2026-07-02'),
  fact('macd', 'MACD (12, 26)', -9.88, 'ratio', '2026-07-02'),
];
const noteSaying = (text: string): AnalysisNote => ({
  headline: { text, fact_keys: [] },
  strengths: [],
  risks: [],
  verdict: { text: 'Fine.', fact_keys: [] },
  writer: 'test',
});

describe('findUnbackedNumbers', () => {
  it('accepts a fact as every page writes it: 26.92 → "26.92 %", 416 161 000 000 → "$416.16B"', () => {
    expect(formatFactValue(facts[0]!)).toBe('26.92 %');
    expect(formatFactValue(facts[1]!)).toBe('$416.16B');
    expect(findUnbackedNumbers(noteSaying(`A ${formatFactValue(facts[0]!)} margin on ${formatFactValue(facts[1]!)} of sales.`), facts)).toEqual([]);
  });

  it('accepts roundings to 0–2 decimals and the absolute value of a negative fact', () => {
    // 26.92 rounds to 27 (0 dp) and 26.92 (2 dp); −9.88 may be written "9.88 below zero".
    expect(findUnbackedNumbers(noteSaying('Margins near 27% (26.92% exactly); MACD 9.88 below zero.'), facts)).toEqual([]);
  });

  it('flags a number no fact holds, however close', () => {
    // 28 is not 26.92 rounded to any precision; 26.8 is not either.
    expect(findUnbackedNumbers(noteSaying('Margins of 28% or 26.8% are not facts.'), facts).map((u) => u.token)).toEqual(['28%', '26.8%']);
  });

  it('accepts numbers from fact labels and periods, and from allowed texts such as the company name', () => {
    // "200" is in the label "SMA (200)", "2025" in the period "FY2025", "3" in "3M Company".
    expect(findUnbackedNumbers(noteSaying('Above its 200-day average in FY2025, says 3M Company.'), facts, ['3M Company'])).toEqual([]);
    expect(findUnbackedNumbers(noteSaying('Above its 150-day average.'), facts).map((u) => u.token)).toEqual(['150']);
  });

  it('checks every sentence: headline, strengths, risks and verdict', () => {
    const note: AnalysisNote = {
      headline: { text: 'Fine.', fact_keys: [] },
      strengths: [{ text: 'Grew 13%.', fact_keys: [] }],
      risks: [{ text: 'Fell 7%.', fact_keys: [] }],
      verdict: { text: 'Worth 99 dollars.', fact_keys: [] },
      writer: 'test',
    };
    expect(findUnbackedNumbers(note, facts).map((u) => [u.where, u.token])).toEqual([
      ['strengths[0]', '13%'],
      ['risks[0]', '7%'],
      ['verdict', '99 dollars'],
    ]);
  });
});
