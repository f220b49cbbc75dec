import type { CompanyFinancials, FinancialPeriod } from '../financials.ts';
import { type EngineResult, fail, ok } from '../result.ts';
import { divideByPositive, requireNonNegative } from './ratio-math.ts';
import { cashAndInvestmentsOf, ebitdaOf, freeCashFlowOf, lineOf, noncontrollingInterestOf, totalDebtOf } from './statement-lines.ts';
import { computeTrailingFlow, type TrailingBasis, type TrailingFigure } from './trailing-twelve-months.ts';

/** Market inputs, taken as parameters (the engines read nothing): price per share and market value of the equity, in USD. */
export interface MarketInputs {
  priceUsd: number;
  marketCapUsd: number;
}

export function validateMarket(m: MarketInputs): EngineResult<MarketInputs> {
  if (!Number.isFinite(m.priceUsd) || m.priceUsd <= 0) return fail('invalid_parameter', 'price', `price must be a positive number, got ${m.priceUsd}`);
  if (!Number.isFinite(m.marketCapUsd) || m.marketCapUsd <= 0)
    return fail('invalid_parameter', 'market_cap', `market cap must be a positive number, got ${m.marketCapUsd}`);
  return ok(m);
}

/** Enterprise value (USD) = market cap + total debt + non-controlling interests − cash and short-term investments. */
export function computeEnterpriseValue(p: FinancialPeriod, m: MarketInputs): EngineResult<number> {
  const debt = requireNonNegative(totalDebtOf(p), 'total_debt');
  if (!debt.ok) return debt;
  const cash = requireNonNegative(cashAndInvestmentsOf(p), 'cash');
  if (!cash.ok) return cash;
  return ok(m.marketCapUsd + debt.value + noncontrollingInterestOf(p) - cash.value);
}

interface PriceEarnings {
  /** Times. */
  value: number;
  epsTtm: number;
  basis: TrailingBasis;
  /** End of the newest period in the EPS. */
  end: string;
}

/** Trailing P/E (times) = price / diluted EPS over the last twelve months; EPS ≤ 0 → zero_denominator. */
export function computePriceEarnings(f: CompanyFinancials, m: MarketInputs): EngineResult<PriceEarnings> {
  return priceEarningsFrom(computeTrailingFlow(f, 'eps_diluted'), m);
}

/** The P/E from trailing EPS already computed (the ratio set reuses its EPS for the earnings yield). */
export function priceEarningsFrom(eps: EngineResult<TrailingFigure>, m: MarketInputs): EngineResult<PriceEarnings> {
  if (!eps.ok) return eps;
  const pe = divideByPositive(m.priceUsd, eps.value.value, ['price', 'eps_diluted']);
  return pe.ok ? ok({ value: pe.value, epsTtm: eps.value.value, basis: eps.value.basis, end: eps.value.end }) : pe;
}

/** Price / sales (times) = market cap / revenue of the fiscal year. */
export const computePriceSales = (p: FinancialPeriod, m: MarketInputs) => divideByPositive(m.marketCapUsd, lineOf(p, 'revenue'), ['market_cap', 'revenue']);

/** Price / book (times) = market cap / year-end parent equity (equity ≤ 0 → zero_denominator). */
export const computePriceBook = (p: FinancialPeriod, m: MarketInputs) =>
  divideByPositive(m.marketCapUsd, lineOf(p, 'total_equity'), ['market_cap', 'total_equity']);

function evOver(p: FinancialPeriod, m: MarketInputs, denominator: number | null, name: string): EngineResult<number> {
  const ev = computeEnterpriseValue(p, m);
  return ev.ok ? divideByPositive(ev.value, denominator, ['enterprise_value', name]) : ev;
}

/** EV / EBITDA (times); EBITDA = operating income + D&A when not reported; EBITDA ≤ 0 → zero_denominator. */
export const computeEvEbitda = (p: FinancialPeriod, m: MarketInputs) => evOver(p, m, ebitdaOf(p), 'ebitda');

/** EV / sales (times). */
export const computeEvSales = (p: FinancialPeriod, m: MarketInputs) => evOver(p, m, lineOf(p, 'revenue'), 'revenue');

/** FCF yield, a fraction (0.035 = 3.5 %) = free cash flow of the fiscal year / market cap; negative when FCF is. */
export const computeFcfYield = (p: FinancialPeriod, m: MarketInputs) => divideByPositive(freeCashFlowOf(p), m.marketCapUsd, ['free_cash_flow', 'market_cap']);
