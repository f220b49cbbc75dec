import { describe, expect, it } from 'vitest';
import { computeMacd, macd, macdWarmUp } from './macd.ts';
import { ema } from './moving-averages.ts';
import { toOhlcvSeries } from './series.ts';

/*
 * MACD (fast 2, slow 3, signal 2) over 1, 2, 4, 8, 16, 32.
 *   EMA2 (α = 2/3), seeded at bar 1 with (1+2)/2 = 3/2:
 *     bar 2: 2/3·4 + 1/3·3/2 = 19/6;  bar 3: 2/3·8 + 1/3·19/6 = 115/18;  bar 4: 691/54;  bar 5: 4147/162
 *   EMA3 (α = 1/2), seeded at bar 2 with (1+2+4)/3 = 7/3:
 *     bar 3: 8/2 + 7/6 = 31/6;  bar 4: 16/2 + 31/12 = 127/12;  bar 5: 32/2 + 127/24 = 511/24
 *   MACD = EMA2 − EMA3: bar 2: 19/6 − 14/6 = 5/6;  bar 3: 115/18 − 93/18 = 11/9;
 *                       bar 4: 1382/108 − 1143/108 = 239/108;  bar 5: 16588/648 − 13797/648 = 2791/648
 *   signal = EMA2 of MACD, seeded at bar 3 with (5/6 + 11/9)/2 = 37/36:
 *     bar 4: 2/3·239/108 + 1/3·37/36 = 589/324;  bar 5: 2/3·2791/648 + 1/3·589/324 = 6760/1944
 *   histogram: bar 3: 11/9 − 37/36 = 7/36;  bar 4: 717/324 − 589/324 = 32/81;  bar 5: 8373/1944 − 6760/1944 = 1613/1944
 */
describe('MACD (2, 3, 2) over a doubling series', () => {
  const r = macd(Float64Array.from([1, 2, 4, 8, 16, 32]), 2, 3, 2);

  it('MACD line from bar slow − 1 = 2', () => {
    expect(Number.isNaN(r.macd[1]!)).toBe(true);
    for (const [k, v] of [5 / 6, 11 / 9, 239 / 108, 2791 / 648].entries()) expect(r.macd[k + 2]).toBeCloseTo(v, 12);
  });

  it('signal from bar slow + signal − 2 = 3', () => {
    expect(Number.isNaN(r.signal[2]!)).toBe(true);
    for (const [k, v] of [37 / 36, 589 / 324, 6760 / 1944].entries()) expect(r.signal[k + 3]).toBeCloseTo(v, 12);
  });

  it('histogram = MACD − signal', () => {
    expect(Number.isNaN(r.histogram[2]!)).toBe(true);
    for (const [k, v] of [7 / 36, 32 / 81, 1613 / 1944].entries()) expect(r.histogram[k + 3]).toBeCloseTo(v, 12);
  });
});

describe('computeMacd', () => {
  it('needs 26 + 9 − 1 = 34 bars for (12, 26, 9); 33 is too short', () => {
    expect(macdWarmUp()).toBe(34);
    const bars = Array.from({ length: 33 }, (_, i) => ({
      date: `2024-02-${String(i + 1).padStart(2, '0')}`,
      open: 1,
      high: 1,
      low: 1,
      close: 1 + i,
      volume: 1,
    }));
    const s = toOhlcvSeries(bars);
    if (!s.ok) throw new Error('fixture');
    expect(computeMacd(s.value)).toMatchObject({ ok: false, error: { code: 'series_too_short', needed: 34, got: 33 } });
    const r = computeMacd(s.value, 2, 3, 2);
    // on a line x = 1 + i both EMAs lag the line by (period − 1)/2: 1/2 and 1, so MACD = 1 − 1/2 = 0.5
    expect(r.ok && r.value.macd[32]).toBeCloseTo(0.5, 9);
  });
});

describe('the fused MACD pass is the ema kernel composed, bit for bit', () => {
  it('EMA(12) − EMA(26), its EMA(9) and their difference, including after a leading warm-up of NaN', () => {
    const xs = Float64Array.from({ length: 120 }, (_, i) => (i < 3 ? Number.NaN : 100 + 10 * Math.sin(i / 7) + i / 5));
    const line = ema(xs, 12).map((v, i) => v - ema(xs, 26)[i]!);
    const signal = ema(line, 9);
    const r = macd(xs);
    expect([...r.macd]).toEqual([...line]);
    expect([...r.signal]).toEqual([...signal]);
    expect([...r.histogram]).toEqual([...line.map((v, i) => v - signal[i]!)]);
  });
});
