import type { AnalysisInputs } from '../analysis-types.ts';
import { CAPM_DEFAULTS, DCF_PERIOD_DEFAULTS } from '../dcf/assumptions.ts';
import { extractDcfCompanyData } from '../dcf/company-inputs.ts';
import { type DcfGrowthHistory, type DcfPresetName, deriveDcfPresets, measureGrowthHistory } from '../dcf/presets.ts';
import { DCF_STUDIO_RULES, type DcfStudioField, type DcfStudioInputs } from '../dcf/studio.ts';
import { type DcfCompanyInputs, validateDcfCompany } from '../dcf/two-stage.ts';
import { type CostOfDebtBasis, computeWacc } from '../dcf/wacc.ts';
import { computeBetaCorrelation } from '../indicators/beta-correlation.ts';
import { type EngineResult, fail, ok } from '../result.ts';
import { buildCompanyView } from './company.ts';
import { toSeriesAsOf } from './price-series.ts';

/**
 * Blume's adjustment (Bloomberg's "adjusted beta"): 0.67 × the regression beta + 0.33 × 1. One year of
 * daily returns gives a noisy beta, and betas drift toward the market's 1 over time; unadjusted, a
 * defensive stock's near-zero beta would put its cost of equity near the risk-free rate and its DCF
 * inside the r − g guard.
 */
export const adjustBeta = (raw: number): number => 0.67 * raw + 0.33;

export interface DcfBeta {
  beta: number;
  /** `spy_1y_adjusted`: Blume-adjusted regression of a year of daily returns on SPY's; `default`: 1.0, the market's own (no daily bars). */
  basis: 'spy_1y_adjusted' | 'default';
  raw: number | null;
  /** The regression's window, when there was one. */
  from: string | null;
  to: string | null;
}

/** The company's beta against SPY over the year to the data day, Blume-adjusted; the market's 1.0 without daily bars. */
export function measureDcfBeta(inputs: AnalysisInputs): DcfBeta {
  const daily = toSeriesAsOf(inputs.daily, inputs.asOf, 'daily');
  const bench = toSeriesAsOf(inputs.benchmark, inputs.asOf, 'benchmark');
  const r = daily.ok && bench.ok ? computeBetaCorrelation(daily.value, bench.value) : null;
  if (!r?.ok) return { beta: CAPM_DEFAULTS.beta.value, basis: 'default', raw: null, from: null, to: null };
  return { beta: adjustBeta(r.value.beta), basis: 'spy_1y_adjusted', raw: r.value.beta, from: r.value.from, to: r.value.to };
}

/** Everything the DCF studio starts from for one company on its data day (the `GET /api/dcf/{symbol}/inputs` body, in camelCase). */
export interface DcfStudioSetup {
  symbol: string;
  asOf: string;
  priceUsd: number;
  priceDate: string;
  fiscalYear: number;
  fcfBasis: 'reported' | 'operating_cash_flow_minus_capex';
  company: DcfCompanyInputs & { baseFcfUsd: number; sharesDiluted: number; priceUsd: number };
  assumedZero: string[];
  beta: DcfBeta;
  costOfDebtBasis: CostOfDebtBasis;
  taxBasis: 'effective' | 'statutory' | 'user_input';
  /** Where the default risk-free rate and ERP come from, and their dates (the page shows them beside the inputs). */
  sources: Record<'risk_free_rate' | 'equity_risk_premium', { as_of: string; source: string }>;
  history: DcfGrowthHistory | null;
  /** The base preset: the studio opens on it. */
  defaults: DcfStudioInputs;
  presets: Record<DcfPresetName, DcfStudioInputs>;
}

const clampToRule = (field: DcfStudioField, v: number) => Math.min(DCF_STUDIO_RULES[field].max, Math.max(DCF_STUDIO_RULES[field].min, v));

/**
 * The company's figures (latest annual statements filed by the data day, that day's price), its
 * measured WACC inputs (beta vs SPY, cost of debt, tax rate, debt weight at market value of equity),
 * and the three presets from its growth record. Refuses what no DCF can value (no FCF, FCF ≤ 0, no shares).
 */
export function buildDcfStudioSetup(inputs: AnalysisInputs): EngineResult<DcfStudioSetup> {
  const view = buildCompanyView(inputs);
  if (!view.ok) return view;
  const { market, financials } = view.value;
  if (!market.ok) return market;
  const { priceUsd, priceDate } = market.value;
  const data = extractDcfCompanyData(financials);
  if (!data.ok) return data;
  const d = data.value;
  if (d.fcfBasis === 'missing')
    return fail(
      'missing_input',
      'free_cash_flow',
      `A DCF needs free cash flow, and ${inputs.symbol}'s latest annual report gives neither it nor operating cash flow and capex.`,
    );
  const company = validateDcfCompany({ ...d, priceUsd });
  if (!company.ok) return company;
  const beta = measureDcfBeta(inputs);
  const capm = { riskFreeRate: CAPM_DEFAULTS.riskFreeRate.value, equityRiskPremium: CAPM_DEFAULTS.equityRiskPremium.value, beta: beta.beta };
  const wacc = computeWacc({ ...d, priceUsd }, capm);
  if (!wacc.ok) return wacc;
  const w = wacc.value;
  // Measured figures outside the studio's rules (a beta of 6, debt at 97 % of capital) start at the rule's edge.
  const measured: DcfStudioInputs = {
    explicit_years: DCF_PERIOD_DEFAULTS.explicitYears,
    fade_years: DCF_PERIOD_DEFAULTS.fadeYears,
    explicit_growth: 0,
    terminal_growth: DCF_PERIOD_DEFAULTS.terminalGrowth,
    risk_free_rate: capm.riskFreeRate,
    equity_risk_premium: capm.equityRiskPremium,
    beta: clampToRule('beta', beta.beta),
    cost_of_debt: clampToRule('cost_of_debt', w.costOfDebt.rate),
    tax_rate: clampToRule('tax_rate', w.tax.rate),
    debt_weight: clampToRule('debt_weight', w.debtWeight),
  };
  const history = measureGrowthHistory(financials);
  const presets = deriveDcfPresets(history, measured);
  const { baseFcfUsd, sharesDiluted, totalDebtUsd, cashUsd, nciUsd } = company.value;
  return ok({
    symbol: inputs.symbol,
    asOf: inputs.asOf,
    priceUsd,
    priceDate,
    fiscalYear: d.fiscalYear,
    fcfBasis: d.fcfBasis,
    company: { baseFcfUsd, sharesDiluted, totalDebtUsd, cashUsd, nciUsd, priceUsd },
    assumedZero: d.assumedZero,
    beta,
    costOfDebtBasis: w.costOfDebt.basis,
    taxBasis: w.tax.basis,
    sources: {
      risk_free_rate: { as_of: CAPM_DEFAULTS.riskFreeRate.asOf, source: CAPM_DEFAULTS.riskFreeRate.source },
      equity_risk_premium: { as_of: CAPM_DEFAULTS.equityRiskPremium.asOf, source: CAPM_DEFAULTS.equityRiskPremium.source },
    },
    history,
    defaults: presets.base,
    presets,
  });
}
