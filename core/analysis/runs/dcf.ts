import type { AnalysisBody, AnalysisInputs, BuildOptions, FundamentalSubtype } from '../analysis-types.ts';
import { CAPM_DEFAULTS, DCF_GROWTH_RANGE } from '../dcf/assumptions.ts';
import type { DcfGrid } from '../dcf/grid.ts';
import type { ReverseDcfResult } from '../dcf/reverse-dcf.ts';
import type { DcfWarning, DcfYear } from '../dcf/two-stage.ts';
import { extractDcfCompanyData } from '../dcf/company-inputs.ts';
import { type DcfStudioInputs, runDcfStudio } from '../dcf/studio.ts';
import { type DcfReport, runDcfValuation } from '../dcf/valuation.ts';
import type { WaccBreakdown } from '../dcf/wacc.ts';
import type { CompanyFinancials } from '../financials.ts';
import { computeLineCagr } from '../fundamentals/growth-ratios.ts';
import { checkDcfSanity, type DcfSanityFlag } from '../dcf/sanity-check.ts';
import { type EngineResult, fail, ok } from '../result.ts';
import { attributeDcf } from '../attribution/dcf-attribution.ts';
import { putDriverFacts } from '../attribution/driver-facts.ts';
import { writeNote } from '../writer/index.ts';
import { buildCompanyView, findNewestFiling } from './company.ts';
import { measureDcfBeta } from './dcf-studio.ts';
import { FactSheet, type MissingFact } from './facts.ts';

/** Explicit-period growth comes from history, clamped (the range lives with the other DCF defaults). */
export { DCF_GROWTH_RANGE };

/** The histories tried for the default growth, in order: FCF before revenue, five years before three. */
const GROWTH_BASES = [
  ['free_cash_flow', 5],
  ['free_cash_flow', 3],
  ['revenue', 5],
  ['revenue', 3],
] as const;

export interface DcfAssumptions {
  /** Fraction a year, after clamping. */
  explicit_growth: number;
  /** The historical CAGR it came from (fraction), which line and over how many years; null basis = no history, 0 used. */
  growth_history: { line: 'free_cash_flow' | 'revenue'; years: number; cagr: number } | null;
  growth_clamped: boolean;
  beta: number;
  /** `spy_1y_adjusted`: Blume-adjusted regression of a year of daily returns on SPY's; `default`: 1.0, the market's own (no daily bars); `user_input`: the studio's. */
  beta_basis: 'spy_1y_adjusted' | 'default' | 'user_input';
  /** The regression beta before adjustment; null without daily bars. */
  raw_beta: number | null;
  risk_free_rate: { value: number; as_of: string; source: string };
  equity_risk_premium: { value: number; as_of: string; source: string };
  terminal_growth: number;
  explicit_years: number;
  fade_years: number;
}

export interface DcfSections {
  assumptions: DcfAssumptions;
  wacc: WaccBreakdown;
  /** Each projected year: growth, FCF, discount factor, present value. */
  years: DcfYear[];
  terminal: { value_usd: number; present_value_usd: number; share_of_enterprise_value: number };
  bridge: { enterprise_value_usd: number; total_debt_usd: number; cash_usd: number; nci_usd: number; equity_value_usd: number; shares_diluted: number };
  fair_value_per_share: number;
  price: number;
  reverse: ReverseDcfResult;
  /** Per-share value over WACC × terminal growth, the centre being the model's own pair. */
  grid: DcfGrid;
  /** Where the result sits outside the bands an analyst would accept, and the input that drives it (core/analysis/dcf/sanity-check.ts). */
  sanity: DcfSanityFlag[];
  /** The terminal-value warning (and a negative-equity one) in words. */
  warnings: DcfWarning[];
  /** Lines taken as 0 because not reported. */
  assumed_zero: string[];
  missing: MissingFact[];
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The studio's run in the shape of `runDcfValuation`'s report, its WACC as a breakdown whose debt and tax rates are the user's. */
function runWithStudioInputs(financials: CompanyFinancials, priceUsd: number, s: DcfStudioInputs): EngineResult<DcfReport> {
  const data = extractDcfCompanyData(financials);
  if (!data.ok) return data;
  const company = data.value;
  const run = runDcfStudio({ ...company, priceUsd }, s);
  if (!run.ok) return run;
  const { wacc: w, valuation, reverse, grid } = run.value;
  const wacc: WaccBreakdown = {
    capm: { riskFreeRate: s.risk_free_rate, equityRiskPremium: s.equity_risk_premium, beta: s.beta },
    costOfEquity: w.costOfEquity,
    costOfDebt: { rate: s.cost_of_debt, basis: 'user_input', measured: null },
    tax: { rate: s.tax_rate, basis: 'user_input', measured: null },
    costOfDebtAfterTax: w.costOfDebtAfterTax,
    marketCapUsd: priceUsd * (company.sharesDiluted ?? 0),
    totalDebtUsd: company.totalDebtUsd,
    equityWeight: w.equityWeight,
    debtWeight: w.debtWeight,
    wacc: w.wacc,
  };
  // A price is always given here, so the reverse DCF always ran.
  return ok({ company, wacc, valuation, reverse: reverse!, grid });
}

export { adjustBeta } from './dcf-studio.ts';

/**
 * A two-stage DCF on the statements filed by the data day at that day's price: growth from history
 * (clamped), beta against SPY when daily bars exist, CAPM defaults for the rest. When the discount rate
 * ends up within 1.5 points of terminal growth the engine's refusal is returned as is: it says why.
 */
/**
 * With `options.dcfInputs` (the studio's "Save with a written note"), every assumption is the user's:
 * the WACC comes from their CAPM and debt inputs rather than the statements, through the same
 * `runDcfStudio` the page runs.
 */
export function buildDcf(
  inputs: AnalysisInputs,
  _subtype: FundamentalSubtype | null = null,
  options: BuildOptions = {},
): EngineResult<AnalysisBody<DcfSections>> {
  const viewResult = buildCompanyView(inputs);
  if (!viewResult.ok) return viewResult;
  const view = viewResult.value;
  if (!view.market.ok) return view.market;
  const { priceUsd, priceDate } = view.market.value;

  let growthHistory: DcfAssumptions['growth_history'] = null;
  for (const [line, years] of GROWTH_BASES) {
    const g = computeLineCagr(view.financials, line, years);
    if (g.ok) {
      growthHistory = { line, years, cagr: g.value };
      break;
    }
  }
  const user = options.dcfInputs ?? null;
  const rawGrowth = user ? user.explicit_growth : (growthHistory?.cagr ?? 0);
  const explicitGrowth = user ? user.explicit_growth : clamp(rawGrowth, DCF_GROWTH_RANGE.min, DCF_GROWTH_RANGE.max);

  const measuredBeta = measureDcfBeta(inputs);
  const regression = user ? null : measuredBeta.basis === 'spy_1y_adjusted' ? measuredBeta : null;
  const beta = user ? user.beta : measuredBeta.beta;
  const betaBasis: DcfAssumptions['beta_basis'] = user ? 'user_input' : measuredBeta.basis;
  const riskFree = user ? { ...CAPM_DEFAULTS.riskFreeRate, value: user.risk_free_rate, source: 'your input' } : CAPM_DEFAULTS.riskFreeRate;
  const erp = user ? { ...CAPM_DEFAULTS.equityRiskPremium, value: user.equity_risk_premium, source: 'your input' } : CAPM_DEFAULTS.equityRiskPremium;

  const report = user ? runWithStudioInputs(view.financials, priceUsd, user) : runDcfValuation(view.financials, { priceUsd, explicitGrowth, capm: { beta } });
  if (!report.ok) {
    const e = report.error;
    // The page and the 422 show this message: say it in words, not as a line key.
    if (e.code === 'missing_input' && e.input === 'free_cash_flow')
      return fail(
        e.code,
        e.input,
        `A DCF needs free cash flow, and ${inputs.symbol}'s latest annual report filed by ${inputs.asOf} gives neither it nor operating cash flow and capex.`,
      );
    return report;
  }
  const { valuation: v, wacc, reverse, grid, company } = report.value;

  const sheet = new FactSheet();
  const filed = findNewestFiling(view.latest);
  const asOf = filed > priceDate ? filed : priceDate;
  const model = { period: `FY${company.fiscalYear} base, price of ${priceDate}`, source: 'computed', as_of: asOf };
  const assumption = (as_of: string) => ({ period: 'assumption', source: 'computed', as_of });
  sheet.put('fair_value_per_share', v.perShareUsd, model);
  sheet.put('price', priceUsd, { period: priceDate, source: inputs.daily?.source ?? 'computed', as_of: priceDate });
  sheet.put('upside_percent', v.upside, model, { scale: 100 });
  sheet.put('wacc', wacc.wacc, model, { scale: 100 });
  sheet.put('terminal_growth', v.terminal.growth, assumption(asOf), { scale: 100 });
  sheet.put('explicit_growth', explicitGrowth, assumption(filed), {
    scale: 100,
    label: user ? 'FCF growth, explicit years (your input)' : 'FCF growth, explicit years',
  });
  // With the studio's inputs the growth is the user's, not history's: the note must not call it capped or derived.
  if (user) sheet.skip('growth_history', 'the growth typed in the DCF studio was used instead', 'Historical growth');
  else if (growthHistory) {
    const label = `${growthHistory.years}-year ${growthHistory.line === 'free_cash_flow' ? 'free cash flow' : 'revenue'} CAGR`;
    sheet.put(
      'growth_history',
      growthHistory.cagr,
      { period: `${growthHistory.years}y to FY${company.fiscalYear}`, source: 'computed', as_of: filed },
      { scale: 100, label: label },
    );
  } else sheet.skip('growth_history', 'neither free cash flow nor revenue has three years of history; 0 % assumed', 'Historical growth');
  const betaOrigin = regression
    ? { period: `${regression.from} to ${regression.to}`, source: 'computed', as_of: regression.to! }
    : assumption(user ? asOf : CAPM_DEFAULTS.beta.asOf);
  const betaLabel = user ? 'Beta (your input)' : regression ? 'Beta vs SPY (S&P 500), 1 year, Blume-adjusted' : 'Beta (market default: no daily prices)';
  sheet.put('beta', beta, betaOrigin, { label: betaLabel });
  if (regression) sheet.put('raw_beta', regression.raw!, betaOrigin);
  sheet.put('cost_of_equity', wacc.costOfEquity, model, { scale: 100 });
  sheet.put('risk_free_rate', riskFree.value, assumption(riskFree.asOf), { scale: 100 });
  sheet.put('equity_risk_premium', erp.value, assumption(erp.asOf), { scale: 100 });
  sheet.put(
    'base_fcf',
    v.baseFcfUsd,
    {
      period: `FY${company.fiscalYear}`,
      source: 'computed',
      as_of: filed,
    },
    { label: `Free cash flow, FY${company.fiscalYear}` },
  );
  sheet.put('enterprise_value_dcf', v.enterpriseValueUsd, model);
  sheet.put('terminal_value_share', v.terminal.shareOfEnterpriseValue, model, { scale: 100 });
  if (reverse.status === 'solved') sheet.put('implied_growth', reverse.impliedGrowth, model, { scale: 100 });
  else
    sheet.skip(
      'implied_growth',
      reverse.side === 'price_below_bracket' ? 'the price is below the value at any growth searched' : 'the price is above the value at any growth searched',
    );

  const sections: DcfSections = {
    assumptions: {
      explicit_growth: explicitGrowth,
      growth_history: growthHistory,
      growth_clamped: explicitGrowth !== rawGrowth,
      beta,
      beta_basis: betaBasis,
      raw_beta: regression ? regression.raw : null,
      risk_free_rate: { value: riskFree.value, as_of: riskFree.asOf, source: riskFree.source },
      equity_risk_premium: { value: erp.value, as_of: erp.asOf, source: erp.source },
      terminal_growth: v.terminal.growth,
      explicit_years: v.parameters.explicitYears,
      fade_years: v.parameters.fadeYears,
    },
    wacc,
    years: v.years,
    terminal: { value_usd: v.terminal.valueUsd, present_value_usd: v.terminal.presentValueUsd, share_of_enterprise_value: v.terminal.shareOfEnterpriseValue },
    bridge: {
      enterprise_value_usd: v.enterpriseValueUsd,
      total_debt_usd: v.bridge.totalDebtUsd,
      cash_usd: v.bridge.cashUsd,
      nci_usd: v.bridge.nciUsd,
      equity_value_usd: v.equityValueUsd,
      shares_diluted: v.sharesDiluted,
    },
    fair_value_per_share: v.perShareUsd,
    price: priceUsd,
    reverse,
    grid,
    warnings: v.warnings,
    sanity: checkDcfSanity({
      financials: view.financials,
      baseFcfUsd: v.baseFcfUsd,
      perShareUsd: v.perShareUsd,
      priceUsd,
      wacc: wacc.wacc,
      terminalShare: v.terminal.shareOfEnterpriseValue,
      explicitGrowth,
      growthClamped: explicitGrowth !== rawGrowth,
      financial: view.companyClass === 'bank' || view.companyClass === 'insurer',
    }),
    assumed_zero: company.assumedZero,
    missing: sheet.missing,
  };
  const attribution = [attributeDcf(v)];
  putDriverFacts(sheet, attribution);
  const caution = sections.sanity[0] ? `Read with care: ${sections.sanity[0].message}` : undefined;
  const note = writeNote('dcf', null, sheet.facts, { symbol: inputs.symbol, name: inputs.profile.name, attribution, ...(caution ? { caution } : {}) });
  return ok({ kind: 'dcf', subtype: null, symbol: inputs.symbol, as_of: inputs.asOf, facts: sheet.facts, note, sections, attribution });
}
