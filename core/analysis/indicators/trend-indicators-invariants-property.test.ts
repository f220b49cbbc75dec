import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bollinger } from './bollinger.ts';
import { sma } from './moving-averages.ts';
import { wma } from './wma.ts';

/** Positive prices over seven orders of magnitude, and a window that may exceed the series. */
const prices = fc.array(fc.double({ min: 0.01, max: 1e5, noNaN: true }), { minLength: 1, maxLength: 120 }).map((xs) => Float64Array.from(xs));
const period = fc.integer({ min: 1, max: 30 });

/**
 * Every defined output lies within [min, max] of its window, up to rounding of the running sums:
 * their absolute error is a few ulps of the largest value the sums have carried (a window of 0.01
 * after one of 86,217 inherits ~1e-11 of it), so the slack is relative to the series' largest value.
 */
function withinWindowRange(values: Float64Array, out: Float64Array, p: number): boolean {
  const slack = 1e-12 * values.reduce((m, x) => Math.max(m, x), 0);
  for (let i = 0; i < values.length; i++) {
    if (i < p - 1) {
      if (!Number.isNaN(out[i]!)) return false;
      continue;
    }
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (let j = i - p + 1; j <= i; j++) {
      lo = Math.min(lo, values[j]!);
      hi = Math.max(hi, values[j]!);
    }
    if (!(out[i]! >= lo - slack && out[i]! <= hi + slack)) return false;
  }
  return true;
}

describe('moving averages stay inside their window', () => {
  it('WMA', () => {
    fc.assert(fc.property(prices, period, (xs, p) => withinWindowRange(xs, wma(xs, p), p)));
  });

  it('SMA', () => {
    fc.assert(fc.property(prices, period, (xs, p) => withinWindowRange(xs, sma(xs, p), p)));
  });

  it('the check itself catches an average outside the window (a WMA scaled by 1.01)', () => {
    const xs = Float64Array.from([1, 2, 3, 4]);
    expect(
      withinWindowRange(
        xs,
        wma(xs, 4).map((v) => v * 1.01),
        4,
      ),
    ).toBe(true); // 3·1.01 = 3.03 still ≤ 4
    expect(
      withinWindowRange(
        xs,
        wma(xs, 1).map((v) => v * 1.01),
        1,
      ),
    ).toBe(false); // x·1.01 > x
  });
});

describe('Bollinger bands are ordered', () => {
  it('upper ≥ middle ≥ lower wherever defined, for any multiplier ≥ 0', () => {
    const mult = fc.double({ min: 0, max: 5, noNaN: true });
    fc.assert(
      fc.property(prices, period, mult, (xs, p, m) => {
        const b = bollinger(xs, p, m);
        for (let i = p - 1; i < xs.length; i++) {
          if (!(b.upper[i]! >= b.middle[i]! && b.middle[i]! >= b.lower[i]!)) return false;
        }
        return true;
      }),
    );
  });
});
