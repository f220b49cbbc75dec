import { describe, expect, it } from 'vitest';
import { cci, typicalPrice } from './indicators/cci.ts';
import { sma } from './indicators/moving-averages.ts';
import { fastStochastic, stochastic } from './indicators/stochastic.ts';
import { voteStochRsi, voteTurningFromExtreme } from './technical-rating.ts';

// UNH's last 21 daily bars in the bundled snapshot (data/prices.json.gz), 2026-06-03 … 2026-07-02.
const close = Float64Array.from([
  377, 396.47, 399.47, 406.57, 413, 407.46, 405.55, 408.52, 411.04, 407.65, 399.53, 400.96, 406.68, 409.25, 405.8, 415.53, 427.89, 419.82, 415.63, 426.54,
  425.36,
]);
const high = Float64Array.from([
  387.46, 401.38, 404.04, 408.71, 413, 415.98, 409.98, 409.89, 414.16, 411.75, 411.16, 406.2, 409.46, 409.9, 413.43, 417.58, 427.93, 426.7, 422.74, 428.02,
  430.2,
]);
const low = Float64Array.from([
  376.81, 389.82, 397.2, 394.99, 407.44, 404.55, 403.11, 404.81, 399.65, 406.54, 398.59, 399.15, 402.14, 402.84, 400, 406.65, 416.16, 415.81, 413.25, 413.73,
  422,
]);

describe('UNH on 2026-07-02: the CCI (20) vote reads the close, as the Technical Ratings script does (cci(close, 20))', () => {
  const onClose = cci(close, 20);

  it('2026-07-02: 20 closes sum to 8,208.72 → mean 410.436; mean deviation 7.1322; (425.36 − 410.436)/(0.015·7.1322) = 14.924/0.106983 = 139.50', () => {
    expect(onClose[20]).toBeCloseTo(14.924 / (0.015 * 7.1322), 6);
    expect(onClose[20]).toBeCloseTo(139.4988, 4);
  });

  it('2026-07-01: 20 closes sum to 8,160.36 → mean 408.018; mean deviation 7.5058; (426.54 − 408.018)/(0.015·7.5058) = 18.522/0.112587 = 164.51', () => {
    expect(onClose[19]).toBeCloseTo(18.522 / (0.015 * 7.5058), 6);
    expect(onClose[19]).toBeCloseTo(164.5128, 4);
  });

  it('139.50 > 100 and falling from 164.51 → sell (−1); the typical price (162.54, rising from 152.06) would have read neutral (served overall (0.8 + 1/11)/2 = 0.4455 becomes (0.8 + 0)/2 = 0.4000)', () => {
    expect(voteTurningFromExtreme(onClose[20]!, onClose[19]!, -100, 100)).toBe(-1);
    const onTypical = cci(typicalPrice(high, low, close), 20);
    expect(onTypical[20]).toBeCloseTo(162.5377, 4);
    expect(onTypical[19]).toBeCloseTo(152.0631, 4);
    expect(voteTurningFromExtreme(onTypical[20]!, onTypical[19]!, -100, 100)).toBe(0);
  });
});

describe('Stochastic RSI at the bottom of its range: floating-point noise is not a cross', () => {
  // Closes 10, 10.7, 10.3, 10.9, 10.45, 10.61, then falling 9.8 … 9.4; stochastic (3, 3, 3) with the close
  // as high and low. Fast %K: 100·(10.3 − 10)/(10.7 − 10) = 42.86, 100, 25, 35.56, then 0 on every new low.
  const c = Float64Array.from([10, 10.7, 10.3, 10.9, 10.45, 10.61, 9.8, 9.7, 9.6, 9.5, 9.4]);

  it('a running sum of 42.86 + 100 + 25 + 35.56 added and taken away again leaves ±5e-15 where the window is 0, 0, 0; summed afresh %K and %D are exactly 0', () => {
    const fast = fastStochastic(c, c, c, 3);
    expect(Array.from(fast.subarray(6))).toEqual([0, 0, 0, 0, 0]);
    expect(sma(fast, 3)[10]).not.toBe(0);
    const { k, d } = stochastic(c, c, c, 3, 3, 3);
    expect(Array.from(k.subarray(8))).toEqual([0, 0, 0]);
    expect(d[10]).toBe(0);
  });

  it('QCOM 2026-07-02 as served before: %K 7.1e-14, %D −6.7e-14, a bar earlier %K 7.1e-14 < %D 4.06, close 176.25 < EMA 50 196.41 → no longer a buy: 7.1e-14 − (−6.7e-14) = 1.4e-13 is within the 1e-9 tolerance', () => {
    const x = { close: 176.25, trend: 196.41, k: 7.105427357601002e-14, d: -6.690944095074276e-14, kPrev: 7.105427357601002e-14, dPrev: 4.063473906294765 };
    expect(voteStochRsi(x)).toBe(0);
    // A real crossing from the same place still buys: %K 0.5 over %D 0.2.
    expect(voteStochRsi({ ...x, k: 0.5, d: 0.2 })).toBe(1);
  });

  it('WMT 2026-07-02 as served before: a bar earlier %K −8.1e-14 and %D −6.4e-14 (both 0 in exact arithmetic) are equal, not %K below %D, so %K 15.05 over %D 5.02 is no cross', () => {
    const x = { close: 111.84, trend: 120.42, k: 15.05332374000311, d: 5.017774580000999, kPrev: -8.052817671947803e-14, dPrev: -6.394884621840902e-14 };
    expect(voteStochRsi(x)).toBe(0);
    expect(voteStochRsi({ ...x, kPrev: 0, dPrev: 1 })).toBe(1);
  });
});
