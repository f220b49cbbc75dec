import { describe, expect, it } from 'vitest';
import { rsi } from './rsi.ts';

describe('RSI (Wilder) over closes 10, 11, 10.5, 11.5, 11, 12 with period 3', () => {
  // Changes: +1, −0.5, +1, −0.5, +1.
  const out = rsi(Float64Array.from([10, 11, 10.5, 11.5, 11, 12]), 3);

  it('warms up for 3 bars: indexes 0..2 are NaN, the length is kept', () => {
    expect(out).toHaveLength(6);
    expect([out[0], out[1], out[2]].every(Number.isNaN)).toBe(true);
  });

  it('seeds with plain means of the first 3 changes: gain 2/3, loss 0.5/3 = 1/6, RS 4, RSI 100 − 100/5 = 80', () => {
    expect(out[3]).toBeCloseTo(80, 12);
  });

  it('then smooths Wilder-style: gain (2/3·2 + 0)/3 = 4/9, loss (1/6·2 + 0.5)/3 = 5/18, RS 1.6, RSI 100 − 100/2.6', () => {
    expect(out[4]).toBeCloseTo(100 - 100 / 2.6, 12);
  });

  it('next: gain (4/9·2 + 1)/3 = 17/27, loss (5/18·2)/3 = 5/27, RS 3.4, RSI 100 − 100/4.4 = 77.27', () => {
    expect(out[5]).toBeCloseTo(100 - 100 / 4.4, 12);
  });

  it('only gains read 100, only losses 0, and a flat series 100 (no losses: the shared convention)', () => {
    expect(rsi(Float64Array.from([1, 2, 3, 4, 5]), 3)[4]).toBe(100);
    expect(rsi(Float64Array.from([5, 4, 3, 2, 1]), 3)[4]).toBe(0);
    expect(rsi(Float64Array.from([2, 2, 2, 2, 2]), 3)[4]).toBe(100);
  });

  it('a series of exactly `period` bars has no change window to seed from: all NaN', () => {
    expect(rsi(Float64Array.from([1, 2, 3]), 3).every(Number.isNaN)).toBe(true);
  });
});
