import type { AnalysisBody, AnalysisInputs, FundamentalSubtype } from '../analysis-types.ts';
import { CAPM_DEFAULTS } from '../dcf/assumptions.ts';
import type { DcfGrid } from '../dcf/grid.ts';
import type { ReverseDcfResult } from '../dcf/reverse-dcf.ts';
import type { DcfWarning, DcfYear } from '../dcf/two-stage.ts';
import { runDcfValuation } from '../dcf/valuation.ts';
import type { WaccBreakdown } from '../dcf/wacc.ts';
import { computeLineCagr } from '../fundamentals/growth-ratios.ts';
import { computeBetaCorrelation } from '../indicators/beta-correlation.ts';
import { type EngineResult, fail, ok } from '../result.ts';
import { writeNote } from '../writer/index.ts';
import { buildCompanyView, findNewestFiling } from './company.ts';
import { FactSheet, type MissingFact } from './facts.ts';
import { toSeriesAsOf } from './price-series.ts';

/**
 * Explicit-period growth comes from history, clamped: no company is assumed to grow free cash flow
 * faster than 15 % a year for five years, or to shrink it faster than 5 % a year.
 */
export const DCF_GROWTH_RANGE = { min: -0.05, max: 0.15 } as const;

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
  /** `spy_1y_adjusted`: Blume-adjusted regression of a year of daily returns on SPY's; `default`: 1.0, the market's own (no daily bars). */
  beta_basis: 'spy_1y_adjusted' | 'default';
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
  /** The terminal-value warning (and a negative-equity one) in words. */
  warnings: DcfWarning[];
  /** Lines taken as 0 because not reported. */
  assumed_zero: string[];
  missing: MissingFact[];
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * Blume's adjustment (Bloomberg's "adjusted beta"): 0.67 × the regression beta + 0.33 × 1. One year of
 * daily returns gives a noisy beta, and betas drift toward the market's 1 over time; unadjusted, a
 * defensive stock's near-zero beta would put its cost of equity near the risk-free rate and its DCF
 * inside the r − g guard.
 */
export const adjustBeta = (raw: number): number => 0.67 * raw + 0.33;

/**
 * A two-stage DCF on the statements filed by the data day at that day's price: growth from history
 * (clamped), beta against SPY when daily bars exist, CAPM defaults for the rest. When the discount rate
 * ends up within 1.5 points of terminal growth the engine's refusal is returned as is: it says why.
 */
export function buildDcf(inputs: AnalysisInputs, _subtype: FundamentalSubtype | null = null): EngineResult<AnalysisBody<DcfSections>> {
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
  const rawGrowth = growthHistory?.cagr ?? 0;
  const explicitGrowth = clamp(rawGrowth, DCF_GROWTH_RANGE.min, DCF_GROWTH_RANGE.max);

  const daily = toSeriesAsOf(inputs.daily, inputs.asOf, 'daily');
  const bench = toSeriesAsOf(inputs.benchmark, inputs.asOf, 'benchmark');
  const regression = daily.ok && bench.ok ? computeBetaCorrelation(daily.value, bench.value) : null;
  const beta = regression?.ok ? adjustBeta(regression.value.beta) : CAPM_DEFAULTS.beta.value;
  const betaBasis = regression?.ok ? 'spy_1y_adjusted' : 'default';

  const report = runDcfValuation(view.financials, { priceUsd, explicitGrowth, capm: { beta } });
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
  sheet.put('fair_value_per_share', 'Fair value per share (DCF)', v.perShareUsd, 'usd_per_share', model);
  sheet.put('price', 'Price', priceUsd, 'usd_per_share', { period: priceDate, source: inputs.daily?.source ?? 'computed', as_of: priceDate });
  sheet.put('upside_percent', 'Upside to fair value', v.upside, 'percent', model, 100);
  sheet.put('wacc', 'WACC (discount rate)', wacc.wacc, 'percent', model, 100);
  sheet.put('terminal_growth', 'Terminal growth', v.terminal.growth, 'percent', assumption(asOf), 100);
  sheet.put('explicit_growth', 'FCF growth, explicit years', explicitGrowth, 'percent', assumption(filed), 100);
  if (growthHistory) {
    const label = `${growthHistory.years}-year ${growthHistory.line === 'free_cash_flow' ? 'free cash flow' : 'revenue'} CAGR`;
    sheet.put(
      'growth_history',
      label,
      growthHistory.cagr,
      'percent',
      { period: `${growthHistory.years}y to FY${company.fiscalYear}`, source: 'computed', as_of: filed },
      100,
    );
  } else sheet.skip('growth_history', 'Historical growth', 'neither free cash flow nor revenue has three years of history; 0 % assumed');
  const betaOrigin = regression?.ok
    ? { period: `${regression.value.from} to ${regression.value.to}`, source: 'computed', as_of: regression.value.to }
    : assumption(CAPM_DEFAULTS.beta.asOf);
  sheet.put('beta', regression?.ok ? 'Beta vs SPY (S&P 500), 1 year, Blume-adjusted' : 'Beta (market default: no daily prices)', beta, 'ratio', betaOrigin);
  if (regression?.ok) sheet.put('raw_beta', 'Beta vs SPY (S&P 500), 1 year, unadjusted', regression.value.beta, 'ratio', betaOrigin);
  sheet.put('cost_of_equity', 'Cost of equity (CAPM)', wacc.costOfEquity, 'percent', model, 100);
  sheet.put(
    'risk_free_rate',
    'Risk-free rate (10-year Treasury)',
    CAPM_DEFAULTS.riskFreeRate.value,
    'percent',
    assumption(CAPM_DEFAULTS.riskFreeRate.asOf),
    100,
  );
  sheet.put(
    'equity_risk_premium',
    'Equity risk premium',
    CAPM_DEFAULTS.equityRiskPremium.value,
    'percent',
    assumption(CAPM_DEFAULTS.equityRiskPremium.asOf),
    100,
  );
  sheet.put('base_fcf', `Free cash flow, FY${company.fiscalYear}`, v.baseFcfUsd, 'usd', {
    period: `FY${company.fiscalYear}`,
    source: 'computed',
    as_of: filed,
  });
  sheet.put('enterprise_value_dcf', 'Enterprise value (DCF)', v.enterpriseValueUsd, 'usd', model);
  sheet.put('terminal_value_share', 'Terminal value share of enterprise value', v.terminal.shareOfEnterpriseValue, 'percent', model, 100);
  if (reverse.status === 'solved') sheet.put('implied_growth', 'FCF growth the price implies', reverse.impliedGrowth, 'percent', model, 100);
  else
    sheet.skip(
      'implied_growth',
      'FCF growth the price implies',
      reverse.side === 'price_below_bracket' ? 'the price is below the value at any growth searched' : 'the price is above the value at any growth searched',
    );

  const sections: DcfSections = {
    assumptions: {
      explicit_growth: explicitGrowth,
      growth_history: growthHistory,
      growth_clamped: explicitGrowth !== rawGrowth,
      beta,
      beta_basis: betaBasis,
      raw_beta: regression?.ok ? regression.value.beta : null,
      risk_free_rate: { value: CAPM_DEFAULTS.riskFreeRate.value, as_of: CAPM_DEFAULTS.riskFreeRate.asOf, source: CAPM_DEFAULTS.riskFreeRate.source },
      equity_risk_premium: {
        value: CAPM_DEFAULTS.equityRiskPremium.value,
        as_of: CAPM_DEFAULTS.equityRiskPremium.asOf,
        source: CAPM_DEFAULTS.equityRiskPremium.source,
      },
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
    assumed_zero: company.assumedZero,
    missing: sheet.missing,
  };
  const note = writeNote('dcf', null, sheet.facts, { symbol: inputs.symbol, name: inputs.profile.name });
  return ok({ kind: 'dcf', subtype: null, symbol: inputs.symbol, as_of: inputs.asOf, facts: sheet.facts, note, sections });
}
