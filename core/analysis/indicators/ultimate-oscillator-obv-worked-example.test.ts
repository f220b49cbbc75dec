import { describe, expect, it } from 'vitest';
import { obv } from './obv.ts';
import { ultimateOscillator } from './ultimate-oscillator.ts';

describe('Ultimate Oscillator with windows 1, 2, 4 (the 7/14/28 weights 4 and 2)', () => {
  // Bars (high, low, close): (10, 8, 9), (12, 9, 11), (11, 10, 10.5), (14, 12, 13), (13, 11, 12), (13, 12, 12.5).
  // From bar 1, floor = min(low, prevClose), BP = close − floor, TR = max(high, prevClose) − floor:
  //   i=1 floor 9, BP 2, TR 3; i=2 floor 10, BP 0.5, TR 1; i=3 floor 10.5, BP 2.5, TR 3.5;
  //   i=4 floor 11, BP 1, TR 2; i=5 floor 12, BP 0.5, TR 1.
  const out = ultimateOscillator(
    Float64Array.from([10, 12, 11, 14, 13, 13]),
    Float64Array.from([8, 9, 10, 12, 11, 12]),
    Float64Array.from([9, 11, 10.5, 13, 12, 12.5]),
    1,
    2,
    4,
  );

  it('i=4: avg₁ 1/2, avg₂ 3.5/5.5, avg₄ 6/9.5 → 100·(4·0.5 + 2·0.6364 + 0.6316)/7 = 55.78', () => {
    expect(Number.isNaN(out[3]!)).toBe(true);
    expect(out[4]).toBeCloseTo((100 * (4 * 0.5 + 2 * (3.5 / 5.5) + 6 / 9.5)) / 7, 12);
  });

  it('i=5: avg₁ 0.5/1, avg₂ 1.5/3, avg₄ 4.5/7.5 → 100·(2 + 1 + 0.6)/7 = 51.43', () => {
    expect(out[5]).toBeCloseTo(360 / 7, 12);
  });

  it('a window without range counts as 0.5, so a flat series reads 50', () => {
    const flat = new Float64Array(6).fill(5);
    expect(ultimateOscillator(flat, flat, flat, 1, 2, 4)[5]).toBeCloseTo(50, 12);
  });
});

describe('OBV', () => {
  it('closes 10, 11, 11, 10, 12 with volumes 100..500: 0, +200, unchanged, −400, +500 → 0, 200, 200, −200, 300', () => {
    const out = obv(Float64Array.from([10, 11, 11, 10, 12]), Float64Array.from([100, 200, 300, 400, 500]));
    expect([...out]).toEqual([0, 200, 200, -200, 300]);
  });
});
