import { describe, expect, it } from 'vitest';
import { buildFundamentals } from '../test-kit/fundamentals-test-kit.ts';
import { isCalendarDate, selectFundamentalsAsOf } from './point-in-time.ts';
import { readLineValues } from './quality-checks.ts';

// FY2023 (ended 2023-09-30) filed 2023-11-03; FY2024 filed 2024-11-01, and its restated FY2023 revenue
// comes with the FY2024 10-K, so the 2023 column mixes two filing dates.
const f = buildFundamentals('AAPL', {
  ends: ['2023-09-30', '2024-09-28'],
  lines: {
    revenue: [
      { value: 383_285e6, as_of: '2023-11-03' },
      { value: 391_035e6, as_of: '2024-11-01' },
    ],
    net_income: [
      { value: 96_995e6, as_of: '2023-11-03' },
      { value: 93_736e6, as_of: '2024-11-01' },
    ],
    total_assets: [{ value: 352_583e6, as_of: '2024-11-01' }, null],
  },
});

describe('fundamentals as of a day: only what was filed by then (no look-ahead)', () => {
  it('the day before the FY2024 10-K: FY2024 is dropped (nothing of it was known); FY2023 keeps what was filed by 2023-11-03', () => {
    const asOf = selectFundamentalsAsOf(f, '2024-10-31');
    expect(asOf.annual.periods.map((p) => p.end)).toEqual(['2023-09-30']);
    expect(readLineValues(asOf.annual, 'revenue')).toEqual([383_285e6]);
    // FY2023 total assets come from the FY2024 filing (2024-11-01 > 2024-10-31): not known yet → null, not 0
    expect(asOf.annual.balance.find((l) => l.key === 'total_assets')!.values).toEqual([{ value: null, source: null, as_of: null }]);
  });

  it('on the filing day itself the FY2024 figures count (filed ≤ day)', () => {
    const asOf = selectFundamentalsAsOf(f, '2024-11-01');
    expect(asOf.annual.periods.map((p) => p.end)).toEqual(['2023-09-30', '2024-09-28']);
    expect(readLineValues(asOf.annual, 'net_income')).toEqual([96_995e6, 93_736e6]);
    expect(readLineValues(asOf.annual, 'total_assets')).toEqual([352_583e6, null]);
  });

  it('before any filing: no periods at all, lines kept empty; notes and symbol unchanged', () => {
    const asOf = selectFundamentalsAsOf(f, '2023-11-02');
    expect(asOf.annual.periods).toEqual([]);
    expect(asOf.annual.income.map((l) => l.values.length)).toEqual([0, 0]);
    expect(asOf.symbol).toBe('AAPL');
    expect(asOf.notes).toBe(f.notes);
  });

  it('a figure without a filing date is never known (it cannot be placed in time)', () => {
    const g = buildFundamentals('X', { ends: ['2024-12-31'], lines: { revenue: [{ value: 1e9, as_of: '2025-02-01' }] } });
    g.annual.income[0]!.values[0]!.as_of = null;
    expect(selectFundamentalsAsOf(g, '2030-01-01').annual.periods).toEqual([]);
  });

  it('a value withheld with a note keeps its note once its filing is known, and is not known before', () => {
    const g = buildFundamentals('X', {
      ends: ['2024-12-31'],
      lines: { revenue: [{ value: 5e9, as_of: '2025-02-01' }], eps_diluted: [{ value: null, as_of: '2025-02-01' }] },
    });
    const withheld = { value: null, source: 'sec', as_of: '2025-02-01', note: 'EPS × shares is 9× net income: withheld' };
    Object.assign(g.annual.income.find((l) => l.key === 'eps_diluted')!.values[0]!, withheld);
    expect(selectFundamentalsAsOf(g, '2025-02-01').annual.income.find((l) => l.key === 'eps_diluted')!.values[0]).toEqual(withheld);
    // the day before, the period itself is not known yet
    expect(selectFundamentalsAsOf(g, '2025-01-31').annual.periods).toEqual([]);
  });

  it('quarterly statements follow the same rule', () => {
    const q = buildFundamentals('Q', undefined, {
      ends: ['2024-03-31', '2024-06-30'],
      lines: {
        revenue: [
          { value: 90e9, as_of: '2024-05-02' },
          { value: 85e9, as_of: '2024-08-01' },
        ],
      },
    });
    expect(selectFundamentalsAsOf(q, '2024-07-01').quarterly.periods.map((p) => p.end)).toEqual(['2024-03-31']);
  });
});

it('isCalendarDate accepts real YYYY-MM-DD days only', () => {
  expect(isCalendarDate('2024-02-29')).toBe(true);
  expect(isCalendarDate('2023-02-29')).toBe(false);
  expect(isCalendarDate('2024-13-01')).toBe(false);
  expect(isCalendarDate('2024-1-01')).toBe(false);
  expect(isCalendarDate('yesterday')).toBe(false);
});
