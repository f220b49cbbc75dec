import { describe, expect, it } from 'vitest';
import { awesomeOscillator } from './awesome-oscillator.ts';
import { bullBearPower } from './bull-bear-power.ts';
import { cci, typicalPrice } from './cci.ts';
import { momentum } from './momentum.ts';

describe('CCI with period 3 and the 0.015 constant, on the typical price', () => {
  // Typical prices (high + low + close)/3: (10,10,10) → 10, (12,12,12) → 12, (14,14,14) → 14, (13, 9, 11) → 11.
  const tp = typicalPrice(Float64Array.from([10, 12, 14, 13]), Float64Array.from([10, 12, 14, 9]), Float64Array.from([10, 12, 14, 11]));
  const out = cci(tp, 3);

  it('typical prices 10, 12, 14, 11', () => {
    expect(Array.from(tp)).toEqual([10, 12, 14, 11]);
  });

  it('i=2: mean 12, mean deviation (2 + 0 + 2)/3 = 4/3 → (14 − 12)/(0.015·4/3) = 2/0.02 = 100', () => {
    expect(Number.isNaN(out[1]!)).toBe(true);
    expect(out[2]).toBeCloseTo(100, 10);
  });

  it('i=3: mean 37/3, deviations 1/3, 5/3, 4/3 → 10/9 → (11 − 37/3)/(0.015·10/9) = (−4/3)·60 = −80', () => {
    expect(out[3]).toBeCloseTo(-80, 10);
  });

  it('a window without deviation reads 0 (TP equals its mean), not 0/0', () => {
    expect(cci(Float64Array.from([5, 5, 5]), 3)[2]).toBe(0);
  });
});

describe('CCI of the close against CCI of the typical price, same bars (the rating reads the close)', () => {
  // Bars (high, low, close): (10,10,10), (12,12,12), (14,14,14), (16, 11, 12); period 3, window i=1…3.
  const high = Float64Array.from([10, 12, 14, 16]);
  const low = Float64Array.from([10, 12, 14, 11]);
  const close = Float64Array.from([10, 12, 14, 12]);

  it('on the close 12, 14, 12: mean 38/3, deviations 2/3, 4/3, 2/3 → 8/9 → (12 − 38/3)/(0.015·8/9) = (−2/3)/(2/150) = −50', () => {
    expect(cci(close, 3)[3]).toBeCloseTo(-50, 10);
  });

  it('on the typical price 12, 14, (16 + 11 + 12)/3 = 13: mean 13, the last bar on its mean → 0', () => {
    expect(cci(typicalPrice(high, low, close), 3)[3]).toBeCloseTo(0, 10);
  });
});

describe('Awesome Oscillator with fast 2, slow 3', () => {
  it('median prices 10, 12, 14, 11 → i=2: (12 + 14)/2 − 36/3 = 1; i=3: 25/2 − 37/3 = 1/6', () => {
    const ao = awesomeOscillator(Float64Array.from([11, 13, 15, 12]), Float64Array.from([9, 11, 13, 10]), 2, 3);
    expect(Number.isNaN(ao[1]!)).toBe(true);
    expect(ao[2]).toBeCloseTo(1, 12);
    expect(ao[3]).toBeCloseTo(1 / 6, 12);
  });
});

describe('Momentum with period 2', () => {
  it('closes 10, 12, 14, 11 → NaN, NaN, 14 − 10 = 4, 11 − 12 = −1', () => {
    expect([...momentum(Float64Array.from([10, 12, 14, 11]), 2)]).toEqual([Number.NaN, Number.NaN, 4, -1]);
  });
});

describe('Bull/Bear Power around EMA 3', () => {
  it('closes 10, 12, 14, 11; EMA3 seeds 12 at i=2, then 0.5·11 + 0.5·12 = 11.5; high = close + 1, low = close − 1', () => {
    // i=2: bull 15 − 12 = 3, bear 13 − 12 = 1; i=3: bull 12 − 11.5 = 0.5, bear 10 − 11.5 = −1.5.
    const { bull, bear } = bullBearPower(Float64Array.from([11, 13, 15, 12]), Float64Array.from([9, 11, 13, 10]), Float64Array.from([10, 12, 14, 11]), 3);
    expect([bull[2], bull[3], bear[2], bear[3]]).toEqual([3, 0.5, 1, -1.5]);
    expect(Number.isNaN(bull[1]!) && Number.isNaN(bear[1]!)).toBe(true);
  });
});
