import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apportionUnits } from './apportion.ts';
import { toUnits } from './attribution-types.ts';

describe('largest-remainder rounding', () => {
  it('for any shares, base and decimals, the rounded shares sum to round(score) − round(base) and each moves at most one unit from its own rounding', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant(0), fc.double({ min: -50, max: 50, noNaN: true })), { minLength: 1, maxLength: 40 }),
        fc.double({ min: -10, max: 60, noNaN: true }),
        fc.integer({ min: 0, max: 4 }),
        (shares, base, decimals) => {
          const score = shares.reduce((s, x) => s + x, base);
          const units = apportionUnits(shares, base, score, decimals);
          expect(units.reduce((s, u) => s + u, 0)).toBe(toUnits(score, decimals) - toUnits(base, decimals));
          units.forEach((u, i) => {
            expect(Math.abs(u - Math.round(shares[i]! * 10 ** decimals))).toBeLessThanOrEqual(1);
            if (shares[i] === 0) expect(u === 0).toBe(true);
          });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('thirds of 1 at 2 decimals round to 33 + 33 + 33 = 99 cents; the missing cent goes to the earliest of the equal losers: 34 + 33 + 33 = 100', () => {
    expect(apportionUnits([1 / 3, 1 / 3, 1 / 3], 0, 1, 2)).toEqual([34, 33, 33]);
  });
});
