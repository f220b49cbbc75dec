import { describe, expect, it } from 'vitest';
import { toOhlcvSeries } from './series.ts';
import { computeVwma, vwma } from './vwma.ts';

const close = Float64Array.from([10, 11, 12, 13]);
const volume = Float64Array.from([100, 300, 0, 200]);

describe('VWMA with period 2 over closes 10, 11, 12, 13 and volumes 100, 300, 0, 200', () => {
  const out = vwma(close, volume, 2);

  it('bar 1: (10·100 + 11·300)/(100 + 300) = 4300/400 = 10.75', () => {
    expect(Number.isNaN(out[0]!)).toBe(true);
    expect(out[1]).toBeCloseTo(10.75, 12);
  });

  it('bar 2: a zero-volume bar adds nothing: (11·300 + 12·0)/300 = 11', () => {
    expect(out[2]).toBeCloseTo(11, 12);
  });

  it('bar 3: (12·0 + 13·200)/200 = 13', () => {
    expect(out[3]).toBeCloseTo(13, 12);
  });
});

describe('a window without any volume', () => {
  it('is NaN in the kernel (Σ volume = 0) and zero_denominator from computeVwma', () => {
    expect(Number.isNaN(vwma(Float64Array.from([5, 6]), Float64Array.from([0, 0]), 2)[1]!)).toBe(true);
    const bars = [5, 6, 7].map((c, i) => ({ date: `2024-01-0${i + 1}`, open: c, high: c, low: c, close: c, volume: i === 0 ? 10 : 0 }));
    const s = toOhlcvSeries(bars);
    if (!s.ok) throw new Error('fixture');
    expect(computeVwma(s.value, 2)).toMatchObject({ ok: false, error: { code: 'zero_denominator', input: 'volume' } });
    // with the traded first bar in the window: (5·10 + 6·0)/10 = 5
    const r = computeVwma({ ...s.value, close: s.value.close.slice(0, 2), volume: s.value.volume.slice(0, 2), dates: s.value.dates.slice(0, 2) }, 2);
    expect(r.ok && r.value[1]).toBe(5);
  });
});
