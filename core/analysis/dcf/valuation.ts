import type { CompanyFinancials } from '../financials.ts';
import { type EngineResult, ok } from '../result.ts';
import { CAPM_DEFAULTS, DCF_PERIOD_DEFAULTS } from './assumptions.ts';
import { type DcfCompanyData, extractDcfCompanyData } from './company-inputs.ts';
import { buildDcfGrid, buildRateAxis, type DcfGrid } from './grid.ts';
import { type ReverseDcfResult, solveImpliedGrowth } from './reverse-dcf.ts';
import { computeDcf, type DcfCompanyInputs, type DcfValuation } from './two-stage.ts';
import { type CapmAssumptions, computeWacc, type WaccBreakdown } from './wacc.ts';

/** Rates are fractions; anything left out takes its default from assumptions.ts. */
interface DcfOptions {
  priceUsd: number;
  /** Growth of free cash flow in each explicit year (the user's view; no default). */
  explicitGrowth: number;
  capm?: Partial<CapmAssumptions>;
  terminalGrowth?: number;
  explicitYears?: number;
  fadeYears?: number;
  /** Grid: 10 × 10 around the WACC and terminal growth, 0.5 points apart, unless given. */
  grid?: { count?: number; discountRateStep?: number; terminalGrowthStep?: number };
}

export interface DcfReport {
  company: DcfCompanyData;
  wacc: WaccBreakdown;
  valuation: DcfValuation;
  reverse: ReverseDcfResult;
  grid: DcfGrid;
}

/** Statements and price → WACC → two-stage DCF, with the reverse DCF and the sensitivity grid on the same inputs. */
export function runDcfValuation(financials: CompanyFinancials, options: DcfOptions): EngineResult<DcfReport> {
  const company = extractDcfCompanyData(financials);
  if (!company.ok) return company;
  const d = company.value;
  const capm: CapmAssumptions = {
    riskFreeRate: options.capm?.riskFreeRate ?? CAPM_DEFAULTS.riskFreeRate.value,
    equityRiskPremium: options.capm?.equityRiskPremium ?? CAPM_DEFAULTS.equityRiskPremium.value,
    beta: options.capm?.beta ?? CAPM_DEFAULTS.beta.value,
  };
  const wacc = computeWacc({ ...d, priceUsd: options.priceUsd }, capm);
  if (!wacc.ok) return wacc;

  const inputs: DcfCompanyInputs = { ...d, priceUsd: options.priceUsd };
  const periods = {
    explicitYears: options.explicitYears ?? DCF_PERIOD_DEFAULTS.explicitYears,
    fadeYears: options.fadeYears ?? DCF_PERIOD_DEFAULTS.fadeYears,
  };
  const terminalGrowth = options.terminalGrowth ?? DCF_PERIOD_DEFAULTS.terminalGrowth;
  const discountRate = wacc.value.wacc;
  const valuation = computeDcf(inputs, { ...periods, discountRate, terminalGrowth, explicitGrowth: options.explicitGrowth });
  if (!valuation.ok) return valuation;
  const reverse = solveImpliedGrowth(inputs, { ...periods, discountRate, terminalGrowth });
  if (!reverse.ok) return reverse;
  const count = options.grid?.count ?? 10;
  const grid = buildDcfGrid(
    inputs,
    { ...periods, explicitGrowth: options.explicitGrowth },
    {
      discountRates: buildRateAxis(discountRate, options.grid?.discountRateStep ?? 0.005, count),
      terminalGrowths: buildRateAxis(terminalGrowth, options.grid?.terminalGrowthStep ?? 0.005, count),
    },
  );
  if (!grid.ok) return grid;
  return ok({ company: d, wacc: wacc.value, valuation: valuation.value, reverse: reverse.value, grid: grid.value });
}
