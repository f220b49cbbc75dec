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
  /** For the synthetic rating that bounds the cost of debt; left out, the cost of debt is measured and floored only. */
  operatingIncomeUsd?: number | null;
}

/** `user_input`: typed in the DCF studio rather than measured. */
export type CostOfDebtBasis =
  | 'interest_over_average_debt'
  | 'interest_over_debt'
  | 'floored_at_risk_free'
  | 'capped_at_synthetic_rating'
  | 'synthetic_rating'
  | 'fallback_spread'
  | 'user_input';

/**
 * Synthetic rating by interest coverage (operating income ÷ interest expense), for large non-financial
 * companies: the coverage bands of Damodaran's published table ("Ratings, interest coverage ratios and
 * default spreads"); the spreads are ours, rounded to that table's magnitudes of 2024–25 and stated in
 * docs/dcf.md rather than sourced to the basis point. A company's measured borrowing cost is held within
 * [risk-free, risk-free + its rating's spread]: interest on old cheap bonds says little about what new
 * debt costs, and interest that includes leases or one-off fees overstates it.
 */
const SYNTHETIC_RATINGS: ReadonlyArray<{ minCoverage: number; rating: string; spread: number }> = [
  { minCoverage: 8.5, rating: 'AAA', spread: 0.0059 },
  { minCoverage: 6.5, rating: 'AA', spread: 0.0078 },
  { minCoverage: 5.5, rating: 'A+', spread: 0.0098 },
  { minCoverage: 4.25, rating: 'A', spread: 0.0108 },
  { minCoverage: 3, rating: 'A−', spread: 0.0122 },
  { minCoverage: 2.5, rating: 'BBB', spread: 0.0156 },
  { minCoverage: 2.25, rating: 'BB+', spread: 0.02 },
  { minCoverage: 2, rating: 'BB', spread: 0.024 },
  { minCoverage: 1.75, rating: 'B+', spread: 0.0283 },
  { minCoverage: 1.5, rating: 'B', spread: 0.0342 },
  { minCoverage: 1.25, rating: 'B−', spread: 0.0419 },
  { minCoverage: 0.8, rating: 'CCC', spread: 0.0759 },
  { minCoverage: 0.65, rating: 'CC', spread: 0.1 },
  { minCoverage: 0.2, rating: 'C', spread: 0.13 },
  { minCoverage: Number.NEGATIVE_INFINITY, rating: 'D', spread: 0.16 },
];

/** The synthetic rating of an interest coverage (null coverage, e.g. no interest: the top rating). */
export function findSyntheticRating(interestCoverage: number | null): { rating: string; spread: number } {
  if (interestCoverage === null || !Number.isFinite(interestCoverage)) return SYNTHETIC_RATINGS[0]!;
  return SYNTHETIC_RATINGS.find((r) => interestCoverage >= r.minCoverage)!;
}

interface CostOfDebt {
  /** Pre-tax, fraction. */
  rate: number;
  basis: CostOfDebtBasis;
  /** interest / debt as measured, before the floor; null when it could not be measured. */
  measured: number | null;
  /** The synthetic rating from interest coverage that bounds it, when coverage was given. */
  rating?: { rating: string; spread: number; interestCoverage: number | null } | null;
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
export function computeCostOfDebt(
  i: Pick<WaccInputs, 'interestExpenseUsd' | 'totalDebtUsd' | 'priorTotalDebtUsd'> & { operatingIncomeUsd?: number | null },
  riskFreeRate: number,
): CostOfDebt {
  const averaged = i.priorTotalDebtUsd !== null && i.priorTotalDebtUsd > 0;
  const debt = averaged ? (i.totalDebtUsd + i.priorTotalDebtUsd!) / 2 : i.totalDebtUsd;
  const withRating = i.operatingIncomeUsd !== undefined;
  const interestCoverage =
    withRating && i.operatingIncomeUsd !== null && i.interestExpenseUsd !== null && i.interestExpenseUsd > 0
      ? i.operatingIncomeUsd! / i.interestExpenseUsd
      : null;
  const rating = withRating ? { ...findSyntheticRating(interestCoverage), interestCoverage } : null;
  if (i.interestExpenseUsd === null || i.interestExpenseUsd <= 0 || !(debt > 0)) {
    if (rating) return { rate: riskFreeRate + rating.spread, basis: 'synthetic_rating', measured: null, rating };
    return { rate: riskFreeRate + FALLBACK_DEBT_SPREAD, basis: 'fallback_spread', measured: null };
  }
  const measured = i.interestExpenseUsd / debt;
  const rated = rating ? { rating } : {};
  if (measured < riskFreeRate) return { rate: riskFreeRate, basis: 'floored_at_risk_free', measured, ...rated };
  if (rating && measured > riskFreeRate + rating.spread) return { rate: riskFreeRate + rating.spread, basis: 'capped_at_synthetic_rating', measured, rating };
  return { rate: measured, basis: averaged ? 'interest_over_average_debt' : 'interest_over_debt', measured, ...rated };
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
