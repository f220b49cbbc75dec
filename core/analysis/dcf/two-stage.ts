import { type EngineResult, fail, ok, requireFinite } from '../result.ts';
import { MIN_RATE_MINUS_GROWTH, RATE_EPSILON, TERMINAL_SHARE_WARNING } from './assumptions.ts';
import { formatPoints, requireEachFinite } from './checks.ts';

/**
 * Two-stage free-cash-flow DCF. Money is in USD as floats, not integer cents: discounted values are
 * estimates, and rounding each year to a cent would add false precision (docs/dcf.md).
 */

/** What the valuation needs from the company (USD, shares as a count). */
export interface DcfCompanyInputs {
  /** The last fiscal year's free cash flow, the base the projection grows from; null when not reported. */
  baseFcfUsd: number | null;
  sharesDiluted: number | null;
  totalDebtUsd: number;
  /** Cash and short-term investments. */
  cashUsd: number;
  /** Non-controlling interest: the part of consolidated value that belongs to minority owners. */
  nciUsd: number;
  /** Today's price; null gives no upside. */
  priceUsd: number | null;
}

/** Rates are fractions (0.09 = 9 %). */
export interface DcfParameters {
  /** WACC, the rate every year's cash flow and the terminal value are discounted at. */
  discountRate: number;
  /** Growth each explicit year. */
  explicitGrowth: number;
  /** Gordon growth after the fade, forever. */
  terminalGrowth: number;
  explicitYears: number;
  /** Years over which growth steps linearly from `explicitGrowth` towards `terminalGrowth`. */
  fadeYears: number;
}

export interface DcfYear {
  /** 1 = the first projected year after the base year. */
  year: number;
  stage: 'explicit' | 'fade';
  /** Fraction. */
  growth: number;
  fcfUsd: number;
  /** 1 / (1 + r)^year: cash flows arrive at each year's end. */
  discountFactor: number;
  presentValueUsd: number;
}

export interface DcfWarning {
  code: 'terminal_value_dominates' | 'negative_equity';
  message: string;
}

export interface DcfValuation {
  parameters: DcfParameters;
  baseFcfUsd: number;
  years: DcfYear[];
  presentValueOfYearsUsd: number;
  terminal: {
    growth: number;
    /** FCF of the first year after the last projected one: last FCF × (1 + g). */
    nextFcfUsd: number;
    /** Gordon value at the end of the last projected year: nextFcf / (r − g). */
    valueUsd: number;
    discountFactor: number;
    presentValueUsd: number;
    /** Fraction of enterprise value. */
    shareOfEnterpriseValue: number;
  };
  enterpriseValueUsd: number;
  bridge: { totalDebtUsd: number; cashUsd: number; netDebtUsd: number; nciUsd: number };
  equityValueUsd: number;
  sharesDiluted: number;
  perShareUsd: number;
  priceUsd: number | null;
  /** perShare / price − 1, a fraction; null without a price. */
  upside: number | null;
  warnings: DcfWarning[];
}

interface ValidDcfCompany extends DcfCompanyInputs {
  baseFcfUsd: number;
  sharesDiluted: number;
}

/** The company inputs a DCF can work with, or which one cannot be used. */
export function validateDcfCompany(c: DcfCompanyInputs): EngineResult<ValidDcfCompany> {
  const fcf = requireFinite(c.baseFcfUsd, 'free_cash_flow');
  if (!fcf.ok) return fcf;
  if (fcf.value <= 0) return fail('not_applicable', 'free_cash_flow', 'Base free cash flow is zero or negative: growing it does not value the company.');
  const shares = requireFinite(c.sharesDiluted, 'shares_diluted');
  if (!shares.ok) return shares;
  if (shares.value === 0) return fail('zero_denominator', 'shares_diluted', 'Diluted shares are zero: no per-share value.');
  if (shares.value < 0) return fail('invalid_value', 'shares_diluted', 'Diluted shares are negative.');
  const finite = requireEachFinite([
    [c.totalDebtUsd, 'total_debt'],
    [c.cashUsd, 'cash'],
    [c.nciUsd, 'noncontrolling_interest'],
  ]);
  if (!finite.ok) return finite;
  if (c.priceUsd !== null && !(Number.isFinite(c.priceUsd) && c.priceUsd > 0)) return fail('invalid_value', 'price', 'The price must be a positive number.');
  return ok({ ...c, baseFcfUsd: fcf.value, sharesDiluted: shares.value });
}

/** Parameters that can work together, or the one at fault (including the r − g ≥ 1.5 points guard). */
export function validateDcfParameters(p: DcfParameters): EngineResult<DcfParameters> {
  const finite = requireEachFinite([
    [p.discountRate, 'discount_rate'],
    [p.explicitGrowth, 'explicit_growth'],
    [p.terminalGrowth, 'terminal_growth'],
  ]);
  if (!finite.ok) return finite;
  if (!Number.isInteger(p.explicitYears) || p.explicitYears < 1 || p.explicitYears > 50)
    return fail('invalid_parameter', 'explicit_years', 'Explicit years must be a whole number from 1 to 50.');
  if (!Number.isInteger(p.fadeYears) || p.fadeYears < 0 || p.fadeYears > 50)
    return fail('invalid_parameter', 'fade_years', 'Fade years must be a whole number from 0 to 50.');
  if (p.discountRate <= 0) return fail('invalid_parameter', 'discount_rate', 'The discount rate must be above zero.');
  if (p.explicitGrowth <= -1) return fail('invalid_parameter', 'explicit_growth', 'Growth of −100 % or less leaves no cash flow.');
  if (p.terminalGrowth <= -1) return fail('invalid_parameter', 'terminal_growth', 'Growth of −100 % or less leaves no cash flow.');
  if (p.discountRate - p.terminalGrowth < MIN_RATE_MINUS_GROWTH - RATE_EPSILON) {
    return fail(
      'invalid_parameter',
      'terminal_growth',
      `The discount rate (${formatPoints(p.discountRate)}) must exceed terminal growth (${formatPoints(p.terminalGrowth)}) by at least ${(MIN_RATE_MINUS_GROWTH * 100).toFixed(1)} percentage points: the Gordon value explodes as r − g nears zero.`,
    );
  }
  return ok(p);
}

/** Growth in projected year t (1-based): `explicitGrowth` through the explicit years, then fade year k of F at g + (gT − g)·k/(F + 1). */
function growthInYear(p: Pick<DcfParameters, 'explicitGrowth' | 'terminalGrowth' | 'explicitYears' | 'fadeYears'>, t: number): number {
  const k = t - p.explicitYears;
  return k <= 0 ? p.explicitGrowth : p.explicitGrowth + ((p.terminalGrowth - p.explicitGrowth) * k) / (p.fadeYears + 1);
}

/** Each projected year's growth, explicit years then fade years. */
export function projectGrowthPath(p: Pick<DcfParameters, 'explicitGrowth' | 'terminalGrowth' | 'explicitYears' | 'fadeYears'>): Float64Array {
  return Float64Array.from({ length: p.explicitYears + p.fadeYears }, (_, i) => growthInYear(p, i + 1));
}

interface Discounted {
  presentValueOfYearsUsd: number;
  nextFcfUsd: number;
  terminalValueUsd: number;
  discountFactor: number;
  terminalPvUsd: number;
  enterpriseValueUsd: number;
  netDebtUsd: number;
  equityValueUsd: number;
  perShareUsd: number;
}

/**
 * The valuation arithmetic on validated inputs, allocation-free unless `years` is given to receive the
 * table: the grid and the reverse DCF run it once per cell or bisection step.
 */
function discountValidated(c: ValidDcfCompany, p: DcfParameters, years: DcfYear[] | null): EngineResult<Discounted> {
  const horizon = p.explicitYears + p.fadeYears;
  let fcf = c.baseFcfUsd;
  let presentValueOfYearsUsd = 0;
  let discountFactor = 1;
  for (let t = 1; t <= horizon; t++) {
    const growth = growthInYear(p, t);
    fcf *= 1 + growth;
    discountFactor = (1 + p.discountRate) ** -t;
    const presentValueUsd = fcf * discountFactor;
    presentValueOfYearsUsd += presentValueUsd;
    years?.push({ year: t, stage: t <= p.explicitYears ? 'explicit' : 'fade', growth, fcfUsd: fcf, discountFactor, presentValueUsd });
  }
  const nextFcfUsd = fcf * (1 + p.terminalGrowth);
  const terminalValueUsd = nextFcfUsd / (p.discountRate - p.terminalGrowth);
  const terminalPvUsd = terminalValueUsd * discountFactor;
  const enterpriseValueUsd = presentValueOfYearsUsd + terminalPvUsd;
  const netDebtUsd = c.totalDebtUsd - c.cashUsd;
  const equityValueUsd = enterpriseValueUsd - netDebtUsd - c.nciUsd;
  const perShareUsd = equityValueUsd / c.sharesDiluted;
  if (!Number.isFinite(enterpriseValueUsd) || !Number.isFinite(perShareUsd)) {
    return fail('invalid_parameter', 'explicit_growth', 'The projection overflows: cash flow and growth are too large to value.');
  }
  return ok({
    presentValueOfYearsUsd,
    nextFcfUsd,
    terminalValueUsd,
    discountFactor,
    terminalPvUsd,
    enterpriseValueUsd,
    netDebtUsd,
    equityValueUsd,
    perShareUsd,
  });
}

/**
 * Enterprise value = Σ FCF_t / (1 + r)^t + [FCF_T (1 + gT) / (r − gT)] / (1 + r)^T; equity = EV − net debt − NCI;
 * per share = equity / diluted shares. Every intermediate is returned for the UI's table.
 */
export function computeDcf(company: DcfCompanyInputs, parameters: DcfParameters): EngineResult<DcfValuation> {
  const c = validateDcfCompany(company);
  if (!c.ok) return c;
  const p = validateDcfParameters(parameters);
  if (!p.ok) return p;
  const years: DcfYear[] = [];
  const d = discountValidated(c.value, p.value, years);
  if (!d.ok) return d;
  const v = d.value;
  const shareOfEnterpriseValue = v.terminalPvUsd / v.enterpriseValueUsd;
  const warnings: DcfWarning[] = [];
  if (shareOfEnterpriseValue > TERMINAL_SHARE_WARNING) {
    warnings.push({
      code: 'terminal_value_dominates',
      message: `The terminal value is ${formatPoints(shareOfEnterpriseValue)} of enterprise value (above ${formatPoints(TERMINAL_SHARE_WARNING)}): the result rests mostly on the years after the forecast.`,
    });
  }
  if (v.equityValueUsd <= 0) {
    warnings.push({
      code: 'negative_equity',
      message: 'Net debt and minority interests exceed the enterprise value: the equity is worth nothing on these assumptions.',
    });
  }
  const { priceUsd, totalDebtUsd, cashUsd, nciUsd, baseFcfUsd, sharesDiluted } = c.value;
  return ok({
    parameters: p.value,
    baseFcfUsd,
    years,
    presentValueOfYearsUsd: v.presentValueOfYearsUsd,
    terminal: {
      growth: p.value.terminalGrowth,
      nextFcfUsd: v.nextFcfUsd,
      valueUsd: v.terminalValueUsd,
      discountFactor: v.discountFactor,
      presentValueUsd: v.terminalPvUsd,
      shareOfEnterpriseValue,
    },
    enterpriseValueUsd: v.enterpriseValueUsd,
    bridge: { totalDebtUsd, cashUsd, netDebtUsd: v.netDebtUsd, nciUsd },
    equityValueUsd: v.equityValueUsd,
    sharesDiluted,
    perShareUsd: v.perShareUsd,
    priceUsd,
    upside: priceUsd === null ? null : v.perShareUsd / priceUsd - 1,
    warnings,
  });
}

/** Per-share value for inputs already validated with `validateDcfCompany`; parameters are checked here. */
export function computePerShareValue(company: ValidDcfCompany, parameters: DcfParameters): EngineResult<number> {
  const p = validateDcfParameters(parameters);
  if (!p.ok) return p;
  const d = discountValidated(company, p.value, null);
  return d.ok ? ok(d.value.perShareUsd) : d;
}
