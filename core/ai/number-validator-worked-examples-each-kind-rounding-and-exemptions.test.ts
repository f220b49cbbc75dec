import { describe, expect, it } from 'vitest';
import type { Fact } from '../analysis/analysis-types.ts';
import { findNumberMentions, findUnbackedNumbers } from './number-validator.ts';

const fact = (key: string, label: string, value: number | string, unit: Fact['unit'], period = 'FY2025', as_of = '2025-10-31'): Fact => ({
  key,
  label,
  value,
  unit,
  period,
  source: 'computed',
  as_of,
});

// A small AAPL-like fact set; every example below states its arithmetic against these.
const facts: Fact[] = [
  fact('net_margin', 'Net margin', 26.92, 'percent'),
  fact('revenue', 'Revenue', 394_328_000_000, 'usd'),
  fact('free_cash_flow', 'Free cash flow', 3_412_000_000, 'usd'),
  fact('pe_ttm', 'P/E (TTM)', 28.47, 'times', 'TTM to 2026-03-28', '2026-03-28'),
  fact('price', 'Price', 201.5, 'usd_per_share', '2026-07-02', '2026-07-02'),
  fact('change_1y', '1-year change', -12.34, 'percent', '1y to 2026-07-02', '2026-07-02'),
  fact('payout_ratio', 'Payout ratio', 0.3312, 'ratio'),
  fact('piotroski_f', 'Piotroski F-score (of 9)', 7, 'score'),
  fact('employees', 'Employees', 42, 'count'),
  fact('sma_200', 'SMA (200)', 270.69, 'usd_per_share', '2026-07-02', '2026-07-02'),
  fact('technical_rating', 'Technical rating', 'Buy', 'label', '2026-07-02', '2026-07-02'),
];
const tokens = (text: string, allowed: string[] = []) => findUnbackedNumbers(text, facts, allowed).map((u) => u.token);

describe('number validator: what it reads', () => {
  it('reads each kind with its scale and written decimals', () => {
    const m = findNumberMentions(
      'Up 26.9% to $394.3 billion ($3.4B, USD 12m), 28.5x or 28.5 times, in 2031, −12.3 percent, forty-two staff, three million shares.',
    );
    expect(m.map((x) => [x.token, x.kind, x.value, x.decimals, x.scale, x.sign])).toEqual([
      ['26.9%', 'percent', 26.9, 1, 1, 0],
      ['$394.3 billion', 'currency', 394.3, 1, 1e9, 0],
      ['$3.4B', 'currency', 3.4, 1, 1e9, 0],
      ['USD 12m', 'currency', 12, 0, 1e6, 0],
      ['28.5x', 'multiple', 28.5, 1, 1, 0],
      ['28.5 times', 'multiple', 28.5, 1, 1, 0],
      ['2031', 'year', 2031, 0, 1, 0],
      ['−12.3 percent', 'percent', 12.3, 1, 1, -1],
      ['forty-two', 'number', 42, 0, 1, 0],
      ['three million', 'number', 3, 0, 1e6, 0],
    ]);
  });

  it('exempts citation markers, ordinals up to 4th, Q3/H1 names, "one" and "zero", index names and allowed texts', () => {
    const text = 'One of the first signs [1][2]: in Q3 and H1 it ranked 2nd, S&P 500 peers, a 10-K note, one-off items, below zero, says 3M.';
    expect(findNumberMentions(text, ['3M Company'])).toEqual([]);
  });

  it('positions point at the token in the text', () => {
    const text = 'Margin 28% here.';
    const [u] = findUnbackedNumbers(text, facts);
    expect(text.slice(u!.start, u!.end)).toBe('28%');
  });
});

describe('number validator: backed by the facts, with display rounding', () => {
  it('accepts percentages rounded to 0–2 decimals: 26.92 → "27%", "26.9%", "26.92 percent"', () => {
    expect(tokens('Net margin near 27%, 26.9% to be exact, 26.92 percent in the filing (26.9 pct).')).toEqual([]);
    expect(findNumberMentions('28 pct')[0]).toMatchObject({ kind: 'percent', value: 28 });
  });

  it('accepts dollars in any scale: 394 328 000 000 → "$394.3 billion", "$394B", "$0.39 trillion"; 3 412 000 000 → "$3.4B", "USD 3,412m"', () => {
    // 394.328 → 394.3 (1 dp), 394 (0 dp); 0.394328 → 0.39 (2 dp); 3412 million exactly
    expect(tokens('Revenue of $394.3 billion ($394B, $0.39 trillion); free cash flow $3.4B or USD 3,412m.')).toEqual([]);
  });

  it('accepts multiples and per-share prices: 28.47 → "28.5x", "28 times"; 201.5 → "$201.50"', () => {
    expect(tokens('At 28.5x earnings (28 times) and $201.50 a share.')).toEqual([]);
  });

  it('accepts a negative fact unsigned or with its minus: −12.34 → "12.3%" (down) and "-12.3%", but not "+12.3%"', () => {
    expect(tokens('Down 12.3% over a year (-12.3%).')).toEqual([]);
    expect(findUnbackedNumbers('A +12.3% year.', facts)[0]?.reason).toBe('sign differs: change_1y is -12.34');
  });

  it('accepts a ratio written as a percentage (0.3312 → "33%") and "a third of" within 2.5 points', () => {
    expect(tokens('It pays out 33% of earnings, about a third of profit.')).toEqual([]);
  });

  it('accepts spelled-out numbers a fact holds: "seven of nine" (score 7, label "of 9"), "forty-two employees"', () => {
    expect(tokens('It passes seven of nine tests with forty-two employees.')).toEqual([]);
  });

  it('accepts years and dates from periods and as-of dates: FY2025, 2026, 2026-03-28, "March 28, 2026", "July 2026"', () => {
    expect(tokens('In FY2025 and into 2026 (TTM to 2026-03-28, i.e. March 28, 2026), price as of July 2026.')).toEqual([]);
  });

  it('accepts numbers written in labels, of the same kind: "200-day" from "SMA (200)", "$10,000" from a label saying "$10,000"', () => {
    expect(tokens('Above its 200-day average of $270.69.')).toEqual([]);
    const fees = fact('expense_cost_10y', 'Fees over 10 years on $10,000 (5% a year before fees)', 92.4, 'usd');
    expect(findUnbackedNumbers('About $92 over ten years on $10,000.', [fees])).toEqual([]);
    // a label's parameter is no percentage: the 12 of "MACD (12, 26)" does not back "12%"
    const macd = fact('macd', 'MACD (12, 26)', -9.88, 'ratio');
    expect(findUnbackedNumbers('A 12-day view; up 12% since.', [macd]).map((u) => u.token)).toEqual(['12%']);
  });
});

describe('number validator: invented numbers rejected, with the reason', () => {
  it('rejects a percentage no fact rounds to: 28% is not 26.92 at 0 dp (27) and 26.8% not at 1 dp (26.9)', () => {
    const out = findUnbackedNumbers('Margins of 28% or 26.8%.', facts);
    expect(out.map((u) => u.token)).toEqual(['28%', '26.8%']);
    expect(out[0]!.reason).toBe('no percent fact rounds to 28% (nearest: net_margin 26.92)');
  });

  it('rejects the right digits in the wrong unit: "$28.5" is no dollar fact and "26.9x" no multiple', () => {
    expect(tokens('A $28.5 price and 26.9x.')).toEqual(['$28.5', '26.9x']);
  });

  it('rejects invented currency, multiples, years, dates and spelled numbers', () => {
    expect(tokens('Revenue of $400 billion, 31.2x earnings, a target for 2031, by 2026-09-30 it has eleven products and three million users.')).toEqual([
      '$400 billion',
      '31.2x',
      '2031',
      '2026-09-30',
      'eleven',
      'three million',
    ]);
    expect(findUnbackedNumbers('By 2031.', facts)[0]?.reason).toBe("year 2031 is in no fact's period or as-of date");
  });

  it('rejects a fraction far from every fact: "three quarters of" is 75%, no fact near it', () => {
    expect(tokens('three quarters of revenue')).toEqual(['three quarters']);
  });

  it('rejects "mid-2031" as a year and keeps "COVID-19" as a name', () => {
    expect(tokens('From mid-2031, after COVID-19.')).toEqual(['2031']);
  });

  it('reports each sentence of a note with its place', () => {
    const note = {
      headline: { text: 'A 26.9% margin.', fact_keys: ['net_margin'] },
      strengths: [{ text: 'Revenue of $394.3 billion.', fact_keys: ['revenue'] }],
      risks: [{ text: 'Valued at 35x earnings.', fact_keys: ['pe_ttm'] }],
      verdict: { text: 'Hold.', fact_keys: [] },
      writer: 'test',
    };
    expect(findUnbackedNumbers(note, facts).map((u) => `${u.where}: ${u.token}`)).toEqual(['risks[0]: 35x']);
  });
});
