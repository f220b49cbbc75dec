import type { AnalysisInputs } from '../analysis-types.ts';
import { DCF_PERIOD_DEFAULTS, selectCapmPair } from '../dcf/assumptions.ts';
import { extractDcfCompanyData } from '../dcf/company-inputs.ts';
import { type DcfGrowthHistory, type DcfPresetName, measureGrowthHistory } from '../dcf/presets.ts';
import { DCF_STUDIO_RULES, type DcfStudioField, type DcfStudioInputs } from '../dcf/studio.ts';
import { computeDcf, type DcfCompanyInputs, validateDcfCompany } from '../dcf/two-stage.ts';
import type { CostOfDebtBasis } from '../dcf/wacc.ts';
import { adjustBlume } from '../valuation/beta.ts';
import { MODEL_LABELS, type ValuationModel, valueCompany } from '../valuation/value-company.ts';
import { type EngineResult, fail, ok } from '../result.ts';
import { buildCompanyView } from './company.ts';
import { toValuationContext } from './valuation-context.ts';

/** Blume's adjustment (Bloomberg's "adjusted beta"): 0.67 × the regression beta + 0.33 × 1 (core/analysis/valuation/beta.ts). */
export const adjustBeta = adjustBlume;

interface DcfBeta {
  beta: number;
  /** `calibrated`: the valuation's beta (own weekly or monthly, Blume-adjusted, averaged with the sector's bottom-up beta, floored). */
  basis: 'calibrated';
  /** How it was reached, in words. */
  description: string;
  /** The company's own regression beta before adjustment; null without enough price history. */
  raw: number | null;
  /** The regression's window, when there was one. */
  from: string | null;
  to: string | null;
}

/** Everything the DCF studio starts from for one company on its data day (the `GET /api/dcf/{symbol}/inputs` body, in camelCase). */
export interface DcfStudioSetup {
  symbol: string;
  asOf: string;
  priceUsd: number;
  priceDate: string;
  fiscalYear: number;
  /**
   * What the base cash flow is: reported or derived free cash flow (one year), normalised over the cycle,
   * the equivalent of the revenue-built projection, AFFO (REITs) or dividends (utilities and steady payers).
   */
  fcfBasis: 'reported' | 'operating_cash_flow_minus_capex' | 'average_fcf_margin' | 'built_from_revenue' | 'affo' | 'dividends';
  /** The valuation model the analysis uses for this company, and why. */
  model: { key: ValuationModel; label: string; reason: string };
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
 * The studio starts from the analysis's own valuation (one value, issue 30): the same calibrated beta,
 * cost of debt and tax, the same base cash flow and the same bear/base/bull growth as its presets. Its
 * base preset reproduces the model's value: for a company whose cash flow is built year by year from
 * revenue, the base is the one cash flow that, grown on the base path, gives the same enterprise value.
 * Equity models (REITs on AFFO, payers on dividends) start with no debt bridge and a debt weight of 0,
 * so the discount rate is the cost of equity. Banks and insurers are valued on book value, which the
 * studio's cash-flow model does not express: refused with the reason, as is what no model can value.
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
  const pair = selectCapmPair(inputs.capm);
  const valued = valueCompany(toValuationContext(inputs, view.value, d, priceUsd));
  if (!valued.ok) return valued;
  const c = valued.value;
  if (c.model === 'justified_pb' || !c.dcf)
    return fail(
      'not_applicable',
      'model',
      `${inputs.symbol} is valued on its equity (justified price-to-book), which the studio's cash-flow model does not express: run the DCF analysis to see its valuation.`,
    );
  const equityFlow = c.model !== 'fcff';
  const periods = { explicitYears: DCF_PERIOD_DEFAULTS.explicitYears, fadeYears: DCF_PERIOD_DEFAULTS.fadeYears };
  let baseFcfUsd = c.dcf.baseFcfUsd;
  if (c.revenueBuilt) {
    // Enterprise value is linear in the base cash flow: scale a unit base's value to the model's.
    const unit = computeDcf(
      { baseFcfUsd: 1, sharesDiluted: 1, totalDebtUsd: 0, cashUsd: 0, nciUsd: 0, priceUsd: null },
      { ...periods, discountRate: c.wacc.wacc, explicitGrowth: c.explicitGrowth, terminalGrowth: c.terminalGrowth },
    );
    if (!unit.ok) return unit;
    baseFcfUsd = c.dcf.enterpriseValueUsd / unit.value.enterpriseValueUsd;
  }
  const company = validateDcfCompany(
    equityFlow ? { baseFcfUsd, sharesDiluted: d.sharesDiluted, totalDebtUsd: 0, cashUsd: 0, nciUsd: 0, priceUsd } : { ...d, baseFcfUsd, priceUsd },
  );
  if (!company.ok) return company;
  const w = c.wacc;
  // Measured figures outside the studio's rules (a beta of 6, debt at 97 % of capital) start at the rule's edge.
  const measured: DcfStudioInputs = {
    explicit_years: periods.explicitYears,
    fade_years: periods.fadeYears,
    explicit_growth: c.explicitGrowth,
    terminal_growth: c.terminalGrowth,
    risk_free_rate: c.riskFreeRate,
    equity_risk_premium: c.equityRiskPremium,
    beta: clampToRule('beta', c.beta.beta),
    cost_of_debt: clampToRule('cost_of_debt', equityFlow ? c.riskFreeRate : w.costOfDebt.rate),
    tax_rate: clampToRule('tax_rate', w.tax.rate),
    debt_weight: clampToRule('debt_weight', equityFlow ? 0 : w.debtWeight),
  };
  const history = measureGrowthHistory(financials);
  const at = (name: 'bear' | 'base' | 'bull') => c.scenarios.find((s) => s.name === name)!;
  const presetOf = (name: 'bear' | 'base' | 'bull'): DcfStudioInputs => ({
    ...measured,
    explicit_growth: clampToRule('explicit_growth', at(name).growth),
    terminal_growth: clampToRule('terminal_growth', at(name).terminalGrowth),
  });
  const presets = { conservative: presetOf('bear'), base: presetOf('base'), optimistic: presetOf('bull') };
  const own = c.beta.own;
  const { sharesDiluted, totalDebtUsd, cashUsd, nciUsd } = company.value;
  return ok({
    symbol: inputs.symbol,
    asOf: inputs.asOf,
    priceUsd,
    priceDate,
    fiscalYear: d.fiscalYear,
    fcfBasis:
      c.model === 'affo'
        ? 'affo'
        : c.model === 'ddm'
          ? 'dividends'
          : c.base?.method === 'nopat_minus_reinvestment'
            ? 'built_from_revenue'
            : c.base?.method === 'average_fcf_margin'
              ? 'average_fcf_margin'
              : d.fcfBasis === 'operating_cash_flow_minus_capex'
                ? 'operating_cash_flow_minus_capex'
                : 'reported',
    model: { key: c.model, label: MODEL_LABELS[c.model], reason: c.modelReason },
    company: { baseFcfUsd: company.value.baseFcfUsd, sharesDiluted, totalDebtUsd, cashUsd, nciUsd, priceUsd },
    assumedZero: equityFlow ? [] : d.assumedZero,
    beta: { beta: c.beta.beta, basis: 'calibrated', description: c.beta.basis, raw: own?.raw ?? null, from: own?.from ?? null, to: own?.to ?? null },
    costOfDebtBasis: equityFlow ? 'user_input' : w.costOfDebt.basis,
    taxBasis: w.tax.basis,
    sources: {
      risk_free_rate: { as_of: pair.riskFreeRate.asOf, source: pair.riskFreeRate.source },
      equity_risk_premium: { as_of: pair.equityRiskPremium.asOf, source: pair.equityRiskPremium.source },
    },
    history,
    defaults: presets.base,
    presets,
  });
}
