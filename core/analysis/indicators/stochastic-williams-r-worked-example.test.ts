import { describe, expect, it } from 'vitest';
import { fastStochastic, stochastic } from './stochastic.ts';
import { williamsR } from './williams-r.ts';

// Bars (high, low, close): (10, 8, 9), (11, 9, 10), (12, 10, 11), (11, 9, 9.5), (13, 11, 12).
const high = Float64Array.from([10, 11, 12, 11, 13]);
const low = Float64Array.from([8, 9, 10, 9, 11]);
const close = Float64Array.from([9, 10, 11, 9.5, 12]);

describe('stochastic with period 3', () => {
  it('fast %K: i=2 HH 12, LL 8 → 100·(11 − 8)/4 = 75; i=3 HH 12, LL 9 → 100·0.5/3 = 16.67; i=4 HH 13, LL 9 → 75', () => {
    const k = fastStochastic(high, low, close, 3);
    expect(Number.isNaN(k[1]!)).toBe(true);
    expect(k[2]).toBeCloseTo(75, 12);
    expect(k[3]).toBeCloseTo(50 / 3, 12);
    expect(k[4]).toBeCloseTo(75, 12);
  });

  it('slow (3, 2, 2): %K = SMA2 of fast %K = (75 + 16.67)/2 = 45.83 at i=3 and i=4; %D = SMA2 of %K = 45.83 at i=4', () => {
    const { k, d } = stochastic(high, low, close, 3, 2, 2);
    expect(k[3]).toBeCloseTo((75 + 50 / 3) / 2, 12);
    expect(k[4]).toBeCloseTo((50 / 3 + 75) / 2, 12);
    expect(Number.isNaN(d[3]!)).toBe(true);
    expect(d[4]).toBeCloseTo((75 + 50 / 3) / 2, 12);
  });

  it('a window with no range (high = low = close throughout) reads 50, not 0/0', () => {
    const flat = Float64Array.from([5, 5, 5]);
    expect(fastStochastic(flat, flat, flat, 3)[2]).toBe(50);
  });
});

describe('Williams %R with period 3 is the fast %K − 100', () => {
  it('i=2: −100·(12 − 11)/4 = −25; i=3: −100·(12 − 9.5)/3 = −83.33; i=4: −100·(13 − 12)/4 = −25', () => {
    const r = williamsR(high, low, close, 3);
    expect(Number.isNaN(r[1]!)).toBe(true);
    expect(r[2]).toBeCloseTo(-25, 12);
    expect(r[3]).toBeCloseTo(-250 / 3, 12);
    expect(r[4]).toBeCloseTo(-25, 12);
  });
});
