import type { AnalysisKind } from '../analysis/analysis-types.ts';
import { type FieldId, findField, GRADE_OPTIONS, RATING_OPTIONS } from '../screener/fields.ts';

/*
 * The rows of /compare, once: which figures sit side by side, in which order, and which way is better.
 * Market figures are the screener's catalog fields (same keys, units and engines as the analyses' facts);
 * grades, the technical rating and the DCF come from the user's saved analyses of each kind.
 */

/** Which way a row's best lies; null: no best or worst (size, price, a day's move, beta). */
export type Better = 'higher' | 'lower' | null;

export interface RankRule {
  better: Better;
  /** Only positive values compete (a negative P/E or debt/equity means losses or negative equity, not cheapness). */
  positiveOnly?: boolean;
  /** Labels in order, worst first (grades F…A, ratings Strong Sell…Strong Buy). */
  options?: readonly string[];
}

export interface FigureRow extends RankRule {
  id: FieldId;
  group: string;
}

const row = (id: FieldId, group: string, better: Better, positiveOnly = false): FigureRow => ({
  id,
  group,
  better,
  ...(positiveOnly ? { positiveOnly: true } : {}),
});

/** The free market figures, computed per symbol by the screener's engines. */
export const FIGURE_ROWS = [
  row('market_cap', 'Size and valuation', null),
  row('pe_ttm', 'Size and valuation', 'lower', true),
  row('price_sales', 'Size and valuation', 'lower', true),
  row('ev_ebitda', 'Size and valuation', 'lower', true),
  row('fcf_yield', 'Size and valuation', 'higher'),
  row('gross_margin', 'Profitability', 'higher'),
  row('operating_margin', 'Profitability', 'higher'),
  row('net_margin', 'Profitability', 'higher'),
  row('roe', 'Profitability', 'higher'),
  row('revenue_growth_1y', 'Growth', 'higher'),
  row('revenue_cagr_3y', 'Growth', 'higher'),
  row('eps_cagr_3y', 'Growth', 'higher'),
  row('dividend_yield_ttm', 'Dividends and debt', 'higher'),
  row('debt_to_equity', 'Dividends and debt', 'lower', true),
  row('net_debt_to_ebitda', 'Dividends and debt', 'lower'),
  row('current_ratio', 'Dividends and debt', 'higher'),
  row('return_1y', 'Price over the last year', 'higher'),
  row('volatility_1y', 'Price over the last year', 'lower'),
  row('max_drawdown_1y', 'Price over the last year', 'lower'),
  row('beta_1y', 'Price over the last year', null),
  row('expense_ratio', 'Funds', 'lower'),
] as const satisfies readonly FigureRow[];

export type CompareFigureId = (typeof FIGURE_ROWS)[number]['id'];
export const FIGURE_IDS: readonly CompareFigureId[] = FIGURE_ROWS.map((r) => r.id);

/** A figure row's label and unit, from the screener's catalog. */
export function describeFigure(id: CompareFigureId) {
  const f = findField(id)!;
  return { label: f.label, short: f.short, unit: f.unit, description: f.description };
}

/** The analysis kinds the page reads, each with the facts it shows. */
export const COMPARE_KINDS = ['overview', 'technical', 'dcf'] as const satisfies readonly AnalysisKind[];
export type CompareKind = (typeof COMPARE_KINDS)[number];

export interface AnalysisRow extends RankRule {
  kind: CompareKind;
  /** The fact key in the saved analysis. */
  key: string;
  label: string;
  unit: 'label' | 'usd_per_share' | 'percent';
}

export const KIND_TITLES: Record<CompareKind, string> = {
  overview: 'Sector grades (quick overview)',
  technical: 'Technical rating',
  dcf: 'DCF valuation',
};

const grade = (c: string, label: string): AnalysisRow => ({
  kind: 'overview',
  key: `grade_${c}`,
  label,
  unit: 'label',
  better: 'higher',
  options: GRADE_OPTIONS,
});

export const ANALYSIS_ROWS: readonly AnalysisRow[] = [
  grade('value', 'Value grade'),
  grade('growth', 'Growth grade'),
  grade('profitability', 'Profitability grade'),
  grade('health', 'Financial health grade'),
  grade('momentum', 'Momentum grade'),
  { kind: 'technical', key: 'technical_rating', label: 'Technical rating', unit: 'label', better: 'higher', options: RATING_OPTIONS },
  { kind: 'dcf', key: 'fair_value_per_share', label: 'Fair value per share', unit: 'usd_per_share', better: null },
  { kind: 'dcf', key: 'upside_percent', label: 'Upside to fair value', unit: 'percent', better: 'higher' },
];

/** The fact keys of each kind that the comparison carries. */
export const factKeysOf = (kind: CompareKind): string[] => ANALYSIS_ROWS.filter((r) => r.kind === kind).map((r) => r.key);

export type Standing = 'best' | 'worst' | null;

/** A value's place on the rule's scale, or null when it does not compete. */
function scoreOf(value: number | string | null, rule: RankRule): number | null {
  if (value === null) return null;
  if (typeof value === 'string') {
    const i = rule.options?.indexOf(value) ?? -1;
    return i < 0 ? null : i;
  }
  if (!Number.isFinite(value) || (rule.positiveOnly && value <= 0)) return null;
  return value;
}

/**
 * Best and worst of one row across the symbols. Ties share the standing; with fewer than two competing
 * values, all equal, or no better side, nothing stands out.
 */
export function rankRow(values: ReadonlyArray<number | string | null>, rule: RankRule): Standing[] {
  const scores = values.map((v) => scoreOf(v, rule));
  const competing = scores.filter((s) => s !== null);
  if (rule.better === null || competing.length < 2) return values.map(() => null);
  const hi = Math.max(...competing);
  const lo = Math.min(...competing);
  if (hi === lo) return values.map(() => null);
  const [best, worst] = rule.better === 'higher' ? [hi, lo] : [lo, hi];
  return scores.map((s) => (s === best ? 'best' : s === worst ? 'worst' : null));
}
