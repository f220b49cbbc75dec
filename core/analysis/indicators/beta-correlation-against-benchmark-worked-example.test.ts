import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alignReturns, computeBetaCorrelation, regressReturns } from './beta-correlation.ts';
import { loadDailyFixture } from './fixtures/load-daily-fixture.ts';
import { type OhlcvSeries, toOhlcvSeries } from './series.ts';

/*
 * Asset returns 2%, −1%, 3%; benchmark 1%, −1%, 2%. Means 4/300 and 2/300.
 * In units of 1/300 the deviations are asset 2, −7, 5 and benchmark 1, −5, 4:
 *   Σ da·db = 2 + 35 + 20 = 57, Σ da² = 4 + 49 + 25 = 78, Σ db² = 1 + 25 + 16 = 42
 *   beta = 57/42 = 19/14 ≈ 1.357143;  correlation = 57/√(78·42) = 57/√3276 ≈ 0.995870
 */
describe('beta and correlation of three returns', () => {
  const r = regressReturns(Float64Array.from([0.02, -0.01, 0.03]), Float64Array.from([0.01, -0.01, 0.02]));

  it('beta = 19/14', () => expect(r.beta).toBeCloseTo(19 / 14, 12));
  it('correlation = 57/√3276', () => expect(r.correlation).toBeCloseTo(57 / Math.sqrt(3276), 12));

  it('a flat benchmark gives NaN in the kernel (no variance to divide by)', () => {
    const flat = regressReturns(Float64Array.from([0.01, 0.02]), Float64Array.from([0.01, 0.01]));
    expect(Number.isNaN(flat.beta) && Number.isNaN(flat.correlation)).toBe(true);
  });
});

const series = (rows: [string, number][]): OhlcvSeries => {
  const s = toOhlcvSeries(rows.map(([date, c]) => ({ date, open: c, high: c, low: c, close: c, volume: 1 })));
  if (!s.ok) throw new Error('fixture');
  return s.value;
};

describe('returns aligned on common dates', () => {
  it('a date the benchmark lacks is skipped in both: the asset return spans 01-01 → 01-03 like the benchmark', () => {
    const a = series([
      ['2024-01-01', 100],
      ['2024-01-02', 50],
      ['2024-01-03', 110],
      ['2024-01-04', 121],
    ]);
    const b = series([
      ['2024-01-01', 10],
      ['2024-01-03', 12],
      ['2024-01-04', 12.6],
    ]);
    const r = alignReturns(a, b);
    expect([...r.endIndex].map((i) => a.dates[i])).toEqual(['2024-01-03', '2024-01-04']);
    expect(r.asset[0]).toBeCloseTo(0.1, 14); // 110/100 − 1, not via 50
    expect(r.asset[1]).toBeCloseTo(0.1, 14); // 121/110 − 1
    expect(r.benchmark[0]).toBeCloseTo(0.2, 14);
    expect(r.benchmark[1]).toBeCloseTo(0.05, 14);
  });
});

describe('computeBetaCorrelation', () => {
  it('refuses too few common dates and a flat benchmark', () => {
    const a = series([
      ['2024-01-01', 100],
      ['2024-01-02', 101],
      ['2024-01-03', 99],
    ]);
    const flat = series([
      ['2024-01-01', 10],
      ['2024-01-02', 10],
      ['2024-01-03', 10],
    ]);
    expect(computeBetaCorrelation(a, a)).toMatchObject({ ok: false, error: { code: 'series_too_short', input: 'common_dates', needed: 252, got: 2 } });
    expect(computeBetaCorrelation(a, flat, 2)).toMatchObject({ ok: false, error: { code: 'zero_denominator', input: 'benchmark' } });
    expect(computeBetaCorrelation(flat, a, 2)).toMatchObject({ ok: false, error: { code: 'zero_denominator', input: 'close' } });
    expect(computeBetaCorrelation(a, a, 1)).toMatchObject({ ok: false, error: { code: 'invalid_parameter' } });
  });

  it.each(['AAPL', 'MSFT'] as const)('%s against SPY over a year equals the one-pass textbook formulas', (symbol) => {
    const asset = loadDailyFixture(symbol);
    const spy = loadDailyFixture('SPY');
    const r = computeBetaCorrelation(asset, spy);
    if (!r.ok) throw new Error(r.error.message);
    // independent: beta = (nΣxy − ΣxΣy)/(nΣx² − (Σx)²) with x the benchmark, correlation likewise
    const aligned = alignReturns(asset, spy);
    const y = aligned.asset.slice(-252);
    const x = aligned.benchmark.slice(-252);
    let sx = 0;
    let sy = 0;
    let sxy = 0;
    let sxx = 0;
    let syy = 0;
    for (let i = 0; i < 252; i++) {
      sx += x[i]!;
      sy += y[i]!;
      sxy += x[i]! * y[i]!;
      sxx += x[i]! ** 2;
      syy += y[i]! ** 2;
    }
    const n = 252;
    expect(r.value.beta).toBeCloseTo((n * sxy - sx * sy) / (n * sxx - sx ** 2), 9);
    expect(r.value.correlation).toBeCloseTo((n * sxy - sx * sy) / Math.sqrt((n * sxx - sx ** 2) * (n * syy - sy ** 2)), 9);
    expect(r.value).toMatchObject({ observations: 252, to: asset.dates.at(-1) });
    // a mega-cap moves with the index it is part of
    expect(r.value.correlation).toBeGreaterThan(0);
  });
});

describe('invariants (fast-check)', () => {
  const returns = fc.array(fc.double({ min: -0.5, max: 0.5, noNaN: true }), { minLength: 2, maxLength: 100 }).map((xs) => Float64Array.from(xs));

  it('correlation is in [−1, 1] whenever both series vary', () => {
    const pair = returns.chain((a) =>
      fc.array(fc.double({ min: -0.5, max: 0.5, noNaN: true }), { minLength: a.length, maxLength: a.length }).map((b) => [a, Float64Array.from(b)] as const),
    );
    fc.assert(
      fc.property(pair, ([a, b]) => {
        const { correlation } = regressReturns(a, b);
        return Number.isNaN(correlation) || (correlation >= -1 && correlation <= 1);
      }),
    );
  });

  it('correlation(x, x) = 1 and beta(x, x) = 1 whenever x varies', () => {
    fc.assert(
      fc.property(returns, (x) => {
        const r = regressReturns(x, x);
        return Number.isNaN(r.beta) || (r.beta === 1 && r.correlation === 1);
      }),
    );
  });
});
