import { describe, expect, it } from 'vitest';
import { computeIchimoku, ichimoku, ichimokuWarmUp } from './ichimoku.ts';
import { toOhlcvSeries } from './series.ts';

/*
 * Ichimoku with conversion 2, base 3, span B 4, displacement 2 (spans move forward 2 − 1 = 1 bar).
 *   high  10 12 11 14 13 15
 *   low    8  9  7 10 11 12
 *   close  9 11 10 13 12 14
 * conversion (2 bars): –, (12+8)/2=10, (12+7)/2=9.5, (14+7)/2=10.5, (14+10)/2=12, (15+11)/2=13
 * base (3 bars):       –, –, (12+7)/2=9.5, (14+7)/2=10.5, (14+7)/2=10.5, (15+10)/2=12.5
 * span A where computed: bar 2 (9.5+9.5)/2=9.5, bar 3 10.5, bar 4 (12+10.5)/2=11.25, bar 5 12.75 → plotted one bar later
 * span B (4 bars) where computed: bar 3 (14+7)/2=10.5, bar 4 (14+7)/2=10.5, bar 5 (15+7)/2=11 → plotted one bar later
 * lagging at bar t = close[t + 1]
 */
const high = Float64Array.from([10, 12, 11, 14, 13, 15]);
const low = Float64Array.from([8, 9, 7, 10, 11, 12]);
const close = Float64Array.from([9, 11, 10, 13, 12, 14]);
const p = { conversion: 2, base: 3, spanB: 4, displacement: 2 };
const r = ichimoku(high, low, close, p);

describe('Ichimoku (2, 3, 4, 2) on six bars', () => {
  it('conversion and base lines sit at the bar they are computed at', () => {
    expect([...r.conversion]).toEqual([Number.NaN, 10, 9.5, 10.5, 12, 13]);
    expect([...r.base]).toEqual([Number.NaN, Number.NaN, 9.5, 10.5, 10.5, 12.5]);
  });

  it('span A and span B are the cloud standing at each bar: computed displacement − 1 = 1 bar earlier', () => {
    expect([...r.spanA]).toEqual([Number.NaN, Number.NaN, Number.NaN, 9.5, 10.5, 11.25]);
    expect([...r.spanB]).toEqual([Number.NaN, Number.NaN, Number.NaN, Number.NaN, 10.5, 10.5]);
  });

  it('the lagging span at bar t is the close 1 bar later; the last bar has none yet', () => {
    expect([...r.lagging]).toEqual([11, 10, 13, 12, 14, Number.NaN]);
  });
});

describe('the rolling extreme is rescanned when it leaves the window', () => {
  it('high 9 at bar 0 leaves a 2-bar window at bar 2: midpoint (max(5, 4) + min(1, 1))/2 = 3', () => {
    const h = Float64Array.from([9, 5, 4, 3]);
    const l = Float64Array.from([1, 1, 1, 1]);
    const out = ichimoku(h, l, h, { conversion: 2, base: 2, spanB: 2, displacement: 1 });
    expect([...out.conversion]).toEqual([Number.NaN, 5, 3, 2.5]);
    // displacement 1 means no shift: span A = (conversion + base)/2 at the same bar, lagging = close
    expect([...out.spanA]).toEqual([Number.NaN, 5, 3, 2.5]);
    expect([...out.lagging]).toEqual([9, 5, 4, 3]);
  });
});

describe('computeIchimoku', () => {
  const bars = [...close].map((c, i) => ({ date: `2024-01-0${i + 1}`, open: c, high: high[i]!, low: low[i]!, close: c, volume: 1 }));
  const s = toOhlcvSeries(bars);
  if (!s.ok) throw new Error('fixture');

  it('needs max(9, 26, 52) + 26 − 1 = 77 bars by default', () => {
    expect(ichimokuWarmUp()).toBe(77);
    expect(computeIchimoku(s.value)).toMatchObject({ ok: false, error: { code: 'series_too_short', needed: 77, got: 6 } });
  });

  it('with (2, 3, 4, 2) needs 4 + 1 = 5 bars and returns the lines above', () => {
    const ok = computeIchimoku(s.value, p);
    expect(ok.ok && ok.value.spanB[5]).toBe(10.5);
    expect(computeIchimoku(s.value, { ...p, displacement: 0 })).toMatchObject({ ok: false, error: { code: 'invalid_parameter', input: 'displacement' } });
  });
});
