import type { FinancialPeriod } from '../financials.ts';
import type { EngineResult } from '../result.ts';
import { divideByPositive, requireNonNegative } from './ratio-math.ts';
import { freeCashFlowOf, lineOf } from './statement-lines.ts';
import type { MarketInputs } from './valuation-ratios.ts';

/** Dividend yield, a fraction (0.0043 = 0.43 %) = dividends per share declared in the fiscal year / price. */
export const computeDividendYield = (p: FinancialPeriod, m: MarketInputs) =>
  divideByPositive(lineOf(p, 'dividends_per_share'), m.priceUsd, ['dividends_per_share', 'price']);

function payoutOf(p: FinancialPeriod, base: number | null, name: string): EngineResult<number> {
  const paid = requireNonNegative(lineOf(p, 'dividends_paid'), 'dividends_paid');
  return paid.ok ? divideByPositive(paid.value, base, ['dividends_paid', name]) : paid;
}

/** Earnings payout, a fraction = dividends paid / net income (a loss → zero_denominator: nothing to pay out of). */
export const computeEarningsPayout = (p: FinancialPeriod) => payoutOf(p, lineOf(p, 'net_income'), 'net_income');

/** FCF payout, a fraction = dividends paid / free cash flow (FCF ≤ 0 → zero_denominator). */
export const computeFcfPayout = (p: FinancialPeriod) => payoutOf(p, freeCashFlowOf(p), 'free_cash_flow');
