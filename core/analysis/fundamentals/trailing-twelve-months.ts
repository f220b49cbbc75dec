import type { CompanyFinancials, FinancialPeriod } from '../financials.ts';
import { type EngineResult, fail, ok } from '../result.ts';
import { findLatestAnnual, lineOf } from './statement-lines.ts';

/**
 * Which figures a trailing-twelve-months value was built from:
 * - `four_quarters`: the sum of the last four consecutive quarters;
 * - `annual_plus_interim`: the latest fiscal year + the quarters filed since − the same quarters a year
 *   earlier (the usual way when the fourth quarter is only in the annual report, as in SEC filings);
 * - `latest_annual`: the latest fiscal year alone, when the quarters do not allow either of the above.
 */
export type TrailingBasis = 'four_quarters' | 'annual_plus_interim' | 'latest_annual';

export interface TrailingFigure {
  value: number;
  basis: TrailingBasis;
  /** End date of the newest period in the figure. */
  end: string;
}

const DAY_MS = 86_400_000;
/** Day number of an ISO date (faster than Date.parse, which this runs for every quarter of every company). */
const toDayNumber = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;
/** A fiscal quarter is 13 weeks, give or take a 53rd week or a calendar-month close. */
const isNextQuarter = (prev: string, next: string) => {
  const d = toDayNumber(next) - toDayNumber(prev);
  return d >= 80 && d <= 100;
};

function sumFourQuarters(quarters: readonly FinancialPeriod[], key: string): TrailingFigure | null {
  let last = quarters.length - 1;
  while (last >= 0 && lineOf(quarters[last], key) === null) last--;
  if (last < 3) return null;
  let sum = 0;
  for (let i = last - 3; i <= last; i++) {
    const v = lineOf(quarters[i], key);
    if (v === null || (i > last - 3 && !isNextQuarter(quarters[i - 1]!.end, quarters[i]!.end))) return null;
    sum += v;
  }
  return { value: sum, basis: 'four_quarters', end: quarters[last]!.end };
}

/** Index of the quarter ending 365 ± 10 days before quarters[j], searching backwards. */
function findYearEarlierIndex(quarters: readonly FinancialPeriod[], j: number): number {
  const day = toDayNumber(quarters[j]!.end);
  for (let i = j - 1; i >= 0; i--) {
    const gap = day - toDayNumber(quarters[i]!.end);
    if (gap > 375) return -1;
    if (gap >= 355) return i;
  }
  return -1;
}

function addInterim(annual: FinancialPeriod, annualValue: number, quarters: readonly FinancialPeriod[], key: string): TrailingFigure | null {
  const first = quarters.findIndex((q) => q.end > annual.end);
  if (first < 0) return null;
  let value = annualValue;
  let prevEnd = annual.end;
  let end: string | null = null;
  for (let j = first; j < Math.min(first + 3, quarters.length); j++) {
    const q = quarters[j]!;
    const current = lineOf(q, key);
    const prior = lineOf(quarters[findYearEarlierIndex(quarters, j)], key);
    if (current === null || prior === null || !isNextQuarter(prevEnd, q.end)) break;
    value += current - prior;
    prevEnd = q.end;
    end = q.end;
  }
  return end === null ? null : { value, basis: 'annual_plus_interim', end };
}

/** A flow line (income or cash flow) over the latest twelve months the statements allow, saying how it was built. */
export function computeTrailingFlow(f: CompanyFinancials, key: string): EngineResult<TrailingFigure> {
  const annual = findLatestAnnual(f);
  const annualValue = lineOf(annual, key);
  const candidates: TrailingFigure[] = [];
  const quarters = sumFourQuarters(f.quarterly, key);
  if (quarters) candidates.push(quarters);
  if (annual && annualValue !== null) {
    const interim = addInterim(annual, annualValue, f.quarterly, key);
    if (interim) candidates.push(interim);
    candidates.push({ value: annualValue, basis: 'latest_annual', end: annual.end });
  }
  if (candidates.length === 0) return fail('missing_input', key, `${key} is not reported for the latest fiscal year or four consecutive quarters`);
  // Newest wins; on a tie the order above prefers reported quarters over arithmetic on them.
  let best = candidates[0]!;
  for (const c of candidates) if (c.end > best.end) best = c;
  return ok(best);
}
