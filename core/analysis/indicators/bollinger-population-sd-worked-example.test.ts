import { describe, expect, it } from 'vitest';
import { bollinger, computeBollinger } from './bollinger.ts';
import { toOhlcvSeries } from './series.ts';

/*
 * Bollinger (3, 2) over 2, 4, 6, 8, 8.
 *   bar 2: mean 4, deviations −2, 0, 2, Σd² = 8, population variance 8/3 (sample would be 8/2 = 4),
 *          σ = √(8/3) ≈ 1.63299, bands 4 ± 2σ
 *   bar 3: mean 6, same deviations, same σ
 *   bar 4: mean 22/3, deviations −4/3, 2/3, 2/3, Σd² = 24/9, variance 8/9, σ ≈ 0.94281
 */
describe('Bollinger (3, 2) over 2, 4, 6, 8, 8', () => {
  const b = bollinger(Float64Array.from([2, 4, 6, 8, 8]), 3, 2);

  it('is NaN before the window is full', () => {
    expect(Number.isNaN(b.middle[1]!) && Number.isNaN(b.upper[1]!) && Number.isNaN(b.lower[1]!)).toBe(true);
  });

  it('bar 2: middle 4, bands 4 ± 2·√(8/3) (population, not the sample σ = 2)', () => {
    expect(b.middle[2]).toBe(4);
    expect(b.upper[2]).toBeCloseTo(4 + 2 * Math.sqrt(8 / 3), 12);
    expect(b.lower[2]).toBeCloseTo(4 - 2 * Math.sqrt(8 / 3), 12);
  });

  it('bar 3 and 4 by the running update: σ √(8/3) around 6, then √(8/9) around 22/3', () => {
    expect(b.upper[3]).toBeCloseTo(6 + 2 * Math.sqrt(8 / 3), 12);
    expect(b.middle[4]).toBeCloseTo(22 / 3, 12);
    expect(b.lower[4]).toBeCloseTo(22 / 3 - 2 * Math.sqrt(8 / 9), 12);
  });

  it('a flat series has (all but) zero width, never the NaN of √ of a negative rounding residue', () => {
    // 20·101.37/20 is not exactly 101.37 in binary, so the deviations are ~1e-14, not 0
    const flat = bollinger(new Float64Array(50).fill(101.37), 20, 2);
    for (let i = 19; i < 50; i++) {
      expect(flat.upper[i]! - flat.lower[i]!).toBeGreaterThanOrEqual(0);
      expect(flat.upper[i]! - flat.lower[i]!).toBeLessThan(1e-9);
    }
  });
});

describe('the running σ stays exact over a long series (it is re-summed every 4,096 bars)', () => {
  it('equals a direct Σ(x − mean)²/period at every bar of 10,000 prices near 10,000', () => {
    let x = 10_000;
    let seed = 7;
    const xs = Float64Array.from({ length: 10_000 }, () => {
      seed = (seed * 16807) % 2147483647;
      x *= 1 + (seed / 2147483647 - 0.5) * 0.02;
      return x;
    });
    const period = 20;
    const b = bollinger(xs, period, 1);
    let worst = 0;
    for (let i = period - 1; i < xs.length; i++) {
      let mean = 0;
      for (let j = i - period + 1; j <= i; j++) mean += xs[j]! / period;
      let ss = 0;
      for (let j = i - period + 1; j <= i; j++) ss += (xs[j]! - mean) ** 2;
      worst = Math.max(worst, Math.abs(b.upper[i]! - b.middle[i]! - Math.sqrt(ss / period)));
    }
    expect(worst).toBeLessThan(1e-7);
  });
});

describe('computeBollinger', () => {
  const bars = [2, 4, 6].map((c, i) => ({ date: `2024-01-0${i + 1}`, open: c, high: c, low: c, close: c, volume: 1 }));
  const s = toOhlcvSeries(bars);
  if (!s.ok) throw new Error('fixture');

  it('refuses 20 bars of window over 3 bars, and a negative or NaN multiplier', () => {
    expect(computeBollinger(s.value)).toMatchObject({ ok: false, error: { code: 'series_too_short', needed: 20, got: 3 } });
    expect(computeBollinger(s.value, 3, -1)).toMatchObject({ ok: false, error: { code: 'invalid_parameter', input: 'mult' } });
    expect(computeBollinger(s.value, 3, Number.NaN)).toMatchObject({ ok: false, error: { code: 'invalid_parameter', input: 'mult' } });
  });

  it('serves bands at the last bar when the series fills the window', () => {
    const r = computeBollinger(s.value, 3, 2);
    expect(r.ok && r.value.upper[2]).toBeCloseTo(4 + 2 * Math.sqrt(8 / 3), 12);
  });
});
