import type { CompanyFinancials, FinancialPeriod } from '../financials.ts';
import { type EngineResult, fail, ok, requireFinite } from '../result.ts';
import { divideByPositive } from './ratio-math.ts';
import { computeAccruals } from './sloan-accruals.ts';
import { findAnnualYearsBefore, grossProfitOf, findLatestAnnual, lineOf } from './statement-lines.ts';

export type BeneishVariableId = 'dsri' | 'gmi' | 'aqi' | 'sgi' | 'depi' | 'sgai' | 'lvgi' | 'tata';

interface BeneishVariable {
  id: BeneishVariableId;
  label: string;
  value: number;
  coefficient: number;
}

export interface BeneishScore {
  m: number;
  /** M > −1.78, Beneish's (1999) cut-off for the eight-variable model. */
  likelyManipulator: boolean;
  fiscalYear: number;
  variables: BeneishVariable[];
}

export const BENEISH_INTERCEPT = -4.84;
export const BENEISH_THRESHOLD = -1.78;

const LABELS: Record<BeneishVariableId, [label: string, coefficient: number]> = {
  dsri: ['Days sales in receivables index', 0.92],
  gmi: ['Gross margin index', 0.528],
  aqi: ['Asset quality index', 0.404],
  sgi: ['Sales growth index', 0.892],
  depi: ['Depreciation index', 0.115],
  sgai: ['SG&A expenses index', -0.172],
  lvgi: ['Leverage index', -0.327],
  tata: ['Total accruals to total assets', 4.679],
};

type Measure = (p: FinancialPeriod) => EngineResult<number>;

const divideLines =
  (n: (p: FinancialPeriod) => number | null, d: (p: FinancialPeriod) => number | null, names: [string, string]): Measure =>
  (p) =>
    divideByPositive(n(p), d(p), names);
const readLine = (key: string) => (p: FinancialPeriod) => lineOf(p, key);
const sumLines =
  (...keys: string[]) =>
  (p: FinancialPeriod) => {
    let s = 0;
    for (const k of keys) {
      const v = lineOf(p, k);
      if (v === null) return null;
      s += v;
    }
    return s;
  };

const receivablesToSales = divideLines(readLine('receivables'), readLine('revenue'), ['receivables', 'revenue']);
const grossMargin = divideLines(grossProfitOf, readLine('revenue'), ['gross_profit', 'revenue']);
/** Share of assets that are neither current nor PP&E (the data has no separate long-term securities line). */
const softAssets: Measure = (p) => {
  const hard = divideByPositive(sumLines('current_assets', 'ppe_net')(p), lineOf(p, 'total_assets'), ['current_assets + ppe_net', 'total_assets']);
  return hard.ok ? ok(1 - hard.value) : hard;
};
const sales: Measure = (p) => requireFinite(lineOf(p, 'revenue'), 'revenue');
const depreciationRate = divideLines(readLine('depreciation_amortization'), sumLines('depreciation_amortization', 'ppe_net'), [
  'depreciation_amortization',
  'depreciation_amortization + ppe_net',
]);
const sgaToSales = divideLines(readLine('sga'), readLine('revenue'), ['sga', 'revenue']);
const leverage = divideLines(sumLines('current_liabilities', 'long_term_debt'), readLine('total_assets'), [
  'current_liabilities + long_term_debt',
  'total_assets',
]);

/** index = measure(t) / measure(t−1), or the inverse for GMI and DEPI (a fall is the warning sign). */
function computeIndex(t: FinancialPeriod, t1: FinancialPeriod, measure: Measure, name: string, inverse = false): EngineResult<number> {
  const a = measure(t);
  if (!a.ok) return a;
  const b = measure(t1);
  if (!b.ok) return b;
  return inverse
    ? divideByPositive(b.value, a.value, [`${name} FY${t1.fiscalYear}`, `${name} FY${t.fiscalYear}`])
    : divideByPositive(a.value, b.value, [`${name} FY${t.fiscalYear}`, `${name} FY${t1.fiscalYear}`]);
}

/**
 * Beneish M-score (1999, eight variables) for the latest fiscal year against the one before:
 * M = −4.84 + 0.920·DSRI + 0.528·GMI + 0.404·AQI + 0.892·SGI + 0.115·DEPI − 0.172·SGAI + 4.679·TATA − 0.327·LVGI.
 * AQI uses 1 − (current assets + PP&E) / total assets; TATA = (net income − operating cash flow) / total assets.
 * Every variable needs its lines in both years; the first missing one is named.
 */
export function computeBeneish(f: CompanyFinancials): EngineResult<BeneishScore> {
  const t = findLatestAnnual(f);
  if (!t) return fail('missing_input', 'annual_statements', `${f.symbol} has no annual statements`);
  const t1 = findAnnualYearsBefore(f, t, 1);
  if (!t1) return fail('missing_input', 'prior_year', `Beneish compares two fiscal years: FY${t.fiscalYear - 1} is missing`);
  const accruals = computeAccruals(t);
  const tata = accruals.ok ? divideByPositive(accruals.value, lineOf(t, 'total_assets'), ['net_income − operating_cash_flow', 'total_assets']) : accruals;
  const results: Record<BeneishVariableId, EngineResult<number>> = {
    dsri: computeIndex(t, t1, receivablesToSales, 'receivables / revenue'),
    gmi: computeIndex(t, t1, grossMargin, 'gross margin', true),
    aqi: computeIndex(t, t1, softAssets, 'soft assets / total assets'),
    sgi: computeIndex(t, t1, sales, 'revenue'),
    depi: computeIndex(t, t1, depreciationRate, 'depreciation rate', true),
    sgai: computeIndex(t, t1, sgaToSales, 'sga / revenue'),
    lvgi: computeIndex(t, t1, leverage, 'leverage'),
    tata,
  };
  const variables: BeneishVariable[] = [];
  for (const id of Object.keys(LABELS) as BeneishVariableId[]) {
    const r = results[id];
    if (!r.ok) return fail(r.error.code, r.error.input, `Beneish ${id.toUpperCase()}: ${r.error.message}`);
    const [label, coefficient] = LABELS[id];
    variables.push({ id, label, value: r.value, coefficient });
  }
  const m = variables.reduce((s, v) => s + v.coefficient * v.value, BENEISH_INTERCEPT);
  return ok({ m, likelyManipulator: m > BENEISH_THRESHOLD, fiscalYear: t.fiscalYear, variables });
}
