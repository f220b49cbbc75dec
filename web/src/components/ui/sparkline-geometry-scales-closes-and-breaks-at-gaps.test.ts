import { describe, expect, it } from 'vitest';
import { buildSparkline } from './sparkline-geometry.ts';

describe('a row sparkline', () => {
  it('closes 100 → 150 → 120 in a 42 × 12 box: x steps (42 − 2) / 2 = 20 px, the high at the top, change 120 / 100 − 1 = +20 %', () => {
    const s = buildSparkline([100, 150, 120], 42, 12);
    // y = 1 + 10 × (1 − (c − 100) / 50): 100 → 11, 150 → 1, 120 → 7
    expect(s.d).toBe('M1.0 11.0L21.0 1.0L41.0 7.0');
    expect(s.changePercent).toBeCloseTo(20, 9);
    // The axis values are the range drawn: 100 at the bottom, 150 at the top.
    expect([s.low, s.high]).toEqual([100, 150]);
  });

  it('a missing week breaks the line instead of drawing through it; the change still runs first known → last known', () => {
    const s = buildSparkline([50, null, 40, Number.NaN, 45], 10, 10);
    expect(s.d.match(/M/g)).toHaveLength(3);
    expect(s.changePercent).toBeCloseTo(-10, 9);
  });

  it('fewer than two closes: nothing to draw and no change', () => {
    expect(buildSparkline([null, 7], 10, 10)).toEqual({ d: '', changePercent: null, low: null, high: null });
  });
});
