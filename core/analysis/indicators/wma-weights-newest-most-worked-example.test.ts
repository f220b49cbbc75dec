import { describe, expect, it } from 'vitest';
import { toOhlcvSeries } from './series.ts';
import { computeWma, wma } from './wma.ts';

describe('WMA over 1..5 with period 3 (weights 1, 2, 3; denominator 3·4/2 = 6)', () => {
  const out = wma(Float64Array.from([1, 2, 3, 4, 5]), 3);

  it('is NaN until the window is full, then (1·1 + 2·2 + 3·3)/6 = 14/6', () => {
    expect(Number.isNaN(out[0]!) && Number.isNaN(out[1]!)).toBe(true);
    expect(out[2]).toBeCloseTo(14 / 6, 12);
  });

  it('slides by the running form: 14 + 3·4 − (1+2+3) = 20, then 20 + 3·5 − (2+3+4) = 26', () => {
    expect(out[3]).toBeCloseTo((1 * 2 + 2 * 3 + 3 * 4) / 6, 12); // 20/6
    expect(out[4]).toBeCloseTo(26 / 6, 12);
  });

  it('starts after a leading warm-up of NaN, keeping the input length', () => {
    const warm = wma(Float64Array.from([Number.NaN, 1, 2, 3]), 3);
    expect(warm.length).toBe(4);
    expect(Number.isNaN(warm[2]!)).toBe(true);
    expect(warm[3]).toBeCloseTo(14 / 6, 12);
  });
});

describe('computeWma refuses what it cannot compute', () => {
  const bars = [1, 2].map((c, i) => ({ date: `2024-01-0${i + 1}`, open: c, high: c, low: c, close: c, volume: 1 }));
  const series = toOhlcvSeries(bars);
  if (!series.ok) throw new Error('fixture');

  it('a 3-bar window over 2 bars is series_too_short (needed 3, got 2)', () => {
    const r = computeWma(series.value, 3);
    expect(r).toMatchObject({ ok: false, error: { code: 'series_too_short', needed: 3, got: 2 } });
  });

  it('a period of 0 or 2.5 is invalid_parameter', () => {
    expect(computeWma(series.value, 0)).toMatchObject({ ok: false, error: { code: 'invalid_parameter', input: 'period' } });
    expect(computeWma(series.value, 2.5)).toMatchObject({ ok: false, error: { code: 'invalid_parameter' } });
  });

  it('a 2-bar window gives (1·1 + 2·2)/3 = 5/3 at the last bar', () => {
    const r = computeWma(series.value, 2);
    expect(r.ok && r.value[1]).toBeCloseTo(5 / 3, 12);
  });
});
