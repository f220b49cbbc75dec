import type { FinancialPeriod } from '../financials.ts';
import { divideByPositive } from './ratio-math.ts';
import { freeCashFlowOf, lineOf } from './statement-lines.ts';
import type { MarketInputs } from './valuation-ratios.ts';

/** Dividend yield, a fraction (0.0043 = 0.43 %) = dividends per share declared in the fiscal year / price. */
export const computeDividendYield = (p: FinancialPeriod, m: MarketInputs) =>
  divideByPositive(lineOf(p, 'dividends_per_share'), m.priceUsd, ['dividends_per_share', 'price']);

/** Earnings payout, a fraction = dividends paid / net income (a loss → zero_denominator: nothing to pay out of). */
export const computeEarningsPayout = (p: FinancialPeriod) =>
  divideByPositive(lineOf(p, 'dividends_paid'), lineOf(p, 'net_income'), ['dividends_paid', 'net_income']);

/** FCF payout, a fraction = dividends paid / free cash flow (FCF ≤ 0 → zero_denominator). */
export const computeFcfPayout = (p: FinancialPeriod) => divideByPositive(lineOf(p, 'dividends_paid'), freeCashFlowOf(p), ['dividends_paid', 'free_cash_flow']);
