import type { AnalysisKind } from '../analysis/analysis-types.ts';
import { requireFactDefinition } from '../facts/catalogue.ts';
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

interface FigureRow extends RankRule {
  id: FieldId;
  group: string;
}

/** A figure row: which way is better is the fact catalogue's direction, so /compare and the copilot agree. */
const row = <const Id extends FieldId>(id: Id, group: string, positiveOnly = false): FigureRow & { id: Id } => ({
  id,
  group,
  better: requireFactDefinition(id).direction,
  ...(positiveOnly ? { positiveOnly: true } : {}),
});

/** The free market figures, computed per symbol by the screener's engines. */
export const FIGURE_ROWS = [
  row('market_cap', 'Size and valuation'),
  row('pe_ttm', 'Size and valuation', true),
  row('price_sales', 'Size and valuation', true),
  row('ev_ebitda', 'Size and valuation', true),
  row('fcf_yield', 'Size and valuation'),
  row('gross_margin', 'Profitability'),
  row('operating_margin', 'Profitability'),
  row('net_margin', 'Profitability'),
  row('roe', 'Profitability'),
  row('revenue_growth_1y', 'Growth'),
  row('revenue_cagr_3y', 'Growth'),
  row('eps_cagr_3y', 'Growth'),
  row('dividend_yield_ttm', 'Dividends and debt'),
  row('debt_to_equity', 'Dividends and debt', true),
  row('net_debt_to_ebitda', 'Dividends and debt'),
  row('current_ratio', 'Dividends and debt'),
  row('return_1y', 'Price over the last year'),
  row('volatility_1y', 'Price over the last year'),
  row('max_drawdown_1y', 'Price over the last year'),
  row('beta_1y', 'Price over the last year'),
  row('expense_ratio', 'Funds'),
] as const satisfies readonly FigureRow[];

export type CompareFigureId = (typeof FIGURE_ROWS)[number]['id'];
export const FIGURE_IDS: readonly CompareFigureId[] = FIGURE_ROWS.map((r) => r.id);

/** A figure row's label and unit, from the fact catalogue. */
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

/** A saved-analysis row: label, unit and which way is better from the fact catalogue. */
const analysisRow = (kind: CompareKind, key: string, options?: readonly string[]): AnalysisRow => {
  const d = requireFactDefinition(key);
  if (d.unit !== 'label' && d.unit !== 'usd_per_share' && d.unit !== 'percent') throw new Error(`compare cannot show ${key} in ${d.unit}`);
  return { kind, key, label: d.label, unit: d.unit, better: d.direction, ...(options ? { options } : {}) };
};

export const ANALYSIS_ROWS: readonly AnalysisRow[] = [
  analysisRow('overview', 'grade_value', GRADE_OPTIONS),
  analysisRow('overview', 'grade_growth', GRADE_OPTIONS),
  analysisRow('overview', 'grade_profitability', GRADE_OPTIONS),
  analysisRow('overview', 'grade_health', GRADE_OPTIONS),
  analysisRow('overview', 'grade_momentum', GRADE_OPTIONS),
  analysisRow('technical', 'technical_rating', RATING_OPTIONS),
  analysisRow('dcf', 'fair_value_per_share'),
  analysisRow('dcf', 'upside_percent'),
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
