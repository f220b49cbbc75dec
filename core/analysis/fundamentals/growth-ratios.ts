import type { CompanyFinancials } from '../financials.ts';
import { type EngineResult, fail } from '../result.ts';
import { cagr } from './ratio-math.ts';
import { findAnnualYearsBefore, findLatestAnnual, lineOf } from './statement-lines.ts';

/**
 * Growth of an annual line over `years` fiscal years ending with the latest, as a fraction a year
 * (CAGR; 0.08 = 8 %). Both fiscal years must be in the data: a gap is a missing input, not interpolated.
 */
export function computeLineCagr(f: CompanyFinancials, key: string, years: number): EngineResult<number> {
  const end = findLatestAnnual(f);
  if (!end) return fail('missing_input', key, 'no annual statements');
  const start = findAnnualYearsBefore(f, end, years);
  if (!start) return fail('missing_input', `${key} (start)`, `no statements for FY${end.fiscalYear - years}, ${years} years before FY${end.fiscalYear}`);
  return cagr(lineOf(start, key), lineOf(end, key), years, key);
}

/**
 * Change in the diluted share count over the latest fiscal year, as a fraction (−0.026 = 2.6 % fewer
 * shares, i.e. net buybacks). Share counts are split-adjusted in the data, so a split is not a change.
 */
export function computeShareCountChange(f: CompanyFinancials): EngineResult<number> {
  const r = computeLineCagr(f, 'shares_diluted', 1);
  if (!r.ok && r.error.code === 'invalid_value') return fail('invalid_value', 'shares_diluted', 'a diluted share count ≤ 0 is invalid');
  return r;
}
