import { type EngineResult, fail, ok } from '../result.ts';

/** Closes with their dates, ascending; both series on the same basis (dividends reinvested, or both not). */
export interface CloseSeries {
  dates: readonly string[];
  close: ArrayLike<number>;
}

/** Less than a year of common history says more about noise than about how well a fund tracks. */
const MIN_TRACKING_OVERLAP_DAYS = 365;
const DAYS_PER_YEAR = 365.25;
const MS_PER_DAY = 86_400_000;

/** All returns are fractions. */
export interface TrackingDifference {
  from: string;
  to: string;
  /** Dates present in both series. */
  alignedPoints: number;
  spanDays: number;
  fundReturn: number;
  benchmarkReturn: number;
  /** (1 + total return)^(365.25 / span days) − 1. */
  fundAnnualised: number;
  benchmarkAnnualised: number;
  /** Fund − benchmark, annualised; negative when the fund lagged (fees, cash drag, sampling). */
  trackingDifference: number;
  /** Sample standard deviation of the per-step return differences, scaled by √(steps per year). */
  trackingErrorAnnualised: number;
}

/** Indices of the dates both series share (merge of two ascending lists), or the input that is out of order. */
function alignDates(a: readonly string[], b: readonly string[]): EngineResult<Array<[number, number]>> {
  for (const [dates, input] of [
    [a, 'fund_dates'],
    [b, 'benchmark_dates'],
  ] as const) {
    for (let i = 1; i < dates.length; i++)
      if (!(dates[i - 1]! < dates[i]!)) return fail('invalid_value', input, 'Dates must be strictly ascending.', { index: i });
  }
  const pairs: Array<[number, number]> = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return ok(pairs);
}

/** The fund's annualised return minus its benchmark's over the dates they share. */
export function computeTrackingDifference(
  fund: CloseSeries,
  benchmark: CloseSeries,
  minOverlapDays = MIN_TRACKING_OVERLAP_DAYS,
): EngineResult<TrackingDifference> {
  const aligned = alignDates(fund.dates, benchmark.dates);
  if (!aligned.ok) return aligned;
  const pairs = aligned.value;
  for (const [i, j] of pairs) {
    if (!(fund.close[i]! > 0 && Number.isFinite(fund.close[i]!))) return fail('invalid_value', 'fund_close', 'A close is not a positive number.', { index: i });
    if (!(benchmark.close[j]! > 0 && Number.isFinite(benchmark.close[j]!)))
      return fail('invalid_value', 'benchmark_close', 'A close is not a positive number.', { index: j });
  }
  const first = pairs[0];
  const last = pairs.at(-1);
  const spanDays = first && last ? (Date.parse(fund.dates[last[0]]!) - Date.parse(fund.dates[first[0]]!)) / MS_PER_DAY : 0;
  if (!first || !last || spanDays < minOverlapDays) {
    return fail(
      'series_too_short',
      'benchmark',
      `The fund and its benchmark share ${Math.round(spanDays)} days of history; at least ${minOverlapDays} are needed.`,
      {
        needed: minOverlapDays,
        got: Math.round(spanDays),
      },
    );
  }
  const years = spanDays / DAYS_PER_YEAR;
  const fundReturn = fund.close[last[0]]! / fund.close[first[0]]! - 1;
  const benchmarkReturn = benchmark.close[last[1]]! / benchmark.close[first[1]]! - 1;
  const fundAnnualised = (1 + fundReturn) ** (1 / years) - 1;
  const benchmarkAnnualised = (1 + benchmarkReturn) ** (1 / years) - 1;

  const steps = pairs.length - 1;
  let mean = 0;
  const diffs = new Float64Array(steps);
  for (let k = 1; k <= steps; k++) {
    const [i0, j0] = pairs[k - 1]!;
    const [i1, j1] = pairs[k]!;
    diffs[k - 1] = fund.close[i1]! / fund.close[i0]! - benchmark.close[j1]! / benchmark.close[j0]!;
    mean += diffs[k - 1]! / steps;
  }
  let squares = 0;
  for (const d of diffs) squares += (d - mean) ** 2;
  const trackingErrorAnnualised = steps > 1 ? Math.sqrt((squares / (steps - 1)) * (steps / years)) : 0;

  return ok({
    from: fund.dates[first[0]]!,
    to: fund.dates[last[0]]!,
    alignedPoints: pairs.length,
    spanDays,
    fundReturn,
    benchmarkReturn,
    fundAnnualised,
    benchmarkAnnualised,
    trackingDifference: fundAnnualised - benchmarkAnnualised,
    trackingErrorAnnualised,
  });
}
