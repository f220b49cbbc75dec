import type { FinancialPeriod } from '../financials.ts';
import type { EngineResult } from '../result.ts';
import { divideByPositive, requireNonNegative } from './ratio-math.ts';
import { cashAndInvestmentsOf, ebitdaOf, lineOf, totalDebtOf } from './statement-lines.ts';

/** Year-end balance-sheet ratios, in times (1.5 = 1.5×). */

/** Current ratio = current assets / current liabilities. */
export const computeCurrentRatio = (p: FinancialPeriod) =>
  divideByPositive(lineOf(p, 'current_assets'), lineOf(p, 'current_liabilities'), ['current_assets', 'current_liabilities']);

/**
 * Quick ratio = (cash + short-term investments + receivables) / current liabilities. Cash must be
 * reported; investments or receivables not reported count as none, which can only understate the ratio.
 */
export function computeQuickRatio(p: FinancialPeriod): EngineResult<number> {
  const cash = requireNonNegative(cashAndInvestmentsOf(p), 'cash');
  if (!cash.ok) return cash;
  return divideByPositive(cash.value + (lineOf(p, 'receivables') ?? 0), lineOf(p, 'current_liabilities'), ['quick_assets', 'current_liabilities']);
}

/** Debt / equity = total debt / parent equity (equity ≤ 0 → zero_denominator). */
export const computeDebtToEquity = (p: FinancialPeriod) => divideByPositive(totalDebtOf(p), lineOf(p, 'total_equity'), ['total_debt', 'total_equity']);

/** Net debt / EBITDA = (total debt − cash − short-term investments) / EBITDA; negative with net cash; EBITDA ≤ 0 → zero_denominator. */
export function computeNetDebtToEbitda(p: FinancialPeriod): EngineResult<number> {
  const debt = requireNonNegative(totalDebtOf(p), 'total_debt');
  if (!debt.ok) return debt;
  const cash = requireNonNegative(cashAndInvestmentsOf(p), 'cash');
  if (!cash.ok) return cash;
  return divideByPositive(debt.value - cash.value, ebitdaOf(p), ['net_debt', 'ebitda']);
}

/** Interest cover = operating income / interest expense (no interest expense reported → missing_input; zero → zero_denominator). */
export const computeInterestCover = (p: FinancialPeriod) =>
  divideByPositive(lineOf(p, 'operating_income'), lineOf(p, 'interest_expense'), ['operating_income', 'interest_expense']);
