import type { Fundamentals } from '../../market/types.ts';
import type { FinancialPeriod } from '../financials.ts';
import { type AltmanScore, computeAltman } from '../fundamentals/altman.ts';
import { BENEISH_THRESHOLD, type BeneishScore, type BeneishVariableId, computeBeneish } from '../fundamentals/beneish.ts';
import type { CompanyClass } from '../fundamentals/company-class.ts';
import { computePiotroski, type PiotroskiScore, type PiotroskiTestId } from '../fundamentals/piotroski.ts';
import { findAnnualYearsBefore, lineOf } from '../fundamentals/statement-lines.ts';
import { findInputLabel } from '../describe-inputs.ts';
import type { EngineResult } from '../result.ts';
import { type FiscalYearView, filedLaterKey, findFilingDay, viewFiscalYear } from './fiscal-year-view.ts';

export type ScoreKind = 'piotroski' | 'altman' | 'beneish';

/** A statement figure a criterion reads; `null` = not known on the filing day. */
interface CriterionInput {
  key: string;
  /** What the page calls it: the statement line's or the catalogue's label ("Current assets", "Market capitalisation"). */
  label: string;
  fiscalYear: number;
  value: number | null;
  /** Filing day of the figure, when the data dates it. */
  filedOn: string | null;
  /** No filing by the year's own report carries it: taken from a later one (see fiscal-year-view.ts). */
  filedLater: boolean;
}

export interface Criterion {
  id: string;
  label: string;
  inputs: CriterionInput[];
  /** The measure tested (ROA, an index, a ratio), and last year's where the test compares two years. */
  value: number | null;
  prior: number | null;
  /** The pass condition in words, e.g. "> 0", "> last year", "≤ 1.465 (manipulators' mean)". */
  threshold: string;
  /** Altman weight or Beneish coefficient; null for Piotroski's one-point tests. */
  weight: number | null;
  /** weight × value (Altman, Beneish) or the point earned (Piotroski). */
  contribution: number | null;
  /** null: no test of its own (a weighted term) or an input is missing (see `note`). */
  passed: boolean | null;
  note: string | null;
}

export interface Scorecard {
  kind: ScoreKind;
  /** The engine's score; null when it cannot be computed (`reason`). */
  score: number | null;
  /** pass: F ≥ 7, Altman safe zone, M ≤ −1.78; fail: F ≤ 3, distress zone, M > −1.78; neutral in between. */
  verdict: 'pass' | 'neutral' | 'fail' | null;
  /** What the verdict compares against, in words. */
  threshold: string;
  model: 'f' | 'z' | 'z_double_prime' | 'm';
  zone: string | null;
  /** Piotroski: tests with all inputs. */
  evaluated: number | null;
  reason: string | null;
  criteria: Criterion[];
}

export interface YearScorecards {
  fiscalYear: number;
  filedOn: string;
  /** How many statement figures of these years came from filings after `filedOn`. */
  filedLaterCount: number;
  marketCap: FiscalYearView['marketCap'];
  piotroski: Scorecard;
  altman: Scorecard;
  beneish: Scorecard;
}

type Years = { t: FinancialPeriod; t1: FinancialPeriod | undefined; t2: FinancialPeriod | undefined; later: ReadonlyMap<string, string> };
type InputSpec = Array<[key: string, year: 't' | 't1' | 't2']>;

/** Every input a criterion reads is a statement line or a catalogue fact; a key neither knows is a programming error. */
function labelInput(key: string): string {
  const label = findInputLabel(key);
  if (!label) throw new Error(`scorecard input "${key}" is neither a statement line nor a catalogue fact`);
  return label;
}

function readInputs(y: Years, spec: InputSpec): CriterionInput[] {
  return spec.map(([key, which]) => {
    const p = y[which];
    const fiscalYear = y.t.fiscalYear - (which === 't' ? 0 : which === 't1' ? 1 : 2);
    return {
      key,
      label: labelInput(key),
      fiscalYear,
      value: p ? lineOf(p, key) : null,
      filedOn: p?.filed[key] ?? null,
      filedLater: y.later.has(filedLaterKey(key, fiscalYear)),
    };
  });
}

const PIOTROSKI_SPECS: Record<PiotroskiTestId, { threshold: string; inputs: InputSpec }> = {
  roa_positive: {
    threshold: 'ROA > 0',
    inputs: [
      ['net_income', 't'],
      ['total_assets', 't1'],
    ],
  },
  cfo_positive: {
    threshold: 'CFO / assets > 0',
    inputs: [
      ['operating_cash_flow', 't'],
      ['total_assets', 't1'],
    ],
  },
  roa_improved: {
    threshold: 'ROA > last year',
    inputs: [
      ['net_income', 't'],
      ['total_assets', 't1'],
      ['net_income', 't1'],
      ['total_assets', 't2'],
    ],
  },
  cfo_exceeds_net_income: {
    threshold: 'CFO / assets > ROA',
    inputs: [
      ['operating_cash_flow', 't'],
      ['net_income', 't'],
      ['total_assets', 't1'],
    ],
  },
  leverage_fell: {
    threshold: 'LTD / assets < last year (or none in both)',
    inputs: [
      ['long_term_debt', 't'],
      ['total_assets', 't'],
      ['long_term_debt', 't1'],
      ['total_assets', 't1'],
    ],
  },
  current_ratio_rose: {
    threshold: 'current ratio > last year',
    inputs: [
      ['current_assets', 't'],
      ['current_liabilities', 't'],
      ['current_assets', 't1'],
      ['current_liabilities', 't1'],
    ],
  },
  no_new_shares: {
    threshold: 'diluted shares ≤ last year',
    inputs: [
      ['shares_diluted', 't'],
      ['shares_diluted', 't1'],
    ],
  },
  gross_margin_rose: {
    threshold: 'gross margin > last year',
    inputs: [
      ['gross_profit', 't'],
      ['revenue', 't'],
      ['gross_profit', 't1'],
      ['revenue', 't1'],
    ],
  },
  asset_turnover_rose: {
    threshold: 'revenue / opening assets > last year',
    inputs: [
      ['revenue', 't'],
      ['total_assets', 't1'],
      ['revenue', 't1'],
      ['total_assets', 't2'],
    ],
  },
};

/** Thresholds: the inputs Altman's variables are ratios of (X4 names the market cap or book equity). */
const ALTMAN_INPUTS: Record<string, InputSpec> = {
  x1: [
    ['current_assets', 't'],
    ['current_liabilities', 't'],
    ['total_assets', 't'],
  ],
  x2: [
    ['retained_earnings', 't'],
    ['total_assets', 't'],
  ],
  x3: [
    ['operating_income', 't'],
    ['total_assets', 't'],
  ],
  x4: [['total_liabilities', 't']],
  x5: [
    ['revenue', 't'],
    ['total_assets', 't'],
  ],
};

/**
 * Beneish (1999, table 2) mean of each variable in his sample of earnings manipulators: a value above it
 * looks like theirs. SGAI and LVGI carry negative coefficients in the model, so they get no test of their own.
 */
const BENEISH_MANIPULATOR_MEANS: Record<BeneishVariableId, number> = {
  dsri: 1.465,
  gmi: 1.193,
  aqi: 1.254,
  sgi: 1.607,
  depi: 1.077,
  sgai: 1.041,
  lvgi: 1.111,
  tata: 0.031,
};
const BENEISH_INPUTS: Record<BeneishVariableId, InputSpec> = {
  dsri: [
    ['receivables', 't'],
    ['revenue', 't'],
    ['receivables', 't1'],
    ['revenue', 't1'],
  ],
  gmi: [
    ['gross_profit', 't'],
    ['revenue', 't'],
    ['gross_profit', 't1'],
    ['revenue', 't1'],
  ],
  aqi: [
    ['current_assets', 't'],
    ['ppe_net', 't'],
    ['total_assets', 't'],
    ['current_assets', 't1'],
    ['ppe_net', 't1'],
    ['total_assets', 't1'],
  ],
  sgi: [
    ['revenue', 't'],
    ['revenue', 't1'],
  ],
  depi: [
    ['depreciation_amortization', 't'],
    ['ppe_net', 't'],
    ['depreciation_amortization', 't1'],
    ['ppe_net', 't1'],
  ],
  sgai: [
    ['sga', 't'],
    ['revenue', 't'],
    ['sga', 't1'],
    ['revenue', 't1'],
  ],
  lvgi: [
    ['current_liabilities', 't'],
    ['long_term_debt', 't'],
    ['total_assets', 't'],
    ['current_liabilities', 't1'],
    ['long_term_debt', 't1'],
    ['total_assets', 't1'],
  ],
  tata: [
    ['net_income', 't'],
    ['operating_cash_flow', 't'],
    ['total_assets', 't'],
  ],
};

const F_PASS = 7;
const F_FAIL = 3;

function unavailable(kind: ScoreKind, model: Scorecard['model'], threshold: string, reason: string): Scorecard {
  return { kind, score: null, verdict: null, threshold, model, zone: null, evaluated: null, reason, criteria: [] };
}

function toPiotroskiCard(r: EngineResult<PiotroskiScore>, y: Years): Scorecard {
  const threshold = `F ≥ ${F_PASS} strong, ≤ ${F_FAIL} weak (of 9)`;
  if (!r.ok) return unavailable('piotroski', 'f', threshold, r.error.message);
  const s = r.value;
  const criteria = s.tests.map((t) => ({
    id: t.id,
    label: t.label,
    inputs: readInputs(y, PIOTROSKI_SPECS[t.id].inputs),
    value: t.current,
    prior: t.id === 'roa_positive' || t.id === 'cfo_positive' ? null : t.prior,
    threshold: PIOTROSKI_SPECS[t.id].threshold,
    weight: null,
    contribution: t.passed === true ? 1 : 0,
    passed: t.passed,
    note: t.passed === null ? `missing: ${t.missing.join(', ')}` : null,
  }));
  const verdict = s.score >= F_PASS ? 'pass' : s.score <= F_FAIL ? 'fail' : 'neutral';
  return { kind: 'piotroski', score: s.score, verdict, threshold, model: 'f', zone: null, evaluated: s.evaluated, reason: null, criteria };
}

const ALTMAN_THRESHOLDS = { z: 'safe > 2.99, distress < 1.81', z_double_prime: 'safe > 2.60, distress < 1.10' } as const;

function toAltmanCard(r: EngineResult<AltmanScore>, y: Years, companyClass: CompanyClass, marketCapUsd: number | null): Scorecard {
  const model = companyClass === 'manufacturer' ? 'z' : 'z_double_prime';
  if (!r.ok) return unavailable('altman', model, ALTMAN_THRESHOLDS[model], r.error.message);
  const s = r.value;
  const criteria = s.variables.map((v) => {
    const inputs = readInputs(y, ALTMAN_INPUTS[v.id]!);
    if (v.id === 'x4')
      inputs.unshift(
        s.model === 'z'
          ? { key: 'market_cap', label: labelInput('market_cap'), fiscalYear: y.t.fiscalYear, value: marketCapUsd, filedOn: null, filedLater: false }
          : readInputs(y, [['total_equity', 't']])[0]!,
      );
    return {
      id: v.id,
      label: v.label,
      inputs,
      value: v.value,
      prior: null,
      threshold: 'higher is safer',
      weight: v.weight,
      contribution: v.weight * v.value,
      passed: null,
      note: 'a weighted term: only the total is tested',
    };
  });
  const verdict = s.zone === 'safe' ? 'pass' : s.zone === 'distress' ? 'fail' : 'neutral';
  return {
    kind: 'altman',
    score: s.score,
    verdict,
    threshold: ALTMAN_THRESHOLDS[s.model],
    model: s.model,
    zone: s.zone,
    evaluated: null,
    reason: null,
    criteria,
  };
}

function toBeneishCard(r: EngineResult<BeneishScore>, y: Years): Scorecard {
  const threshold = `M ≤ ${BENEISH_THRESHOLD} unlikely manipulator`;
  if (!r.ok) return unavailable('beneish', 'm', threshold, r.error.message);
  const s = r.value;
  const criteria = s.variables.map((v) => {
    const mean = BENEISH_MANIPULATOR_MEANS[v.id];
    const tested = v.coefficient > 0;
    return {
      id: v.id,
      label: v.label,
      inputs: readInputs(y, BENEISH_INPUTS[v.id]),
      value: v.value,
      prior: null,
      threshold: tested ? `≤ ${mean} (manipulators' mean)` : `manipulators' mean ${mean}; negative coefficient, not tested alone`,
      weight: v.coefficient,
      contribution: v.coefficient * v.value,
      passed: tested ? v.value <= mean : null,
      note: null,
    };
  });
  return {
    kind: 'beneish',
    score: s.m,
    verdict: s.likelyManipulator ? 'fail' : 'pass',
    threshold,
    model: 'm',
    zone: null,
    evaluated: null,
    reason: null,
    criteria,
  };
}

/** All three scorecards for one fiscal year as known on its filing day; each score is the engine's own. */
function scoreFiscalYear(view: FiscalYearView, companyClass: CompanyClass): YearScorecards {
  const f = view.financials;
  const t = f.annual.at(-1)!;
  const y: Years = { t, t1: findAnnualYearsBefore(f, t, 1), t2: findAnnualYearsBefore(f, t, 2), later: view.filedLater };
  const marketCap = view.marketCap?.usd ?? null;
  return {
    fiscalYear: view.fiscalYear,
    filedOn: view.filedOn,
    filedLaterCount: view.filedLater.size,
    marketCap: view.marketCap,
    piotroski: toPiotroskiCard(computePiotroski(f, companyClass), y),
    altman: toAltmanCard(computeAltman(f, companyClass, marketCap), y, companyClass, marketCap),
    beneish: toBeneishCard(computeBeneish(f), y),
  };
}

/**
 * Scorecards for the last `years` fiscal years known on `asOf` (the data day), oldest first; each year as
 * of its own filing day.
 */
export function buildScorecardHistory(
  fundamentals: Fundamentals,
  companyClass: CompanyClass,
  prices: { dates: readonly string[]; close: ArrayLike<number> } | null,
  asOf: string,
  years = 5,
): YearScorecards[] {
  const out: YearScorecards[] = [];
  const known = fundamentals.annual.periods
    .map((p) => p.fiscal_year)
    .filter((fy) => {
      const day = findFilingDay(fundamentals, fy);
      return day !== null && day <= asOf;
    });
  for (const fy of known.slice(-years)) {
    const view = viewFiscalYear(fundamentals, fy, prices);
    if (view) out.push(scoreFiscalYear(view, companyClass));
  }
  return out;
}
