import { describe, expect, it } from 'vitest';
import { buildPerformanceGeometry } from './performance-geometry.ts';

describe('the 1-year chart rebases each symbol to its first close', () => {
  const aapl = { symbol: 'AAPL', dates: ['2025-07-04', '2026-01-02', '2026-07-03'], closes: [200, 180, 250] };
  const msft = { symbol: 'MSFT', dates: ['2025-07-04', '2026-07-03'], closes: [400, 380] };

  it('AAPL 200 → 250 is +25 %, MSFT 400 → 380 is −5 %; both start at 0 % on the left edge', () => {
    const g = buildPerformanceGeometry([aapl, msft], 440, 208)!;
    expect(g.lines.map((l) => [l.symbol, l.changePercent])).toEqual([
      ['AAPL', 25],
      ['MSFT', -5],
    ]);
    // Ticks of 10 % from −10 to +30: y = 8 + (30 − v) / 40 × 192, so 0 % sits at y = 152.
    expect(g.ticks.map((t) => t.value)).toEqual([-10, 0, 10, 20, 30]);
    expect(g.ticks[1]!.y).toBe(152);
    expect(g.lines[0]!.d.startsWith('M40.0,152.0')).toBe(true);
    expect(g.lines[1]!.d.startsWith('M40.0,152.0')).toBe(true);
    // Both end on the right edge (440 − 8 = 432): AAPL at +25 % → y = 8 + 5/40 × 192 = 32.
    expect(g.lines[0]!.d.endsWith('L432.0,32.0')).toBe(true);
    expect([g.from, g.to]).toEqual(['2025-07-04', '2026-07-03']);
  });

  it('a symbol with fewer than two closes is left out; none usable → no chart', () => {
    expect(buildPerformanceGeometry([aapl, { symbol: 'NEW', dates: ['2026-07-03'], closes: [10] }], 440, 208)!.lines).toHaveLength(1);
    expect(buildPerformanceGeometry([{ symbol: 'X', dates: [], closes: [] }], 440, 208)).toBeNull();
  });
});
