import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toOhlcvSeries } from './indicators/series.ts';
import { computeTechnicalRating, labelRatingScore } from './technical-rating.ts';

/** Random walks of 50–260 daily bars (any length the rating accepts, with and without the 200-bar averages). */
const series = fc
  .array(
    fc.record({
      step: fc.double({ min: -0.08, max: 0.08, noNaN: true }),
      wick: fc.double({ min: 0, max: 0.03, noNaN: true }),
      volume: fc.integer({ min: 0, max: 1e7 }),
    }),
    { minLength: 50, maxLength: 260 },
  )
  .map((rows) => {
    let price = 50;
    return rows.map((r, i) => {
      const open = price;
      price = Math.max(0.01, price * (1 + r.step));
      return {
        date: new Date(Date.UTC(2020, 0, 1 + i)).toISOString().slice(0, 10),
        open,
        high: Math.max(open, price) * (1 + r.wick),
        low: Math.min(open, price) * (1 - r.wick),
        close: price,
        volume: r.volume,
      };
    });
  });

describe('technical rating on random series', () => {
  it('votes ∈ {−1, 0, 1}; each group counts 15 or 11 rules; scores are finite means; labels agree with the scores', () => {
    fc.assert(
      fc.property(series, (bars) => {
        const s = toOhlcvSeries(bars);
        if (!s.ok) throw new Error(s.error.message);
        const r = computeTechnicalRating(s.value);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const { movingAverages: ma, oscillators: osc, overall } = r.value;
        expect(ma.votes.length + ma.omitted.length).toBe(15);
        expect(osc.votes).toHaveLength(11);
        for (const g of [ma, osc]) {
          for (const v of g.votes) {
            expect([-1, 0, 1]).toContain(v.vote);
            expect(Object.values(v.inputs).every(Number.isFinite)).toBe(true);
          }
          expect(g.score).toBeCloseTo(g.votes.reduce((a, v) => a + v.vote, 0) / g.votes.length, 12);
          expect(g.label).toBe(labelRatingScore(g.score));
        }
        expect(Number.isFinite(overall.score)).toBe(true);
        expect(overall.score).toBeCloseTo((ma.score + osc.score) / 2, 12);
        expect(overall.label).toBe(labelRatingScore(overall.score));
        // A label is never further from neutral than its score: strong only beyond ±0.5.
        if (overall.label === 'strong_buy') expect(overall.score).toBeGreaterThan(0.5);
        if (overall.label === 'neutral') expect(Math.abs(overall.score)).toBeLessThanOrEqual(0.1);
      }),
      { numRuns: 60 },
    );
  });
});
