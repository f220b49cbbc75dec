import { describe, expect, it } from 'vitest';
import { computeHullMa, hullMa, hullMaWarmUp } from './hull-ma.ts';
import { toOhlcvSeries } from './series.ts';

/*
 * Hull MA with period 4 over 1, 2, 4, 8, 16, 32: half window ⌊4/2⌋ = 2, outer window ⌊√4⌋ = 2.
 *   WMA2 (weights 1,2 /3):   bar 3: (4 + 2·8)/3 = 20/3, bar 4: 40/3, bar 5: 80/3
 *   WMA4 (weights 1..4 /10): bar 3: (1 + 4 + 12 + 32)/10 = 4.9, bar 4: 9.8, bar 5: 19.6
 *   2·WMA2 − WMA4:           bar 3: 40/3 − 49/10 = 253/30, bar 4: 506/30, bar 5: 1012/30
 *   WMA2 of that:            bar 4: (253 + 2·506)/90 = 1265/90, bar 5: (506 + 2·1012)/90 = 2530/90
 */
describe('Hull MA(4) over a doubling series', () => {
  const out = hullMa(Float64Array.from([1, 2, 4, 8, 16, 32]), 4);

  it('first value at index 4 + 2 − 2 = 4 (warm-up of 5 bars)', () => {
    expect([0, 1, 2, 3].every((i) => Number.isNaN(out[i]!))).toBe(true);
    expect(hullMaWarmUp(4)).toBe(5);
  });

  it('bar 4 = 1265/90 ≈ 14.0556 and bar 5 = 2530/90 ≈ 28.1111', () => {
    expect(out[4]).toBeCloseTo(1265 / 90, 12);
    expect(out[5]).toBeCloseTo(2530 / 90, 12);
  });
});

describe('computeHullMa', () => {
  const bars = [1, 2, 4, 8, 16].map((c, i) => ({ date: `2024-01-0${i + 1}`, open: c, high: c, low: c, close: c, volume: 1 }));
  const s = toOhlcvSeries(bars);
  if (!s.ok) throw new Error('fixture');

  it('needs period + ⌊√period⌋ − 1 bars: 5 for period 4, so 5 bars pass and period 9 (11 bars) does not', () => {
    const r = computeHullMa(s.value, 4);
    expect(r.ok && r.value[4]).toBeCloseTo(1265 / 90, 12);
    expect(computeHullMa(s.value, 9)).toMatchObject({ ok: false, error: { code: 'series_too_short', needed: 11, got: 5 } });
  });

  it('refuses period 1 (its half window would be 0)', () => {
    expect(computeHullMa(s.value, 1)).toMatchObject({ ok: false, error: { code: 'invalid_parameter', input: 'period' } });
  });
});
