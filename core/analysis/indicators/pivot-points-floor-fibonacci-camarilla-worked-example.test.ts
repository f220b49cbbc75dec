import { describe, expect, it } from 'vitest';
import { loadDailyFixture } from './fixtures/load-daily-fixture.ts';
import { computePivotPoints, pivotPoints, toPeriodKey } from './pivot-points.ts';
import { toOhlcvSeries } from './series.ts';

/* Previous period: H = 120, L = 100, C = 115, so range = 20 and P = (120 + 100 + 115)/3 = 335/3 ≈ 111.667. */
const P = 335 / 3;

describe('pivot levels from H 120, L 100, C 115', () => {
  it('classic: R1 = 2P − L ≈ 123.333, S1 = 2P − H ≈ 103.333, R2/S2 = P ± 20, R3 = H + 2(P − L) ≈ 143.333, S3 = L − 2(H − P) ≈ 83.333', () => {
    const l = pivotPoints(120, 100, 115);
    expect(l.p).toBeCloseTo(111.6666667, 6);
    expect(l.r1).toBeCloseTo(2 * P - 100, 12);
    expect(l.s1).toBeCloseTo(103.3333333, 6);
    expect(l.r2).toBeCloseTo(131.6666667, 6);
    expect(l.s2).toBeCloseTo(91.6666667, 6);
    expect(l.r3).toBeCloseTo(143.3333333, 6);
    expect(l.s3).toBeCloseTo(83.3333333, 6);
  });

  it('fibonacci: P ± 0.382·20 = ±7.64, ± 0.618·20 = ±12.36, ± 20', () => {
    const l = pivotPoints(120, 100, 115, 'fibonacci');
    expect(l.r1).toBeCloseTo(P + 7.64, 12);
    expect(l.r2).toBeCloseTo(P + 12.36, 12);
    expect(l.r3).toBeCloseTo(P + 20, 12);
    expect(l.s1).toBeCloseTo(104.0266667, 6);
    expect(l.s2).toBeCloseTo(99.3066667, 6);
    expect(l.s3).toBeCloseTo(91.6666667, 6);
  });

  it('camarilla: C ± 1.1·20/12 = ±1.8333, ± 1.1·20/6 = ±3.6667, ± 1.1·20/4 = ±5.5 around the close 115', () => {
    const l = pivotPoints(120, 100, 115, 'camarilla');
    expect(l.r1).toBeCloseTo(116.8333333, 6);
    expect(l.r2).toBeCloseTo(118.6666667, 6);
    expect(l.r3).toBeCloseTo(120.5, 12);
    expect(l.s1).toBeCloseTo(113.1666667, 6);
    expect(l.s2).toBeCloseTo(111.3333333, 6);
    expect(l.s3).toBeCloseTo(109.5, 12);
  });
});

describe('period keys', () => {
  it('a week is keyed by its Monday, across a year end', () => {
    expect(toPeriodKey('2024-01-03', 'week')).toBe('2024-01-01'); // Wednesday
    expect(toPeriodKey('2024-01-07', 'week')).toBe('2024-01-01'); // Sunday
    expect(toPeriodKey('2024-01-08', 'week')).toBe('2024-01-08'); // Monday
    expect(toPeriodKey('2023-12-31', 'week')).toBe('2023-12-25');
    expect(toPeriodKey('2024-01-02', 'month')).toBe('2024-01');
    expect(toPeriodKey('2024-01-02', 'year')).toBe('2024');
  });
});

describe('computePivotPoints takes the completed period before the last bar', () => {
  const rows: [string, number, number, number][] = [
    // date, high, low, close
    ['2024-01-30', 120, 105, 110],
    ['2024-01-31', 118, 100, 115],
    ['2024-02-01', 130, 114, 125],
    ['2024-02-02', 131, 120, 128],
  ];
  const s = toOhlcvSeries(rows.map(([date, high, low, close]) => ({ date, open: close, high, low, close, volume: 1 })));
  if (!s.ok) throw new Error('fixture');

  it('monthly: January gives H = max(120, 118) = 120, L = min(105, 100) = 100, C = 115 (its last close)', () => {
    const r = computePivotPoints(s.value);
    expect(r.ok && r.value.basis).toEqual({ from: '2024-01-30', to: '2024-01-31', high: 120, low: 100, close: 115 });
    expect(r.ok && r.value.appliesFrom).toBe('2024-02-01');
    expect(r.ok && r.value.levels.r1).toBeCloseTo(2 * P - 100, 12);
  });

  it('daily: the bar before the last (H 130, L 114, C 125, P = 123)', () => {
    const r = computePivotPoints(s.value, { period: 'day' });
    expect(r.ok && r.value.levels.p).toBe(123);
    expect(r.ok && r.value.levels.s1).toBe(2 * 123 - 130);
  });

  it('refuses a series inside one period (no completed period before it)', () => {
    expect(computePivotPoints(s.value, { period: 'year' })).toMatchObject({ ok: false, error: { code: 'series_too_short' } });
  });
});

describe('weekly pivots on real AAPL bars', () => {
  it('come from the whole previous Monday–Friday week: its highest high, lowest low and Friday-or-last close', () => {
    const s = loadDailyFixture('AAPL');
    const r = computePivotPoints(s, { period: 'week' });
    if (!r.ok) throw new Error(r.error.message);
    const { from, to, high, low, close } = r.value.basis;
    const monday = toPeriodKey(from, 'week');
    const inWeek = s.dates.map((d, i) => [d, i] as const).filter(([d]) => toPeriodKey(d, 'week') === monday);
    expect(inWeek[0]![0]).toBe(from);
    expect(inWeek.at(-1)![0]).toBe(to);
    expect(high).toBe(Math.max(...inWeek.map(([, i]) => s.high[i]!)));
    expect(low).toBe(Math.min(...inWeek.map(([, i]) => s.low[i]!)));
    expect(close).toBe(s.close[inWeek.at(-1)![1]]);
    // the week the levels apply to is the last bar's, and starts right after
    expect(toPeriodKey(r.value.appliesFrom, 'week')).toBe(toPeriodKey(s.dates.at(-1)!, 'week'));
    expect(r.value.appliesFrom > to).toBe(true);
  });
});
