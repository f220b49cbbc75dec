/**
 * DCF defaults, each dated and sourced (docs/dcf.md). Every rate here is a fraction (0.0458 = 4.58 %).
 * They are inputs, not truths: the UI shows them and lets the user override each one.
 */

interface SourcedRate {
  /** Fraction, e.g. 0.0458 for 4.58 %. */
  value: number;
  asOf: string;
  source: string;
}

/**
 * Risk-free rate and equity risk premium are a matched pair: the ERP is implied over that same
 * Treasury yield on that same day, so they move together. The bundled data cannot supply a current
 * yield (the Shiller series' rates stop at 2023-06).
 */
export const CAPM_DEFAULTS = {
  riskFreeRate: { value: 0.0458, asOf: '2024-12-31', source: '10-year US Treasury constant-maturity yield (FRED DGS10)' },
  equityRiskPremium: { value: 0.0433, asOf: '2025-01-01', source: 'Damodaran, implied ERP of the S&P 500 (trailing 12-month cash yield), NYU Stern' },
  /** The market's own beta; replace with the company's beta against SPY when the price history allows. */
  beta: { value: 1, asOf: '2025-01-01', source: 'market beta by definition (no company estimate)' },
} as const satisfies Record<string, SourcedRate>;

/** The pair to value with: the one the inputs carry (the market service's, continued by the store), else the shipped one. */
export const selectCapmPair = (pair: { riskFreeRate: SourcedRate; equityRiskPremium: SourcedRate } | null | undefined) =>
  pair ?? { riskFreeRate: CAPM_DEFAULTS.riskFreeRate, equityRiskPremium: CAPM_DEFAULTS.equityRiskPremium };

/** Added to the risk-free rate when interest expense or debt is not reported: an assumed BBB-range spread. */
export const FALLBACK_DEBT_SPREAD = 0.015;

/** Used when the effective tax rate cannot be measured or falls outside [0, MAX_EFFECTIVE_TAX_RATE]. */
export const STATUTORY_TAX_RATE: SourcedRate = { value: 0.21, asOf: '2018-01-01', source: 'US federal corporate rate (Tax Cuts and Jobs Act)' };
export const MAX_EFFECTIVE_TAX_RATE = 0.5;

/** Gordon's model needs the discount rate clearly above terminal growth: r − g ≥ 1.5 percentage points. */
export const MIN_RATE_MINUS_GROWTH = 0.015;
/** Floating-point slack so that exactly 1.5 points passes (0.036 − 0.021 is 0.014999999999999996). */
export const RATE_EPSILON = 1e-12;

/** Warn when the terminal value's present value is more than this share of enterprise value. */
export const TERMINAL_SHARE_WARNING = 0.75;

export const DCF_PERIOD_DEFAULTS = {
  explicitYears: 5,
  fadeYears: 5,
  /** Long-run nominal growth, below the ~4 % nominal GDP trend, so no company outgrows the economy forever. */
  terminalGrowth: 0.025,
} as const;

/**
 * History-derived explicit growth is clamped to this range: no company is assumed to grow free cash
 * flow faster than 15 % a year for the explicit years, or to shrink it faster than 5 % a year.
 */
export const DCF_GROWTH_RANGE = { min: -0.05, max: 0.15 } as const;
