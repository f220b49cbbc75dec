import { toDividendHistory } from '../fundamentals/dividend-history.ts';
import type { AnalysisBody, AnalysisInputs, FundamentalSubtype } from '../analysis-types.ts';
import type { AltmanScore } from '../fundamentals/altman.ts';
import { type BeneishScore, computeBeneish } from '../fundamentals/beneish.ts';
import { computeDividendSafety, type DividendSafety } from '../fundamentals/dividend-safety.ts';
import type { GradeCategory } from '../fundamentals/grade-metrics.ts';
import type { PiotroskiScore } from '../fundamentals/piotroski.ts';
import type { RatioKey } from '../fundamentals/ratios.ts';
import { computeSloanAccruals, type SloanAccruals } from '../fundamentals/sloan-accruals.ts';
import { type EngineResult, fail, ok } from '../result.ts';
import { attributeCompany } from '../attribution/company-attribution.ts';
import { putDriverFacts } from '../attribution/driver-facts.ts';
import { writeNote } from '../writer/index.ts';
import {
  buildCompanyView,
  type CompanyView,
  collectLinesByYear,
  computeRatiosByYear,
  findNewestFiling,
  putAltman,
  putGrades,
  putLine,
  putMarket,
  putPiotroski,
  putRatios,
  putYardstickFacts,
  putDividendStreak,
  putTrailingDividendYield,
  sumDividendsByYear,
} from './company.ts';
import { FactSheet, type MissingFact } from './facts.ts';

type Score = 'piotroski' | 'altman' | 'dividend_safety' | 'sloan' | 'beneish';

interface SubtypePlan {
  ratios: RatioKey[];
  /** Statement lines (catalogue keys) the tab states as facts. */
  lines: string[];
  grades: GradeCategory[];
  scores: Score[];
}

/** The figures every fundamental analysis carries, whatever the tab: the minimum set. */
export const CORE_RATIOS: RatioKey[] = ['net_margin', 'roe', 'revenue_cagr_5y', 'pe_ttm', 'current_ratio', 'debt_to_equity'];

/** What each tab adds on top of the core: its ratios, statement lines, grades and scores. */
export const FUNDAMENTAL_PLANS: Record<FundamentalSubtype, SubtypePlan> = {
  overview: {
    ratios: ['gross_margin', 'operating_margin', 'fcf_margin', 'revenue_growth_1y', 'eps_cagr_5y', 'fcf_yield', 'dividend_yield', 'price_book', 'ev_ebitda'],
    lines: ['revenue', 'net_income', 'free_cash_flow'],
    grades: ['value', 'growth', 'profitability', 'health', 'momentum'],
    scores: ['piotroski', 'altman'],
  },
  profitability: {
    ratios: ['gross_margin', 'operating_margin', 'fcf_margin', 'roa', 'roic', 'asset_turnover'],
    lines: ['revenue', 'gross_profit', 'operating_income', 'net_income'],
    grades: ['profitability'],
    scores: ['piotroski', 'altman'],
  },
  growth: {
    ratios: ['revenue_cagr_3y', 'revenue_growth_1y', 'eps_cagr_3y', 'eps_cagr_5y', 'fcf_cagr_3y', 'fcf_cagr_5y', 'share_count_change'],
    lines: ['revenue', 'net_income', 'free_cash_flow'],
    grades: ['growth', 'momentum'],
    scores: ['piotroski', 'altman'],
  },
  valuation: {
    ratios: ['price_sales', 'price_book', 'ev_ebitda', 'ev_sales', 'fcf_yield', 'dividend_yield', 'eps_cagr_5y'],
    lines: ['revenue', 'net_income', 'ebitda'],
    grades: ['value'],
    scores: ['piotroski', 'altman'],
  },
  'financial-health': {
    ratios: ['quick_ratio', 'net_debt_to_ebitda', 'interest_cover'],
    lines: ['cash', 'total_debt', 'total_equity'],
    grades: ['health'],
    scores: ['piotroski', 'altman', 'beneish'],
  },
  dividends: {
    ratios: ['dividend_yield', 'earnings_payout', 'fcf_payout', 'fcf_margin', 'net_debt_to_ebitda'],
    lines: ['dividends_paid', 'free_cash_flow', 'net_income'],
    grades: [],
    scores: ['piotroski', 'altman', 'dividend_safety'],
  },
  'cash-flow': {
    ratios: ['fcf_margin', 'fcf_yield', 'fcf_cagr_3y', 'fcf_cagr_5y', 'share_count_change'],
    lines: ['operating_cash_flow', 'capital_expenditure', 'free_cash_flow', 'stock_based_compensation'],
    grades: [],
    scores: ['piotroski', 'altman', 'sloan'],
  },
};

export interface GradeSection {
  category: GradeCategory;
  letter: string | null;
  /** Mean percentile of the metrics in the sector (percent, 0–100). */
  percentile: number | null;
  metrics: Array<{ key: string; value: number; percentile: number }>;
  reason: string | null;
}

export interface YearRow {
  fiscal_year: number;
  values: Record<string, number | null>;
}

export interface FundamentalSections {
  subtype: FundamentalSubtype;
  sector: string | null;
  /** Statement ratios per fiscal year, oldest first (percent for fractions, as the facts). */
  ratios_by_year: YearRow[];
  /** Statement lines per fiscal year in USD, oldest first. */
  lines_by_year: YearRow[];
  grades: GradeSection[];
  /** Dividends per share by calendar year of the ex-date (dividends tab only; the last year may be partial). */
  dividends_by_year: Array<{ year: number; amount: number }>;
  piotroski: PiotroskiScore | null;
  altman: AltmanScore | null;
  dividend_safety: DividendSafety | null;
  sloan: SloanAccruals | null;
  beneish: BeneishScore | null;
  missing: MissingFact[];
}

export function collectGradeSections(view: CompanyView, categories: readonly GradeCategory[]): GradeSection[] {
  return categories.map((category) => {
    if (!view.grades.ok) return { category, letter: null, percentile: null, metrics: [], reason: view.grades.error.message };
    const g = view.grades.value.grades[category];
    if (!g.ok) return { category, letter: null, percentile: null, metrics: [], reason: g.error.message };
    const metrics = g.value.metrics.map((m) => ({ key: m.key, value: m.value, percentile: Math.round(m.percentile) }));
    return { category, letter: g.value.letter, percentile: Math.round(g.value.percentile), metrics, reason: null };
  });
}

const unwrapOrNull = <T>(r: EngineResult<T>): T | null => (r.ok ? r.value : null);

/** One tab of the fundamental analysis: the core ratios, the tab's own figures by year, and its grades and scores. */
export function buildFundamental(inputs: AnalysisInputs, subtype: FundamentalSubtype | null): EngineResult<AnalysisBody<FundamentalSections>> {
  const tab = subtype ?? 'overview';
  const plan = FUNDAMENTAL_PLANS[tab];
  if (!plan) return fail('invalid_parameter', 'subtype', `unknown fundamental subtype "${subtype}"`);
  const viewResult = buildCompanyView(inputs);
  if (!viewResult.ok) return viewResult;
  const view = viewResult.value;
  const sheet = new FactSheet();
  const filed = findNewestFiling(view.latest);
  const fy = { period: `FY${view.latest.fiscalYear}`, source: 'computed', as_of: filed };

  putMarket(sheet, view, inputs.daily?.source ?? inputs.monthly?.source ?? 'computed');
  putRatios(sheet, view, [...CORE_RATIOS, ...plan.ratios.filter((k) => !CORE_RATIOS.includes(k))]);
  putPiotroski(sheet, view);
  putYardstickFacts(sheet, view, tab);
  putAltman(sheet, view);
  putGrades(sheet, view, plan.grades);
  for (const key of plan.lines) putLine(sheet, view, key);

  const safety = plan.scores.includes('dividend_safety')
    ? computeDividendSafety(view.financials, toDividendHistory(inputs), { payoutBasis: view.payoutBasis })
    : null;
  if (safety) {
    sheet.put('dividend_safety', safety.ok ? ok(safety.value.score) : safety, fy);
    if (safety.ok) putDividendStreak(sheet, view, toDividendHistory(inputs));
  }
  if (tab === 'dividends' || tab === 'overview') putTrailingDividendYield(sheet, view, toDividendHistory(inputs));
  const sloan = plan.scores.includes('sloan') ? computeSloanAccruals(view.financials) : null;
  if (sloan) sheet.put('sloan_accruals', sloan.ok ? ok(sloan.value.ratio) : sloan, fy, { scale: 100 });
  const beneish = plan.scores.includes('beneish') ? computeBeneish(view.financials) : null;
  if (beneish) sheet.put('beneish_m', beneish.ok ? ok(beneish.value.m) : beneish, fy);

  const sections: FundamentalSections = {
    subtype: tab,
    sector: inputs.profile.sector,
    ratios_by_year: computeRatiosByYear(view, [...CORE_RATIOS, ...plan.ratios]),
    lines_by_year: collectLinesByYear(view, plan.lines),
    grades: collectGradeSections(view, plan.grades),
    dividends_by_year: tab === 'dividends' ? sumDividendsByYear(inputs.dividends, inputs.asOf) : [],
    piotroski: unwrapOrNull(view.piotroski),
    altman: unwrapOrNull(view.altman),
    dividend_safety: safety ? unwrapOrNull(safety) : null,
    sloan: sloan ? unwrapOrNull(sloan) : null,
    beneish: beneish ? unwrapOrNull(beneish) : null,
    missing: sheet.missing,
  };
  const attribution = attributeCompany(view, plan.grades, { safety, beneish });
  putDriverFacts(sheet, attribution);
  const note = writeNote('fundamental', tab, sheet.facts, { symbol: inputs.symbol, name: inputs.profile.name, attribution });
  return ok({ kind: 'fundamental', subtype: tab, symbol: inputs.symbol, as_of: inputs.asOf, facts: sheet.facts, note, sections, attribution });
}
