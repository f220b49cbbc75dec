import type { FinancialPeriod } from '../financials.ts';
import { type EngineResult, ok, requireFinite } from '../result.ts';
import { divideByPositive, requireNonNegative } from './ratio-math.ts';
import { cashAndInvestmentsOf, lineOf, noncontrollingInterestOf, totalDebtOf } from './statement-lines.ts';

/** All ratios here are fractions of one fiscal year (0.2692 = 26.92 %), on year-end balances. */

type MarginLine = 'gross_profit' | 'operating_income' | 'net_income' | 'free_cash_flow';

/** Gross, operating, net or FCF margin: the line over revenue (revenue ≤ 0 → zero_denominator). */
export function computeMargin(p: FinancialPeriod, line: MarginLine): EngineResult<number> {
  return divideByPositive(lineOf(p, line), lineOf(p, 'revenue'), [line, 'revenue']);
}

/** Return on equity: net income / year-end parent equity (equity ≤ 0 → zero_denominator). */
export function computeRoe(p: FinancialPeriod): EngineResult<number> {
  return divideByPositive(lineOf(p, 'net_income'), lineOf(p, 'total_equity'), ['net_income', 'total_equity']);
}

/** Return on assets: net income / year-end total assets. */
export function computeRoa(p: FinancialPeriod): EngineResult<number> {
  return divideByPositive(lineOf(p, 'net_income'), lineOf(p, 'total_assets'), ['net_income', 'total_assets']);
}

/** Asset turnover (times): revenue / year-end total assets. */
export function computeAssetTurnover(p: FinancialPeriod): EngineResult<number> {
  return divideByPositive(lineOf(p, 'revenue'), lineOf(p, 'total_assets'), ['revenue', 'total_assets']);
}

/** US federal statutory rate since 2018: the fallback when the effective rate says nothing about the business. */
export const STATUTORY_TAX_RATE = 0.21;

export interface TaxRate {
  /** Fraction (0.21 = 21 %). */
  rate: number;
  source: 'effective' | 'statutory_fallback';
}

/**
 * Effective tax rate = income tax / income before tax, used when pre-tax income is positive and the rate
 * lies in [0, 0.5]; otherwise (a loss, a tax credit, a one-off charge, missing lines) the 21 % statutory rate.
 */
function computeTaxRate(p: FinancialPeriod): TaxRate {
  const tax = lineOf(p, 'income_tax');
  const pretax = lineOf(p, 'income_before_tax');
  if (tax !== null && pretax !== null && pretax > 0) {
    const rate = tax / pretax;
    if (rate >= 0 && rate <= 0.5) return { rate, source: 'effective' };
  }
  return { rate: STATUTORY_TAX_RATE, source: 'statutory_fallback' };
}

interface Roic {
  /** Fraction. */
  value: number;
  nopat: number;
  investedCapital: number;
  taxRate: TaxRate;
}

/**
 * Return on invested capital = NOPAT / invested capital, with NOPAT = operating income × (1 − tax rate)
 * and invested capital = total debt + parent equity + non-controlling interests − cash and short-term
 * investments, all at year end. Invested capital ≤ 0 (a cash pile larger than debt and equity) → zero_denominator.
 */
export function computeRoic(p: FinancialPeriod): EngineResult<Roic> {
  const oi = requireFinite(lineOf(p, 'operating_income'), 'operating_income');
  if (!oi.ok) return oi;
  const debt = requireNonNegative(totalDebtOf(p), 'total_debt');
  if (!debt.ok) return debt;
  const equity = requireFinite(lineOf(p, 'total_equity'), 'total_equity');
  if (!equity.ok) return equity;
  const cash = requireNonNegative(cashAndInvestmentsOf(p), 'cash');
  if (!cash.ok) return cash;
  const taxRate = computeTaxRate(p);
  const nopat = oi.value * (1 - taxRate.rate);
  const investedCapital = debt.value + equity.value + noncontrollingInterestOf(p) - cash.value;
  const r = divideByPositive(nopat, investedCapital, ['nopat', 'invested_capital']);
  return r.ok ? ok({ value: r.value, nopat, investedCapital, taxRate }) : r;
}
