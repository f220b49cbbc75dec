import { describe, expect, it } from 'vitest';
import { buildHistogram, buildSparkline } from './chart-geometry.ts';

describe('a row sparkline', () => {
  it('closes 100 → 150 → 120 in a 42 × 12 box: x steps (42 − 2) / 2 = 20 px, the high at the top, change 120 / 100 − 1 = +20 %', () => {
    const s = buildSparkline([100, 150, 120], 42, 12);
    // y = 1 + 10 × (1 − (c − 100) / 50): 100 → 11, 150 → 1, 120 → 7
    expect(s.d).toBe('M1.0 11.0L21.0 1.0L41.0 7.0');
    expect(s.changePercent).toBeCloseTo(20, 9);
  });

  it('a missing week breaks the line instead of drawing through it; the change still runs first known → last known', () => {
    const s = buildSparkline([50, null, 40, Number.NaN, 45], 10, 10);
    expect(s.d.match(/M/g)).toHaveLength(3);
    expect(s.changePercent).toBeCloseTo(-10, 9);
  });

  it('fewer than two closes: nothing to draw and no change', () => {
    expect(buildSparkline([null, 7], 10, 10)).toEqual({ d: '', changePercent: null });
  });
});

describe('a filter histogram', () => {
  it('bins 0–10, 10–20, 20–30 with 1, 100, 0 companies, filter 12..: the first bar is √1 / √100 = 1/10 tall, the empty bin is flat, bins from 10 up are selected', () => {
    const bars = buildHistogram([1, 100, 0], [0, 10, 20, 30], 30, 20, 12, null);
    expect(bars.map((b) => b.height)).toEqual([2, 20, 0]);
    expect(bars.map((b) => b.selected)).toEqual([false, true, true]);
    expect(bars.map((b) => b.x)).toEqual([0, 10, 20]);
  });

  it('with no bounds every bar is selected; max 5 selects only the bin that starts at or below 5', () => {
    expect(buildHistogram([3, 3], [0, 10, 20], 20, 10, null, null).every((b) => b.selected)).toBe(true);
    expect(buildHistogram([3, 3], [0, 10, 20], 20, 10, null, 5).map((b) => b.selected)).toEqual([true, false]);
  });
});
