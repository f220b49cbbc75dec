import { toDividendHistory } from '../analysis/fundamentals/dividend-history.ts';
import type { AnalysisInputs, AnalysisKind, Fact, FundamentalSubtype } from '../analysis/analysis-types.ts';
import { attributeCompany } from '../analysis/attribution/company-attribution.ts';
import { listAllContributionFacts } from '../analysis/attribution/driver-facts.ts';
import { computeBeneish } from '../analysis/fundamentals/beneish.ts';
import { computeDividendSafety } from '../analysis/fundamentals/dividend-safety.ts';
import { GRADE_CATEGORIES } from '../analysis/fundamentals/grade-metrics.ts';
import { RATIO_KEYS, type RatioKey } from '../analysis/fundamentals/ratios.ts';
import { computeSloanAccruals } from '../analysis/fundamentals/sloan-accruals.ts';
import { type EngineResult, ok } from '../analysis/result.ts';
import {
  buildCompanyView,
  findNewestFiling,
  putAltman,
  putGrades,
  putLine,
  putMarket,
  putPiotroski,
  putRatios,
  putDividendStreak,
  putTrailingDividendYield,
} from '../analysis/runs/company.ts';
import { FactSheet } from '../analysis/runs/facts.ts';
import { lineOf } from '../analysis/fundamentals/statement-lines.ts';
import { computeMargin } from '../analysis/fundamentals/profitability-ratios.ts';
import { computeDebtToEquity } from '../analysis/fundamentals/health-ratios.ts';
import type { FinancialPeriod } from '../analysis/financials.ts';
import { CORE_RATIOS, FUNDAMENTAL_PLANS } from '../analysis/runs/fundamental.ts';

/** The page that shows a fact: a fundamental tab or the balance-sheet analysis. */
interface FactPage {
  kind: Extract<AnalysisKind, 'fundamental' | 'balance-sheet'>;
  subtype: FundamentalSubtype | null;
}

interface PlacedFact {
  fact: Fact;
  page: FactPage;
}

export type CompanyFactSet = 'ratios' | 'scores' | 'statements';

const TABS = Object.keys(FUNDAMENTAL_PLANS) as FundamentalSubtype[];
const tab = (subtype: FundamentalSubtype): FactPage => ({ kind: 'fundamental', subtype });

/** The first tab that lists a ratio (every tab carries the core ratios: the overview shows them first). */
function findRatioTab(key: RatioKey): FactPage {
  if (CORE_RATIOS.includes(key)) return tab('overview');
  return tab(TABS.find((t) => FUNDAMENTAL_PLANS[t].ratios.includes(key)) ?? 'overview');
}

/** Balance-sheet lines no fundamental tab lists: the balance-sheet analysis shows them. */
const BALANCE_SHEET_ONLY_LINES = ['current_assets', 'total_assets', 'current_liabilities', 'total_liabilities'];

/**
 * One company's ratios, scores or statement figures from ONE company view, with the same fact functions
 * the fundamental builders use (putRatios, putPiotroski, putLine…): the figures are the tabs' own, for a
 * seventh of the work of building every tab. Each fact comes with the tab (or balance sheet) that shows it.
 */
export function collectCompanyFacts(inputs: AnalysisInputs, set: CompanyFactSet): EngineResult<PlacedFact[]> {
  const viewResult = buildCompanyView(inputs);
  if (!viewResult.ok) return viewResult;
  const view = viewResult.value;
  const sheet = new FactSheet();
  const pages = new Map<string, FactPage>();
  const place = (page: FactPage, put: () => void) => {
    const before = sheet.facts.length;
    put();
    for (const f of sheet.facts.slice(before)) if (!pages.has(f.key)) pages.set(f.key, page);
  };
  if (set === 'ratios') {
    for (const key of RATIO_KEYS) place(findRatioTab(key), () => putRatios(sheet, view, [key]));
    place(tab('overview'), () => putTrailingDividendYield(sheet, view, toDividendHistory(inputs)));
  } else if (set === 'scores') {
    const fy = { period: `FY${view.latest.fiscalYear}`, source: 'computed', as_of: findNewestFiling(view.latest) };
    const beneish = computeBeneish(view.financials);
    const safety = computeDividendSafety(view.financials, toDividendHistory(inputs), { payoutBasis: view.payoutBasis });
    place(tab('overview'), () => {
      putPiotroski(sheet, view);
      putAltman(sheet, view);
      putGrades(sheet, view);
    });
    place(tab('financial-health'), () => {
      sheet.put('beneish_m', beneish.ok ? ok(beneish.value.m) : beneish, fy);
    });
    place(tab('dividends'), () => {
      sheet.put('dividend_safety', safety.ok ? ok(safety.value.score) : safety, fy);
      if (safety.ok) putDividendStreak(sheet, view, toDividendHistory(inputs));
    });
    place(tab('cash-flow'), () => {
      const sloan = computeSloanAccruals(view.financials);
      sheet.put('sloan_accruals', sloan.ok ? ok(sloan.value.ratio) : sloan, fy, { scale: 100 });
    });
    // What moved each grade and score (`grade_value_by_fcf_yield`…), on the page of the score it explains
    for (const a of attributeCompany(view, GRADE_CATEGORIES, { safety, beneish })) {
      const page = pages.get(a.target);
      if (page) place(page, () => sheet.facts.push(...listAllContributionFacts(sheet.facts, [a])));
    }
  } else {
    place(tab('overview'), () => putMarket(sheet, view, inputs.daily?.source ?? inputs.monthly?.source ?? 'computed'));
    for (const t of TABS) for (const key of FUNDAMENTAL_PLANS[t].lines) if (!pages.has(key)) place(tab(t), () => putLine(sheet, view, key));
    for (const key of BALANCE_SHEET_ONLY_LINES) place({ kind: 'balance-sheet', subtype: null }, () => putLine(sheet, view, key));
  }
  return ok(sheet.facts.map((fact) => ({ fact, page: pages.get(fact.key)! })));
}

/**
 * Figures the copilot draws as a trend by fiscal year, with the CAGR keys the ratios compute for them (by years):
 * statement lines (revenue, free cash flow, net income, diluted EPS, total debt, dividends per share, the diluted
 * share count) and statement ratios — the operating and net margins, debt / equity — each year's own (the ratios'
 * `computeMargin` and `computeDebtToEquity` on that year).
 */
export const TREND_LINES = {
  revenue: { 3: 'revenue_cagr_3y', 5: 'revenue_cagr_5y' },
  free_cash_flow: { 3: 'fcf_cagr_3y', 5: 'fcf_cagr_5y' },
  // The ratios compute no CAGR for these: their trend shows the years alone.
  net_income: {},
  eps_diluted: { 3: 'eps_cagr_3y', 5: 'eps_cagr_5y' },
  operating_margin: {},
  net_margin: {},
  debt_to_equity: {},
  total_debt: {},
  dividends_per_share: {},
  shares_diluted: {},
} as const satisfies Record<string, { 3?: RatioKey; 5?: RatioKey }>;
export type TrendLine = keyof typeof TREND_LINES;
export const trendLines = Object.keys(TREND_LINES) as TrendLine[];

/** A trend's value in one fiscal year: a ratio the ratios compute per year (in percent), else the statement line as the tab's table shows it. */
const TREND_VALUES: Partial<Record<TrendLine, { line: string; value: (p: FinancialPeriod) => EngineResult<number> | number | null; scale?: number }>> = {
  operating_margin: { line: 'operating_income', value: (p) => computeMargin(p, 'operating_income'), scale: 100 },
  net_margin: { line: 'net_income', value: (p) => computeMargin(p, 'net_income'), scale: 100 },
  debt_to_equity: { line: 'total_debt', value: computeDebtToEquity },
};

/** The spans a trend covers: the CAGRs the ratios compute (a 3- or 5-year figure). */
export const TREND_YEARS = [3, 5] as const;
export type TrendYears = (typeof TREND_YEARS)[number];

/**
 * A statement line by fiscal year, the last `years` + 1 years (a 5-year CAGR runs from the sixth-latest year to
 * the latest), each a fact under the line's own key with its fiscal year as period — the values the fundamental
 * tab's table by year shows (lineOf) — and the line's CAGR over `years` from the ratios (putRatios), when they
 * compute one: the answer restates the engine's figures, it never computes its own.
 */
export function collectLineTrend(inputs: AnalysisInputs, line: TrendLine, years: TrendYears): EngineResult<PlacedFact[]> {
  const viewResult = buildCompanyView(inputs);
  if (!viewResult.ok) return viewResult;
  const view = viewResult.value;
  const sheet = new FactSheet();
  const annual = view.statements.annual;
  const ratio = TREND_VALUES[line];
  // Where the figure comes from: its own statement line, or the line a ratio is built on (operating income for the margin).
  const sourceLine = ratio?.line ?? line;
  const figures = [...annual.income, ...annual.balance, ...annual.cash_flow].find((l) => l.key === sourceLine)?.values ?? [];
  for (const p of view.financials.annual.slice(-(years + 1))) {
    const i = annual.periods.findIndex((x) => x.fiscal_year === p.fiscalYear);
    const figure = i >= 0 ? figures[i] : undefined;
    const reported = figure?.value !== null && figure?.value !== undefined;
    const origin = {
      period: `FY${p.fiscalYear}`,
      source: ratio ? 'computed' : reported ? (figure.source ?? 'computed') : 'computed',
      as_of: reported ? (figure.as_of ?? findNewestFiling(p)) : findNewestFiling(p),
    };
    sheet.put(line, ratio ? ratio.value(p) : lineOf(p, line), origin, ratio?.scale ? { scale: ratio.scale } : {});
  }
  const cagrKey = (TREND_LINES[line] as { 3?: RatioKey; 5?: RatioKey })[years];
  if (cagrKey) putRatios(sheet, view, [cagrKey]);
  const page = tab(cagrKey ? findRatioTab(cagrKey).subtype! : 'overview');
  return ok(sheet.facts.map((fact) => ({ fact, page })));
}
