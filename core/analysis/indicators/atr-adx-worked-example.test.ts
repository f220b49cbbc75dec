import { describe, expect, it } from 'vitest';
import { adx } from './adx.ts';
import { atr, trueRange } from './atr.ts';

// Bars (high, low, close): (10, 8, 9), (12, 9, 11), (11, 10, 10.5), (14, 12, 13) gapping up, (13, 11, 12).
const high = Float64Array.from([10, 12, 11, 14, 13]);
const low = Float64Array.from([8, 9, 10, 12, 11]);
const close = Float64Array.from([9, 11, 10.5, 13, 12]);

describe('true range and ATR with period 3', () => {
  it('TR: first bar high − low = 2; then max(high, prevClose) − min(low, prevClose): 12 − 9 = 3, 11 − 10 = 1, 14 − 10.5 = 3.5, 13 − 11 = 2', () => {
    expect([...trueRange(high, low, close)]).toEqual([2, 3, 1, 3.5, 2]);
  });

  it('ATR: seed (2 + 3 + 1)/3 = 2 at i=2; (2·2 + 3.5)/3 = 2.5; (2.5·2 + 2)/3 = 7/3', () => {
    const a = atr(high, low, close, 3);
    expect(Number.isNaN(a[1]!)).toBe(true);
    expect(a[2]).toBeCloseTo(2, 12);
    expect(a[3]).toBeCloseTo(2.5, 12);
    expect(a[4]).toBeCloseTo(7 / 3, 12);
  });
});

describe('DMI and ADX with period 2', () => {
  // Bars (high, low, close): (10, 8, 9), (12, 9, 11), (11, 7, 8), (13, 9, 12), (14, 12, 13).
  // From bar 1: up move = high − prevHigh, down move = prevLow − low:
  //   i=1 up 2, down −1 → +DM 2, −DM 0, TR 12 − 9 = 3;  i=2 up −1, down 2 → +DM 0, −DM 2, TR 11 − 7 = 4;
  //   i=3 up 2, down −2 → +DM 2, −DM 0, TR 13 − 8 = 5;   i=4 up 1, down −3 → +DM 1, −DM 0, TR 14 − 12 = 2.
  const h = Float64Array.from([10, 12, 11, 13, 14]);
  const l = Float64Array.from([8, 9, 7, 9, 12]);
  const c = Float64Array.from([9, 11, 8, 12, 13]);
  const out = adx(h, l, c, 2);

  it('i=2: seeds +DM (2 + 0)/2 = 1, −DM 1, TR 3.5 → +DI = −DI = 100/3.5 = 28.57, DX 0', () => {
    expect(Number.isNaN(out.plusDi[1]!)).toBe(true);
    expect(out.plusDi[2]).toBeCloseTo(100 / 3.5, 12);
    expect(out.minusDi[2]).toBeCloseTo(100 / 3.5, 12);
  });

  it('i=3: +DM (1 + 2)/2 = 1.5, −DM 0.5, TR 4.25 → +DI 35.29, −DI 11.76, DX 100·1/2 = 50; ADX = mean(0, 50) = 25', () => {
    expect(out.plusDi[3]).toBeCloseTo(150 / 4.25, 12);
    expect(out.minusDi[3]).toBeCloseTo(50 / 4.25, 12);
    expect(Number.isNaN(out.adx[2]!)).toBe(true);
    expect(out.adx[3]).toBeCloseTo(25, 12);
  });

  it('i=4: +DM 1.25, −DM 0.25, TR 3.125 → +DI 40, −DI 8, DX 100·32/48 = 66.67; ADX (25 + 66.67)/2 = 45.83', () => {
    expect(out.plusDi[4]).toBeCloseTo(40, 12);
    expect(out.minusDi[4]).toBeCloseTo(8, 12);
    expect(out.adx[4]).toBeCloseTo((25 + 200 / 3) / 2, 12);
  });
});
