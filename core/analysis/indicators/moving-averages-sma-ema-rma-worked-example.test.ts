import { describe, expect, it } from 'vitest';
import { ema, rma, sma } from './moving-averages.ts';

const xs = Float64Array.from([1, 2, 3, 4, 5, 6]);

describe('moving averages over 1..6 with period 3', () => {
  it('SMA: NaN, NaN, (1+2+3)/3 = 2, (2+3+4)/3 = 3, 4, 5', () => {
    expect([...sma(xs, 3)]).toEqual([Number.NaN, Number.NaN, 2, 3, 4, 5]);
  });

  it('EMA: seeded with SMA 2, then alpha = 2/4 = 0.5: 0.5·4 + 0.5·2 = 3, 0.5·5 + 0.5·3 = 4, 5', () => {
    expect([...ema(xs, 3)]).toEqual([Number.NaN, Number.NaN, 2, 3, 4, 5]);
  });

  it('RMA (Wilder): seeded with 2, then alpha = 1/3: 4/3 + 2·2/3 = 2.6667, 5/3 + 2.6667·2/3 = 3.4444', () => {
    const r = rma(xs, 3);
    expect(r[2]).toBe(2);
    expect(r[3]).toBeCloseTo(8 / 3, 12);
    expect(r[4]).toBeCloseTo(5 / 3 + (8 / 3) * (2 / 3), 12);
  });

  it('an input with a warm-up (leading NaN) is averaged from its first value, length kept', () => {
    const warm = Float64Array.from([Number.NaN, Number.NaN, 1, 2, 3]);
    expect([...sma(warm, 2)]).toEqual([Number.NaN, Number.NaN, Number.NaN, 1.5, 2.5]);
    expect(sma(xs, 10).every(Number.isNaN)).toBe(true);
  });
});
