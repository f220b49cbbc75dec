import { describe, expect, it } from 'vitest';
import { buildHistogram } from './chart-geometry.ts';

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
