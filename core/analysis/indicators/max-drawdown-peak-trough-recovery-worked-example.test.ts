import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIXTURE_SYMBOLS, loadDailyFixture } from './fixtures/load-daily-fixture.ts';
import { computeMaxDrawdown, maxDrawdown } from './max-drawdown.ts';
import { toOhlcvSeries } from './series.ts';

describe('maximum drawdown', () => {
  it('100, 120, 90, 110, 60, 130, 125: from 120 (bar 1) to 60 (bar 4) is 1 − 60/120 = 0.5, recovered at 130 (bar 5)', () => {
    // the first dip 1 − 90/120 = 0.25 is shallower; 1 − 125/130 ≈ 0.038 later is too
    expect(maxDrawdown(Float64Array.from([100, 120, 90, 110, 60, 130, 125]))).toEqual({ depth: 0.5, peakIndex: 1, troughIndex: 4, recoveryIndex: 5 });
  });

  it('100, 80, 90: 1 − 80/100 = 0.2 (to float precision), not recovered', () => {
    const m = maxDrawdown(Float64Array.from([100, 80, 90]));
    expect(m.depth).toBeCloseTo(0.2, 15);
    expect(m).toMatchObject({ peakIndex: 0, troughIndex: 1, recoveryIndex: null });
  });

  it('a double top: the peak is the later bar at the high (120 at bar 2), and recovery needs a close ≥ 120', () => {
    expect(maxDrawdown(Float64Array.from([100, 120, 120, 60, 119, 120]))).toEqual({ depth: 0.5, peakIndex: 2, troughIndex: 3, recoveryIndex: 5 });
  });

  it('a series that never falls has depth 0 at index 0', () => {
    expect(maxDrawdown(Float64Array.from([1, 2, 2, 3]))).toEqual({ depth: 0, peakIndex: 0, troughIndex: 0, recoveryIndex: 0 });
  });

  it('depth is in [0, 1] for any positive prices (fast-check)', () => {
    const prices = fc.array(fc.double({ min: 1e-3, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 200 });
    fc.assert(
      fc.property(prices, (xs) => {
        const m = maxDrawdown(Float64Array.from(xs));
        return m.depth >= 0 && m.depth <= 1 && m.peakIndex <= m.troughIndex;
      }),
    );
  });

  it.each(FIXTURE_SYMBOLS)('%s: equals the brute force max over i < j of 1 − close_j/close_i', (symbol) => {
    const { close } = loadDailyFixture(symbol);
    let worst = 0;
    let at: [number, number] = [0, 0];
    for (let i = 0; i < close.length; i++) {
      for (let j = i + 1; j < close.length; j++) {
        const d = 1 - close[j]! / close[i]!;
        if (d > worst) {
          worst = d;
          at = [i, j];
        }
      }
    }
    const m = maxDrawdown(close);
    expect(m.depth).toBeCloseTo(worst, 12);
    expect(close[m.peakIndex]).toBe(close[at[0]]);
    expect(m.troughIndex).toBe(at[1]);
  });
});

describe('computeMaxDrawdown', () => {
  it('dates the peak, trough and recovery, and needs 2 bars', () => {
    const rows = [100, 120, 60, 130];
    const s = toOhlcvSeries(rows.map((c, i) => ({ date: `2024-03-0${i + 1}`, open: c, high: c, low: c, close: c, volume: 1 })));
    if (!s.ok) throw new Error('fixture');
    expect(computeMaxDrawdown(s.value)).toMatchObject({
      ok: true,
      value: { depth: 0.5, peakDate: '2024-03-02', troughDate: '2024-03-03', recoveryDate: '2024-03-04' },
    });
    const one = { ...s.value, dates: ['2024-03-01'], close: s.value.close.slice(0, 1) };
    expect(computeMaxDrawdown(one)).toMatchObject({ ok: false, error: { code: 'series_too_short', needed: 2, got: 1 } });
  });
});
