import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeConcentration } from './concentration.ts';
import { computeOverlap } from './overlap.ts';

// Holdings over a small symbol pool (so funds share names), weights scaled to sum to at most 100 %.
const fund = fc
  .tuple(
    fc.uniqueArray(fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L'), { minLength: 1, maxLength: 12 }),
    fc.array(fc.double({ min: 0.001, max: 1, noNaN: true }), { minLength: 12, maxLength: 12 }),
    fc.double({ min: 0.5, max: 100, noNaN: true }),
  )
  .map(([symbols, raw, totalPct]) => {
    const sum = symbols.reduce((s, _, i) => s + raw[i]!, 0);
    return symbols.map((symbol, i) => ({ symbol, name: symbol, weight_pct: (raw[i]! / sum) * totalPct }));
  });

const overlapOf = (a: Parameters<typeof computeOverlap>[0], b: Parameters<typeof computeOverlap>[1]) => {
  const r = computeOverlap(a, b);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.overlap;
};

describe('ETF properties', () => {
  it('overlap is symmetric (exactly) and within [0, 1]', () => {
    fc.assert(
      fc.property(fund, fund, (a, b) => {
        const ab = overlapOf(a, b);
        expect(ab).toBe(overlapOf(b, a));
        expect(ab).toBeGreaterThanOrEqual(0);
        expect(ab).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('overlap(A, A) = Σ weights of A', () => {
    fc.assert(
      fc.property(fund, (a) => {
        expect(overlapOf(a, a)).toBeCloseTo(
          a.reduce((s, h) => s + h.weight_pct / 100, 0),
          12,
        );
      }),
    );
  });

  it('HHI ∈ (0, 1] and effective N ∈ [1, n]', () => {
    fc.assert(
      fc.property(fund, (a) => {
        const r = computeConcentration(a);
        if (!r.ok) throw new Error(r.error.message);
        expect(r.value.hhi).toBeGreaterThan(0);
        expect(r.value.hhi).toBeLessThanOrEqual(1 + 1e-12);
        expect(r.value.effectiveHoldings).toBeGreaterThanOrEqual(1 - 1e-12);
        expect(r.value.effectiveHoldings).toBeLessThanOrEqual(a.length + 1e-9);
      }),
    );
  });
});
