import { type EngineResult, fail, ok } from '../result.ts';
import { MIN_RATE_MINUS_GROWTH, RATE_EPSILON } from './assumptions.ts';
import { formatPoints } from './checks.ts';
import { buildDcfGrid, buildRateAxis, type DcfGrid } from './grid.ts';
import { type ReverseDcfResult, solveImpliedGrowth } from './reverse-dcf.ts';
import { computeDcf, type DcfCompanyInputs, type DcfValuation } from './two-stage.ts';

/**
 * The DCF studio: every assumption a user can edit, in the one shape the page, the API, saved
 * valuations and the DCF analysis share (snake_case, as on the wire). The browser and the server run
 * `runDcfStudio` on it, so the same inputs give the same value on both. Rates are fractions.
 */
export interface DcfStudioInputs {
  explicit_years: number;
  /** Years over which growth steps from `explicit_growth` to `terminal_growth`. */
  fade_years: number;
  /** Free-cash-flow growth each explicit year. */
  explicit_growth: number;
  terminal_growth: number;
  risk_free_rate: number;
  equity_risk_premium: number;
  beta: number;
  /** Pre-tax. */
  cost_of_debt: number;
  tax_rate: number;
  /** D / (D + E); the equity weight is 1 − this. */
  debt_weight: number;
}

export type DcfStudioField = keyof DcfStudioInputs;

interface FieldRule {
  label: string;
  min: number;
  max: number;
  /** Whole numbers only (years). */
  whole?: boolean;
  /** Shown in percent in messages. */
  percent?: boolean;
}

/**
 * What each input may be. Wide enough for any view a user can defend, narrow enough that nothing
 * explodes: growth within the reverse DCF's bracket, 20 + 20 years at most (beyond that the cash flows
 * are noise discounted to nothing), rates a real economy has seen.
 */
export const DCF_STUDIO_RULES: Record<DcfStudioField, FieldRule> = {
  explicit_years: { label: 'Explicit years', min: 1, max: 20, whole: true },
  fade_years: { label: 'Fade years', min: 0, max: 20, whole: true },
  explicit_growth: { label: 'FCF growth, explicit years', min: -0.5, max: 1, percent: true },
  terminal_growth: { label: 'Terminal growth', min: -0.05, max: 0.06, percent: true },
  risk_free_rate: { label: 'Risk-free rate', min: -0.02, max: 0.2, percent: true },
  equity_risk_premium: { label: 'Equity risk premium', min: 0, max: 0.2, percent: true },
  beta: { label: 'Beta', min: -2, max: 5 },
  cost_of_debt: { label: 'Cost of debt (pre-tax)', min: 0, max: 0.3, percent: true },
  tax_rate: { label: 'Tax rate', min: 0, max: 0.5, percent: true },
  debt_weight: { label: 'Debt weight', min: 0, max: 0.95, percent: true },
};

export const dcfStudioFields = Object.keys(DCF_STUDIO_RULES) as DcfStudioField[];

/** Grid around the studio's own WACC and terminal growth: 7 × 7 at 0.5-point steps fits a phone. */
const DCF_STUDIO_GRID = { count: 7, step: 0.005 } as const;

const show = (rule: FieldRule, v: number) => (rule.percent ? formatPoints(v) : String(v));

/** The inputs when every field is a finite number within its rule; else the first field at fault, named. */
export function validateDcfStudioInputs(inputs: DcfStudioInputs): EngineResult<DcfStudioInputs> {
  for (const field of dcfStudioFields) {
    const rule = DCF_STUDIO_RULES[field];
    const v = inputs[field];
    if (typeof v !== 'number' || !Number.isFinite(v)) return fail('invalid_value', field, `${rule.label} must be a number.`);
    if (rule.whole && !Number.isInteger(v)) return fail('invalid_parameter', field, `${rule.label} must be a whole number from ${rule.min} to ${rule.max}.`);
    if (v < rule.min || v > rule.max)
      return fail('invalid_parameter', field, `${rule.label} must be from ${show(rule, rule.min)} to ${show(rule, rule.max)}; got ${show(rule, v)}.`);
  }
  return ok(inputs);
}

interface DcfStudioWacc {
  costOfEquity: number;
  costOfDebtAfterTax: number;
  equityWeight: number;
  debtWeight: number;
  wacc: number;
}

/** CAPM cost of equity r_f + β × ERP, blended with r_d × (1 − t): WACC = (1 − w_D) × r_e + w_D × r_d × (1 − t). */
export function computeStudioWacc(i: DcfStudioInputs): DcfStudioWacc {
  const costOfEquity = i.risk_free_rate + i.beta * i.equity_risk_premium;
  const costOfDebtAfterTax = i.cost_of_debt * (1 - i.tax_rate);
  const equityWeight = 1 - i.debt_weight;
  return { costOfEquity, costOfDebtAfterTax, equityWeight, debtWeight: i.debt_weight, wacc: equityWeight * costOfEquity + i.debt_weight * costOfDebtAfterTax };
}

export interface DcfStudioResult {
  inputs: DcfStudioInputs;
  wacc: DcfStudioWacc;
  valuation: DcfValuation;
  reverse: ReverseDcfResult | null;
  grid: DcfGrid;
}

/**
 * Everything about the inputs that needs no company: each field within its rule, a WACC above zero
 * (`wacc`), and terminal growth at least 1.5 points below it (`terminal_growth`). The API checks this
 * before anything is charged or stored.
 */
export function checkDcfStudioAssumptions(raw: DcfStudioInputs): EngineResult<{ inputs: DcfStudioInputs; wacc: DcfStudioWacc }> {
  const checked = validateDcfStudioInputs(raw);
  if (!checked.ok) return checked;
  const inputs = checked.value;
  const wacc = computeStudioWacc(inputs);
  if (!(wacc.wacc > 0)) return fail('invalid_parameter', 'wacc', `These inputs give a WACC of ${formatPoints(wacc.wacc)}: a discount rate must be above zero.`);
  if (wacc.wacc - inputs.terminal_growth < MIN_RATE_MINUS_GROWTH - RATE_EPSILON) {
    return fail(
      'invalid_parameter',
      'terminal_growth',
      `Terminal growth (${formatPoints(inputs.terminal_growth)}) must stay at least ${(MIN_RATE_MINUS_GROWTH * 100).toFixed(1)} points below the WACC (${formatPoints(wacc.wacc)}): the terminal value explodes as they meet.`,
    );
  }
  return ok({ inputs, wacc });
}

/** Inputs → WACC → two-stage DCF, reverse DCF (when there is a price) and the WACC × terminal growth grid; refusals as `checkDcfStudioAssumptions`. */
export function runDcfStudio(company: DcfCompanyInputs, raw: DcfStudioInputs): EngineResult<DcfStudioResult> {
  const checked = checkDcfStudioAssumptions(raw);
  if (!checked.ok) return checked;
  const { inputs, wacc } = checked.value;
  const periods = { explicitYears: inputs.explicit_years, fadeYears: inputs.fade_years };
  const valuation = computeDcf(company, {
    ...periods,
    discountRate: wacc.wacc,
    explicitGrowth: inputs.explicit_growth,
    terminalGrowth: inputs.terminal_growth,
  });
  if (!valuation.ok) return valuation;
  let reverse: ReverseDcfResult | null = null;
  if (company.priceUsd !== null) {
    const solved = solveImpliedGrowth(company, { ...periods, discountRate: wacc.wacc, terminalGrowth: inputs.terminal_growth });
    if (!solved.ok) return solved;
    reverse = solved.value;
  }
  const grid = buildDcfGrid(
    company,
    { ...periods, explicitGrowth: inputs.explicit_growth },
    {
      discountRates: buildRateAxis(wacc.wacc, DCF_STUDIO_GRID.step, DCF_STUDIO_GRID.count),
      terminalGrowths: buildRateAxis(inputs.terminal_growth, DCF_STUDIO_GRID.step, DCF_STUDIO_GRID.count),
    },
  );
  if (!grid.ok) return grid;
  return ok({ inputs, wacc, valuation: valuation.value, reverse, grid: grid.value });
}

/** The company the public page values live for signed-out visitors (its inputs are public; others need an account). */
export const DCF_EXAMPLE_SYMBOL = 'AAPL';
