import { type EngineResult, fail, ok, requireFinite } from '../result.ts';
import { FALLBACK_DEBT_SPREAD, MAX_EFFECTIVE_TAX_RATE, STATUTORY_TAX_RATE } from './assumptions.ts';
import { requireEachFinite } from './checks.ts';

/** CAPM inputs; rates are fractions. */
export interface CapmAssumptions {
  riskFreeRate: number;
  equityRiskPremium: number;
  beta: number;
}

export interface WaccInputs {
  priceUsd: number | null;
  sharesDiluted: number | null;
  totalDebtUsd: number;
  /** Debt at the previous year end, to average with the closing balance the interest accrued on. */
  priorTotalDebtUsd: number | null;
  interestExpenseUsd: number | null;
  incomeTaxUsd: number | null;
  incomeBeforeTaxUsd: number | null;
}

/** `user_input`: typed in the DCF studio rather than measured. */
export type CostOfDebtBasis = 'interest_over_average_debt' | 'interest_over_debt' | 'floored_at_risk_free' | 'fallback_spread' | 'user_input';

export interface CostOfDebt {
  /** Pre-tax, fraction. */
  rate: number;
  basis: CostOfDebtBasis;
  /** interest / debt as measured, before the floor; null when it could not be measured. */
  measured: number | null;
}

export interface TaxRate {
  /** Fraction. */
  rate: number;
  basis: 'effective' | 'statutory' | 'user_input';
  /** income tax / income before tax; null when it could not be measured. */
  measured: number | null;
}

/** All rates and weights are fractions. */
export interface WaccBreakdown {
  capm: CapmAssumptions;
  costOfEquity: number;
  costOfDebt: CostOfDebt;
  tax: TaxRate;
  costOfDebtAfterTax: number;
  marketCapUsd: number;
  totalDebtUsd: number;
  equityWeight: number;
  debtWeight: number;
  wacc: number;
}

/** CAPM: r_e = r_f + β × ERP. */
export const computeCostOfEquity = (a: CapmAssumptions): number => a.riskFreeRate + a.beta * a.equityRiskPremium;

/**
 * Interest expense over average debt (opening and closing, since interest accrues through the year;
 * closing only when the prior year is missing). Floored at the risk-free rate: no company borrows
 * cheaper than the Treasury, and a lower figure means debt raised late in the year. Without interest
 * or debt: risk-free + FALLBACK_DEBT_SPREAD.
 */
export function computeCostOfDebt(i: Pick<WaccInputs, 'interestExpenseUsd' | 'totalDebtUsd' | 'priorTotalDebtUsd'>, riskFreeRate: number): CostOfDebt {
  const averaged = i.priorTotalDebtUsd !== null && i.priorTotalDebtUsd > 0;
  const debt = averaged ? (i.totalDebtUsd + i.priorTotalDebtUsd!) / 2 : i.totalDebtUsd;
  if (i.interestExpenseUsd === null || i.interestExpenseUsd <= 0 || !(debt > 0)) {
    return { rate: riskFreeRate + FALLBACK_DEBT_SPREAD, basis: 'fallback_spread', measured: null };
  }
  const measured = i.interestExpenseUsd / debt;
  if (measured < riskFreeRate) return { rate: riskFreeRate, basis: 'floored_at_risk_free', measured };
  return { rate: measured, basis: averaged ? 'interest_over_average_debt' : 'interest_over_debt', measured };
}

/** Income tax / income before tax; the statutory rate when pre-tax income is ≤ 0 or the rate is outside [0, 50 %] (one-offs). */
export function computeEffectiveTaxRate(i: Pick<WaccInputs, 'incomeTaxUsd' | 'incomeBeforeTaxUsd'>): TaxRate {
  if (i.incomeTaxUsd === null || i.incomeBeforeTaxUsd === null || i.incomeBeforeTaxUsd <= 0) {
    return { rate: STATUTORY_TAX_RATE.value, basis: 'statutory', measured: null };
  }
  const measured = i.incomeTaxUsd / i.incomeBeforeTaxUsd;
  if (measured < 0 || measured > MAX_EFFECTIVE_TAX_RATE) return { rate: STATUTORY_TAX_RATE.value, basis: 'statutory', measured };
  return { rate: measured, basis: 'effective', measured };
}

/** WACC = E/(E+D) × r_e + D/(E+D) × r_d × (1 − t), E = price × diluted shares, D = total debt (book, for want of market prices). */
export function computeWacc(inputs: WaccInputs, capm: CapmAssumptions): EngineResult<WaccBreakdown> {
  const finite = requireEachFinite([
    [capm.riskFreeRate, 'risk_free_rate'],
    [capm.equityRiskPremium, 'equity_risk_premium'],
    [capm.beta, 'beta'],
    [inputs.totalDebtUsd, 'total_debt'],
  ]);
  if (!finite.ok) return finite;
  const price = requireFinite(inputs.priceUsd, 'price');
  if (!price.ok) return price;
  if (price.value <= 0) return fail('invalid_value', 'price', 'The price must be above zero.');
  const shares = requireFinite(inputs.sharesDiluted, 'shares_diluted');
  if (!shares.ok) return shares;
  if (shares.value <= 0) return fail('invalid_value', 'shares_diluted', 'Diluted shares must be above zero.');
  if (inputs.totalDebtUsd < 0) return fail('invalid_value', 'total_debt', 'Total debt is negative.');

  const costOfEquity = computeCostOfEquity(capm);
  const costOfDebt = computeCostOfDebt(inputs, capm.riskFreeRate);
  const tax = computeEffectiveTaxRate(inputs);
  const costOfDebtAfterTax = costOfDebt.rate * (1 - tax.rate);
  const marketCapUsd = price.value * shares.value;
  const equityWeight = marketCapUsd / (marketCapUsd + inputs.totalDebtUsd);
  const debtWeight = 1 - equityWeight;
  return ok({
    capm,
    costOfEquity,
    costOfDebt,
    tax,
    costOfDebtAfterTax,
    marketCapUsd,
    totalDebtUsd: inputs.totalDebtUsd,
    equityWeight,
    debtWeight,
    wacc: equityWeight * costOfEquity + debtWeight * costOfDebtAfterTax,
  });
}
