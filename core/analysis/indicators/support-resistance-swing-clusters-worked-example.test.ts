import { describe, expect, it } from 'vitest';
import { FIXTURE_SYMBOLS, loadDailyFixture } from './fixtures/load-daily-fixture.ts';
import { toOhlcvSeries } from './series.ts';
import { computeSupportResistance, findSwingPoints, supportResistance } from './support-resistance.ts';

/*
 * Lookback 1 (one bar each side):
 *   bar     0    1    2    3    4     5     6    7
 *   high   10   12   10   11   10   12.1   10    9
 *   low     9   11    8   10  8.05   11   8.5    8
 *   close 9.5 11.5    9 10.5    9   11.5    9  8.6
 * swing highs: bar 1 (12 > 10, ≥ 10), bar 3 (11), bar 5 (12.1); bar 6 (10) is below bar 5
 * swing lows:  bar 2 (8 < 11, ≤ 10), bar 4 (8.05); bar 6 (8.5) is above bar 7's 8
 * sorted: 8, 8.05 | 11 | 12, 12.1 with tolerance 1%: 8.05 ≤ 8·1.01 = 8.08 joins 8; 11 > 8.08 starts a
 * level; 12 > 11.11 starts one; 12.1 ≤ 12.12 joins it.
 * levels: 8.025 (2 touches), 11 (1), 12.05 (2); last close 8.6 → support 8.025, resistance 11 then 12.05
 */
const high = Float64Array.from([10, 12, 10, 11, 10, 12.1, 10, 9]);
const low = Float64Array.from([9, 11, 8, 10, 8.05, 11, 8.5, 8]);
const close = Float64Array.from([9.5, 11.5, 9, 10.5, 9, 11.5, 9, 8.6]);

describe('support and resistance from swing points (lookback 1, tolerance 1%)', () => {
  it('finds the fractal highs and lows', () => {
    expect(findSwingPoints(high, low, 1)).toEqual({ highs: [1, 3, 5], lows: [2, 4] });
  });

  it('clusters them into levels with touch counts and the latest touch', () => {
    const r = supportResistance(high, low, close, { lookback: 1, tolerance: 0.01 });
    expect(r.levels.map((l) => [l.touches, l.low, l.high, l.lastIndex])).toEqual([
      [2, 8, 8.05, 4],
      [1, 11, 11, 3],
      [2, 12, 12.1, 5],
    ]);
    expect(r.levels[0]!.price).toBeCloseTo(8.025, 12);
    expect(r.levels[2]!.price).toBeCloseTo(12.05, 12);
  });

  it('returns the nearest levels below and above the last close 8.6, nearest first', () => {
    const r = supportResistance(high, low, close, { lookback: 1, tolerance: 0.01, maxLevels: 3 });
    expect(r.support.map((l) => l.high)).toEqual([8.05]);
    expect(r.resistance.map((l) => l.low)).toEqual([11, 12]);
    expect(supportResistance(high, low, close, { lookback: 1, maxLevels: 1 }).resistance.length).toBe(1);
  });

  it('a flat top of two equal highs counts once (strictly above the left, at least the right)', () => {
    const h = Float64Array.from([1, 5, 5, 1]);
    expect(findSwingPoints(h, h, 1).highs).toEqual([1]);
  });
});

describe('a level never chains wider than its tolerance', () => {
  it('swing highs 100, 100.9, 101.8: 100.9 ≤ 101 joins, 101.8 > 101 starts a new level though it is within 1% of 100.9', () => {
    const h = Float64Array.from([90, 100, 90, 100.9, 90, 101.8, 90]);
    const l = new Float64Array(7).fill(80); // equal lows are never strictly lower: no swing lows
    const r = supportResistance(h, l, Float64Array.from([95, 95, 95, 95, 95, 95, 95]), { lookback: 1 });
    expect(r.levels.map((x) => x.touches)).toEqual([2, 1]);
    expect(r.resistance[0]!.price).toBeCloseTo(100.45, 12);
    expect(r.support).toEqual([]);
  });
});

describe('computeSupportResistance', () => {
  it('needs 2·lookback + 1 bars and sane options', () => {
    const bars = [1, 2, 3].map((c, i) => ({ date: `2024-01-0${i + 1}`, open: c, high: c, low: c, close: c, volume: 1 }));
    const s = toOhlcvSeries(bars);
    if (!s.ok) throw new Error('fixture');
    expect(computeSupportResistance(s.value)).toMatchObject({ ok: false, error: { code: 'series_too_short', needed: 11, got: 3 } });
    expect(computeSupportResistance(s.value, { lookback: 1, tolerance: -0.1 })).toMatchObject({ ok: false, error: { input: 'tolerance' } });
    expect(computeSupportResistance(s.value, { lookback: 1, maxLevels: 0 })).toMatchObject({ ok: false, error: { input: 'maxLevels' } });
    expect(computeSupportResistance(s.value, { lookback: 1 })).toMatchObject({ ok: true, value: { levels: [] } });
  });

  it.each(FIXTURE_SYMBOLS)('on %s real bars: support below and resistance above the last close, every swing point counted once', (symbol) => {
    const s = loadDailyFixture(symbol);
    const r = computeSupportResistance(s);
    if (!r.ok) throw new Error(r.error.message);
    const last = s.close.at(-1)!;
    expect(r.value.support.every((l) => l.price <= last)).toBe(true);
    expect(r.value.resistance.every((l) => l.price > last)).toBe(true);
    const swings = findSwingPoints(s.high, s.low, 5);
    expect(r.value.levels.reduce((t, l) => t + l.touches, 0)).toBe(swings.highs.length + swings.lows.length);
    expect(r.value.levels.every((l) => l.high <= l.low * 1.01)).toBe(true);
  });
});
