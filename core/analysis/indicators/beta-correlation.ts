import { type EngineResult, fail, ok } from '../result.ts';
import type { OhlcvSeries } from './series.ts';
import { requireWindows } from './window-checks.ts';

interface BetaCorrelation {
  /** cov(asset, benchmark) / var(benchmark). */
  beta: number;
  /** Pearson correlation in [−1, 1]. */
  correlation: number;
}

/**
 * Beta and correlation of two equally long return series (two-pass: means first, then deviations, so
 * small daily returns keep their digits). NaN where a variance is zero. Correlation is taken as
 * beta·√(var_b/var_a) (= cov/√(var_a·var_b)): the product var_a·var_b underflows for tiny returns, and
 * this form makes corr(x, x) = beta(x, x) = 1 exactly, the same sums feeding numerator and denominator.
 */
export function regressReturns(asset: Float64Array, benchmark: Float64Array): BetaCorrelation {
  const n = asset.length;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += asset[i]!;
    mb += benchmark[i]!;
  }
  ma /= n;
  mb /= n;
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < n; i++) {
    const da = asset[i]! - ma;
    const db = benchmark[i]! - mb;
    cov += da * db;
    va += da * da;
    vb += db * db;
  }
  const beta = vb > 0 ? cov / vb : Number.NaN;
  const correlation = va > 0 && vb > 0 ? Math.max(-1, Math.min(1, beta * Math.sqrt(vb / va))) : Number.NaN;
  return { beta, correlation };
}

interface AlignedReturns {
  /** For each return, the index in the ASSET series of the close it ends on (its date is asset.dates[i]). */
  endIndex: Int32Array;
  asset: Float64Array;
  benchmark: Float64Array;
}

/**
 * Simple daily returns of two series over the dates both traded: a date missing from either series is
 * skipped in both, so each return spans the same two closes (a holiday gap gives a two-day return on both).
 */
export function alignReturns(asset: Pick<OhlcvSeries, 'dates' | 'close'>, benchmark: Pick<OhlcvSeries, 'dates' | 'close'>): AlignedReturns {
  const na = asset.dates.length;
  const nb = benchmark.dates.length;
  const ia = new Int32Array(Math.min(na, nb));
  const ib = new Int32Array(ia.length);
  let m = 0;
  for (let a = 0, b = 0; a < na && b < nb; ) {
    const da = asset.dates[a]!;
    const db = benchmark.dates[b]!;
    if (da === db) {
      ia[m] = a++;
      ib[m++] = b++;
    } else if (da < db) a++;
    else b++;
  }
  const count = Math.max(0, m - 1);
  const out: AlignedReturns = { endIndex: ia.slice(1, m), asset: new Float64Array(count), benchmark: new Float64Array(count) };
  for (let k = 0; k < count; k++) {
    out.asset[k] = asset.close[ia[k + 1]!]! / asset.close[ia[k]!]! - 1;
    out.benchmark[k] = benchmark.close[ib[k + 1]!]! / benchmark.close[ib[k]!]! - 1;
  }
  return out;
}

interface DatedBetaCorrelation extends BetaCorrelation {
  observations: number;
  /** First and last date of the returns used. */
  from: string;
  to: string;
}

/**
 * Beta and correlation of `asset` against `benchmark` (SPY for the product) over the last `period`
 * aligned daily returns (a trading year by default). Needs period + 1 common dates and period ≥ 2.
 */
export function computeBetaCorrelation(asset: OhlcvSeries, benchmark: OhlcvSeries, period = 252): EngineResult<DatedBetaCorrelation> {
  if (period < 2) return fail('invalid_parameter', 'period', `a correlation needs at least 2 returns, got ${period}`);
  const aligned = alignReturns(asset, benchmark);
  const gate = requireWindows(aligned.asset.length, { period }, period, 'common_dates');
  if (!gate.ok) return gate;
  const from = aligned.asset.length - period;
  const r = regressReturns(aligned.asset.subarray(from), aligned.benchmark.subarray(from));
  if (Number.isNaN(r.beta)) return fail('zero_denominator', 'benchmark', `the benchmark's returns do not vary over the last ${period} days`);
  if (Number.isNaN(r.correlation)) return fail('zero_denominator', 'close', `the asset's returns do not vary over the last ${period} days`);
  const dateOf = (k: number) => asset.dates[aligned.endIndex[k]!]!;
  return ok({ ...r, observations: period, from: dateOf(from), to: dateOf(aligned.asset.length - 1) });
}
