import type { FactUnit } from '../analysis/analysis-types.ts';
import { requireFactDefinition } from '../facts/catalogue.ts';

/*
 * The screener's fields: which facts of the catalogue (core/facts/catalogue.ts) can be filtered, shown and
 * sorted, in which category and on which histogram scale. Id, label, header, unit and description are the
 * catalogue's, so a screener figure is named and written as the analysis page names and writes it.
 */

export const FIELD_CATEGORIES = ['valuation', 'growth', 'profitability', 'health', 'dividends', 'technical', 'size', 'grades', 'classification'] as const;
export type FieldCategory = (typeof FIELD_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<FieldCategory, string> = {
  valuation: 'Valuation',
  growth: 'Growth',
  profitability: 'Profitability',
  health: 'Financial health',
  dividends: 'Dividends',
  technical: 'Technical',
  size: 'Size and funds',
  grades: 'Sector grades',
  classification: 'Classification',
};

/** Units of a field: the fact units (percent 26.92 = 26.92 %; usd whole dollars; times 12.5 = 12.5×). */
export type FieldUnit = Exclude<FactUnit, 'shares'>;

interface FieldBase {
  id: string;
  /** The full name, as a filter label. */
  label: string;
  /** A column header that fits a table cell. */
  short: string;
  category: FieldCategory;
  /** One sentence on what the figure is and where it comes from. */
  description: string;
}

export interface RangeField extends FieldBase {
  kind: 'range';
  unit: Exclude<FieldUnit, 'label'>;
  /** How a histogram spaces its bins: `log` for sizes spanning orders of magnitude. */
  scale: 'linear' | 'log';
}

export interface ChoiceField extends FieldBase {
  kind: 'choice';
  unit: 'label';
  /**
   * The possible values in their sort order (worst first, so `desc` puts the best first), for fields
   * with a fixed set; absent when the universe decides them (sector, industry, exchange), sorted A–Z.
   */
  options?: readonly string[];
}

export type ScreenerField = RangeField | ChoiceField;

/** A field's label, header, unit and description: the fact catalogue's (core/facts/catalogue.ts), never a copy. */
function describe(id: string) {
  const d = requireFactDefinition(id);
  return { id, label: d.label, short: d.short, description: d.description, unit: d.unit };
}

const range = <const Id extends string>(id: Id, category: FieldCategory, scale: RangeField['scale'] = 'linear'): RangeField & { id: Id } => {
  const d = describe(id);
  if (d.unit === 'label' || d.unit === 'shares') throw new Error(`screener range field "${id}" has no numeric unit in the catalogue`);
  return { ...d, id, unit: d.unit, category, kind: 'range', scale };
};

const choice = <const Id extends string>(id: Id, category: FieldCategory, options?: readonly string[]): ChoiceField & { id: Id } => {
  const d = describe(id);
  if (d.unit !== 'label') throw new Error(`screener choice field "${id}" is not a label in the catalogue`);
  return { ...d, id, unit: 'label', category, kind: 'choice', ...(options ? { options } : {}) };
};

/** Technical rating words, bearish first. */
export const RATING_OPTIONS = ['Strong Sell', 'Sell', 'Neutral', 'Buy', 'Strong Buy'] as const;
/** Sector grade letters, worst first. */
export const GRADE_OPTIONS = ['F', 'D', 'C', 'B', 'A'] as const;
const ALTMAN_ZONE_OPTIONS = ['Distress', 'Grey', 'Safe'] as const;
const TYPE_OPTIONS = ['ETF', 'Stock'] as const;
const YES_NO_OPTIONS = ['No', 'Yes'] as const;

export const SCREENER_FIELDS = [
  // Valuation: at the last close, over the latest fiscal year (P/E over the trailing twelve months).
  range('pe_ttm', 'valuation'),
  range('peg_ratio', 'valuation'),
  range('price_sales', 'valuation'),
  range('price_book', 'valuation'),
  range('ev_ebitda', 'valuation'),
  range('ev_sales', 'valuation'),
  range('fcf_yield', 'valuation'),
  // Growth: compound annual rates between fiscal years.
  range('revenue_growth_1y', 'growth'),
  range('revenue_cagr_3y', 'growth'),
  range('revenue_cagr_5y', 'growth'),
  range('eps_cagr_3y', 'growth'),
  range('eps_cagr_5y', 'growth'),
  range('fcf_cagr_3y', 'growth'),
  range('fcf_cagr_5y', 'growth'),
  range('share_count_change', 'growth'),
  // Profitability: the latest fiscal year.
  range('gross_margin', 'profitability'),
  range('operating_margin', 'profitability'),
  range('net_margin', 'profitability'),
  range('fcf_margin', 'profitability'),
  range('roe', 'profitability'),
  range('roa', 'profitability'),
  range('roic', 'profitability'),
  range('asset_turnover', 'profitability'),
  range('sloan_accruals', 'profitability'),
  // Financial health.
  range('current_ratio', 'health'),
  range('quick_ratio', 'health'),
  range('debt_to_equity', 'health'),
  range('net_debt_to_ebitda', 'health'),
  range('interest_cover', 'health'),
  range('net_cash', 'health'),
  range('altman_z', 'health'),
  choice('altman_zone', 'health', ALTMAN_ZONE_OPTIONS),
  range('piotroski_f', 'health'),
  range('beneish_m', 'health'),
  // Dividends.
  range('dividend_yield', 'dividends'),
  range('dividend_yield_ttm', 'dividends'),
  range('earnings_payout', 'dividends'),
  range('fcf_payout', 'dividends'),
  range('dividend_streak_years', 'dividends'),
  range('dividend_safety', 'dividends'),
  // Technical: daily bars up to the data day (stocks and ETFs with daily prices).
  choice('technical_rating', 'technical', RATING_OPTIONS),
  range('technical_rating_score', 'technical'),
  range('rsi_14', 'technical'),
  range('price_vs_sma_50', 'technical'),
  range('price_vs_sma_200', 'technical'),
  range('from_52w_high', 'technical'),
  range('from_52w_low', 'technical'),
  range('return_1m', 'technical'),
  range('return_3m', 'technical'),
  range('return_6m', 'technical'),
  range('return_1y', 'technical'),
  range('return_12m_ex_1m', 'technical'),
  range('volatility_1y', 'technical'),
  range('max_drawdown_1y', 'technical'),
  range('beta_1y', 'technical'),
  // Size, and the fund figures of ETFs.
  range('market_cap', 'size', 'log'),
  range('revenue', 'size', 'log'),
  range('net_income', 'size'),
  range('free_cash_flow', 'size'),
  range('price', 'size', 'log'),
  range('aum', 'size', 'log'),
  range('expense_ratio', 'size'),
  // Sector-relative grades: percentile of the metrics among the sector's companies, as letters.
  choice('grade_value', 'grades', GRADE_OPTIONS),
  choice('grade_growth', 'grades', GRADE_OPTIONS),
  choice('grade_profitability', 'grades', GRADE_OPTIONS),
  choice('grade_health', 'grades', GRADE_OPTIONS),
  choice('grade_momentum', 'grades', GRADE_OPTIONS),
  // Classification.
  choice('sector', 'classification'),
  choice('industry', 'classification'),
  choice('type', 'classification', TYPE_OPTIONS),
  choice('exchange', 'classification'),
  choice('sp500', 'classification', YES_NO_OPTIONS),
] as const satisfies readonly ScreenerField[];

export type FieldId = (typeof SCREENER_FIELDS)[number]['id'];

export const FIELD_IDS = SCREENER_FIELDS.map((f) => f.id) as FieldId[];

const BY_ID: ReadonlyMap<string, ScreenerField> = new Map(SCREENER_FIELDS.map((f) => [f.id, f]));

/** The field, or undefined for an unknown id. */
export const findField = (id: string): ScreenerField | undefined => BY_ID.get(id);

/** Columns a screen shows when it names none: who, how big, how cheap, how good, how it trades. */
export const DEFAULT_COLUMNS: readonly FieldId[] = [
  'market_cap',
  'pe_ttm',
  'revenue_growth_1y',
  'net_margin',
  'dividend_yield_ttm',
  'rsi_14',
  'return_1y',
  'sector',
];
export const DEFAULT_SORT = { field: 'market_cap', dir: 'desc' } as const satisfies { field: FieldId; dir: 'asc' | 'desc' };
