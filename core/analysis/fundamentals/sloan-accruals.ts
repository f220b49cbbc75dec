import type { CompanyFinancials, FinancialPeriod } from '../financials.ts';
import { type EngineResult, fail, ok, requireFinite } from '../result.ts';
import { divideByPositive } from './ratio-math.ts';
import { findAnnualYearsBefore, findLatestAnnual, lineOf } from './statement-lines.ts';

/** Total accruals (USD) = net income − operating cash flow: earnings not backed by cash. */
export function computeAccruals(p: FinancialPeriod): EngineResult<number> {
  const ni = requireFinite(lineOf(p, 'net_income'), 'net_income');
  if (!ni.ok) return ni;
  const cfo = requireFinite(lineOf(p, 'operating_cash_flow'), 'operating_cash_flow');
  if (!cfo.ok) return cfo;
  return ok(ni.value - cfo.value);
}

type AccrualZone = 'safe' | 'warning' | 'danger';

export interface SloanAccruals {
  /** Fraction of average total assets (0.05 = 5 %). */
  ratio: number;
  zone: AccrualZone;
  fiscalYear: number;
  accruals: number;
  averageAssets: number;
}

/**
 * Sloan (1996) accrual ratio, cash-flow form: (net income − operating cash flow) / average total assets
 * of the latest fiscal year. Zones by magnitude: ≤ 10 % safe, ≤ 25 % warning, above danger (large
 * accruals either way mean earnings and cash diverge).
 */
export function computeSloanAccruals(f: CompanyFinancials): EngineResult<SloanAccruals> {
  const t = findLatestAnnual(f);
  if (!t) return fail('missing_input', 'annual_statements', `${f.symbol} has no annual statements`);
  const t1 = findAnnualYearsBefore(f, t, 1);
  if (!t1) return fail('missing_input', 'prior_year', `average assets need FY${t.fiscalYear - 1}, which is missing`);
  const accruals = computeAccruals(t);
  if (!accruals.ok) return accruals;
  const end = requireFinite(lineOf(t, 'total_assets'), 'total_assets');
  if (!end.ok) return end;
  const begin = requireFinite(lineOf(t1, 'total_assets'), 'total_assets (start of year)');
  if (!begin.ok) return begin;
  const averageAssets = (begin.value + end.value) / 2;
  const ratio = divideByPositive(accruals.value, averageAssets, ['accruals', 'average_total_assets']);
  if (!ratio.ok) return ratio;
  const size = Math.abs(ratio.value);
  return ok({
    ratio: ratio.value,
    zone: size <= 0.1 ? 'safe' : size <= 0.25 ? 'warning' : 'danger',
    fiscalYear: t.fiscalYear,
    accruals: accruals.value,
    averageAssets,
  });
}
