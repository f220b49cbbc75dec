import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBundledProvider } from '../../../server/adapters/market-data/bundled/index.ts';
import { findAppRoot } from '../../../server/lib/app-root.ts';
import { computeTrackingDifference } from './tracking-difference.ts';

// 2021-01-01 → 2025-01-01 is 1,461 days = 4 × 365.25: exactly four years.
const dates = ['2021-01-01', '2022-01-01', '2023-01-01', '2024-01-01', '2025-01-01'];

describe('tracking difference: annualised fund return − annualised benchmark return over shared dates', () => {
  it('fund +10 % a year (100 → 146.41), benchmark +11 % (100 → 151.807041): −1 point a year; yearly gaps all −1 point, so tracking error 0', () => {
    const fund = { dates, close: [100, 110, 121, 133.1, 146.41] };
    const benchmark = { dates, close: [100, 111, 123.21, 136.7631, 151.807041] };
    const r = computeTrackingDifference(fund, benchmark);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value).toMatchObject({ from: '2021-01-01', to: '2025-01-01', alignedPoints: 5, spanDays: 1461 });
    expect(r.value.fundReturn).toBeCloseTo(0.4641, 12);
    expect(r.value.benchmarkReturn).toBeCloseTo(0.51807041, 12);
    // (1.4641)^(1/4) − 1 = 0.10; (1.51807041)^(1/4) − 1 = 0.11.
    expect(r.value.fundAnnualised).toBeCloseTo(0.1, 12);
    expect(r.value.benchmarkAnnualised).toBeCloseTo(0.11, 12);
    expect(r.value.trackingDifference).toBeCloseTo(-0.01, 12);
    expect(r.value.trackingErrorAnnualised).toBeCloseTo(0, 12);
  });

  it('only shared dates count: an extra fund date and a missing benchmark date are skipped', () => {
    const fund = { dates: ['2021-01-01', '2021-06-30', '2022-01-01', '2023-01-01'], close: [100, 999, 110, 121] };
    const benchmark = { dates: ['2021-01-01', '2022-01-01', '2022-07-01', '2023-01-01'], close: [50, 55, 1, 60.5] };
    const r = computeTrackingDifference(fund, benchmark);
    // Shared: 2021-01-01, 2022-01-01, 2023-01-01; both grow 21 % over 730 days: difference 0.
    expect(r.ok && r.value.alignedPoints).toBe(3);
    expect(r.ok && r.value.trackingDifference).toBeCloseTo(0, 14);
  });

  it('tracking error: sample sd of the four yearly return gaps (fund step return − benchmark step return), × √(1 step a year)', () => {
    const fund = { dates, close: [100, 111, 121, 133.1 * 1.01, 146.41] };
    const benchmark = { dates, close: [100, 110, 110 * 1.11, 133.1 * 1.01 * 0.9, 146.41 * 0.9] };
    const r = computeTrackingDifference(fund, benchmark);
    if (!r.ok) throw new Error(r.error.message);
    const f = [111 / 100, 121 / 111, (133.1 * 1.01) / 121, 146.41 / (133.1 * 1.01)];
    const b = [110 / 100, (110 * 1.11) / 110, (133.1 * 1.01 * 0.9) / (110 * 1.11), (146.41 * 0.9) / (133.1 * 1.01 * 0.9)];
    const diffs = f.map((x, i) => x - b[i]!);
    const mean = diffs.reduce((s, x) => s + x, 0) / 4;
    const sd = Math.sqrt(diffs.reduce((s, x) => s + (x - mean) ** 2, 0) / 3);
    // One step per year, so annualising multiplies by √1.
    expect(r.value.trackingErrorAnnualised).toBeCloseTo(sd, 12);
  });

  it('less than a year shared, or nothing shared: series_too_short with days needed and got', () => {
    const shortFund = { dates: ['2024-01-01', '2024-12-30'], close: [100, 110] };
    expect(computeTrackingDifference(shortFund, shortFund)).toMatchObject({ ok: false, error: { code: 'series_too_short', needed: 365, got: 364 } });
    const other = { dates: ['2020-01-01', '2021-06-01'], close: [1, 2] };
    expect(computeTrackingDifference(shortFund, other)).toMatchObject({ ok: false, error: { code: 'series_too_short', got: 0 } });
  });

  it('a non-positive close or dates out of order: invalid_value naming the series', () => {
    expect(computeTrackingDifference({ dates, close: [100, 0, 1, 1, 1] }, { dates, close: [1, 1, 1, 1, 1] })).toMatchObject({
      ok: false,
      error: { code: 'invalid_value', input: 'fund_close', index: 1 },
    });
    expect(computeTrackingDifference({ dates, close: [1, 1, 1, 1, 1] }, { dates: [...dates].reverse(), close: [1, 1, 1, 1, 1] })).toMatchObject({
      ok: false,
      error: { code: 'invalid_value', input: 'benchmark_dates' },
    });
  });

  it('IVV against SPY (bundled daily closes): two S&P 500 funds differ by under 0.1 point a year', async () => {
    const p = createBundledProvider(join(findAppRoot(), 'data'));
    await p.store.preload();
    const ivv = (await p.store.series('IVV'))!.series;
    const spy = (await p.store.series('SPY'))!.series;
    const r = computeTrackingDifference(ivv, spy);
    if (!r.ok) throw new Error(r.error.message);
    // Independently: first and last shared closes, annualised over the calendar days between them.
    const first = spy.dates.indexOf(ivv.dates[0]!);
    const last = spy.dates.indexOf(r.value.to);
    const years = (Date.parse(r.value.to) - Date.parse(r.value.from)) / 86_400_000 / 365.25;
    const ann = (a: number, b: number) => (b / a) ** (1 / years) - 1;
    const expected = ann(ivv.close[0]!, ivv.close[ivv.dates.indexOf(r.value.to)]!) - ann(spy.close[first]!, spy.close[last]!);
    expect(r.value.trackingDifference).toBeCloseTo(expected, 12);
    expect(Math.abs(r.value.trackingDifference)).toBeLessThan(0.001);
  });
});
