import type { FactUnit } from '../analysis/analysis-types.ts';

/*
 * The screener's field catalog: every filter, column and sort key, once. Ids equal the analyses' fact
 * keys where a fact exists (`net_margin`, `rsi_14`, `piotroski_f`…), in the same units, so a screener
 * figure reads the same as the analysis page's.
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

const range = (
  id: string,
  category: FieldCategory,
  unit: RangeField['unit'],
  label: string,
  short: string,
  description: string,
  scale: RangeField['scale'] = 'linear',
): RangeField => ({ id, label, short, category, kind: 'range', unit, scale, description });

const choice = (id: string, category: FieldCategory, label: string, short: string, description: string, options?: readonly string[]): ChoiceField => ({
  id,
  label,
  short,
  category,
  kind: 'choice',
  unit: 'label',
  description,
  ...(options ? { options } : {}),
});

/** Technical rating words, bearish first. */
export const RATING_OPTIONS = ['Strong Sell', 'Sell', 'Neutral', 'Buy', 'Strong Buy'] as const;
/** Sector grade letters, worst first. */
export const GRADE_OPTIONS = ['F', 'D', 'C', 'B', 'A'] as const;
export const ALTMAN_ZONE_OPTIONS = ['Distress', 'Grey', 'Safe'] as const;
export const TYPE_OPTIONS = ['ETF', 'Stock'] as const;
export const YES_NO_OPTIONS = ['No', 'Yes'] as const;

export const SCREENER_FIELDS = [
  // Valuation: at the last close, over the latest fiscal year (P/E over the trailing twelve months).
  range(
    'pe_ttm',
    'valuation',
    'times',
    'P/E (trailing twelve months)',
    'P/E',
    'Price over diluted EPS of the last four quarters; missing when earnings are negative.',
  ),
  range(
    'peg_ratio',
    'valuation',
    'times',
    'PEG (P/E over 5-year EPS CAGR)',
    'PEG',
    'P/E divided by the 5-year EPS growth rate in percent; only when both are positive.',
  ),
  range('price_sales', 'valuation', 'times', 'Price / sales', 'P/S', 'Market capitalisation over revenue of the latest fiscal year.'),
  range('price_book', 'valuation', 'times', 'Price / book', 'P/B', "Market capitalisation over shareholders' equity at the latest year end."),
  range('ev_ebitda', 'valuation', 'times', 'EV / EBITDA', 'EV/EBITDA', 'Enterprise value (market cap + debt − cash) over EBITDA of the latest fiscal year.'),
  range('ev_sales', 'valuation', 'times', 'EV / sales', 'EV/S', 'Enterprise value over revenue of the latest fiscal year.'),
  range('fcf_yield', 'valuation', 'percent', 'Free cash flow yield', 'FCF yield', 'Free cash flow of the latest fiscal year over market capitalisation.'),
  // Growth: compound annual rates between fiscal years.
  range('revenue_growth_1y', 'growth', 'percent', '1-year revenue growth', 'Rev. 1y', 'Revenue of the latest fiscal year against the year before.'),
  range('revenue_cagr_3y', 'growth', 'percent', '3-year revenue CAGR', 'Rev. CAGR 3y', 'Compound annual revenue growth over three fiscal years.'),
  range('revenue_cagr_5y', 'growth', 'percent', '5-year revenue CAGR', 'Rev. CAGR 5y', 'Compound annual revenue growth over five fiscal years.'),
  range('eps_cagr_3y', 'growth', 'percent', '3-year EPS CAGR', 'EPS CAGR 3y', 'Compound annual growth of diluted EPS over three fiscal years.'),
  range('eps_cagr_5y', 'growth', 'percent', '5-year EPS CAGR', 'EPS CAGR 5y', 'Compound annual growth of diluted EPS over five fiscal years.'),
  range('fcf_cagr_3y', 'growth', 'percent', '3-year free cash flow CAGR', 'FCF CAGR 3y', 'Compound annual growth of free cash flow over three fiscal years.'),
  range('fcf_cagr_5y', 'growth', 'percent', '5-year free cash flow CAGR', 'FCF CAGR 5y', 'Compound annual growth of free cash flow over five fiscal years.'),
  range(
    'share_count_change',
    'growth',
    'percent',
    '1-year change in diluted shares',
    'Shares 1y',
    'Negative when the company bought back more shares than it issued.',
  ),
  // Profitability: the latest fiscal year.
  range('gross_margin', 'profitability', 'percent', 'Gross margin', 'Gross margin', 'Gross profit over revenue.'),
  range('operating_margin', 'profitability', 'percent', 'Operating margin', 'Op. margin', 'Operating income over revenue.'),
  range('net_margin', 'profitability', 'percent', 'Net margin', 'Net margin', 'Net income over revenue.'),
  range('fcf_margin', 'profitability', 'percent', 'Free cash flow margin', 'FCF margin', 'Free cash flow over revenue.'),
  range('roe', 'profitability', 'percent', 'Return on equity', 'ROE', "Net income over shareholders' equity."),
  range('roa', 'profitability', 'percent', 'Return on assets', 'ROA', 'Net income over total assets.'),
  range('roic', 'profitability', 'percent', 'Return on invested capital', 'ROIC', 'After-tax operating income over debt plus equity minus cash.'),
  range('asset_turnover', 'profitability', 'times', 'Asset turnover', 'Asset turn.', 'Revenue over total assets.'),
  range(
    'sloan_accruals',
    'profitability',
    'percent',
    'Sloan accrual ratio',
    'Accruals',
    'Net income minus operating cash flow, over total assets: high accruals flag low-quality earnings.',
  ),
  // Financial health.
  range('current_ratio', 'health', 'ratio', 'Current ratio', 'Current', 'Current assets over current liabilities; not shown for banks and insurers.'),
  range('quick_ratio', 'health', 'ratio', 'Quick ratio', 'Quick', 'Cash, short-term investments and receivables over current liabilities.'),
  range('debt_to_equity', 'health', 'ratio', 'Debt / equity', 'D/E', "Total debt over shareholders' equity."),
  range('net_debt_to_ebitda', 'health', 'times', 'Net debt / EBITDA', 'ND/EBITDA', 'Debt minus cash, over EBITDA; negative means net cash.'),
  range('interest_cover', 'health', 'times', 'Interest cover', 'Int. cover', 'Operating income over interest expense.'),
  range(
    'net_cash',
    'health',
    'usd',
    'Net cash',
    'Net cash',
    'Cash and short-term investments minus total debt at the latest year end; negative means net debt. Not for banks and insurers.',
  ),
  range('altman_z', 'health', 'score', 'Altman Z-score', 'Altman Z', 'Bankruptcy-risk score (Z for manufacturers, Z″ for others); not computed for banks.'),
  choice('altman_zone', 'health', 'Altman zone', 'Altman zone', 'Safe, grey or distress zone of the Altman score.', ALTMAN_ZONE_OPTIONS),
  range('piotroski_f', 'health', 'score', 'Piotroski F-score (0–9)', 'Piotroski', 'Nine pass/fail tests of profitability, leverage and efficiency.'),
  range('beneish_m', 'health', 'score', 'Beneish M-score', 'Beneish M', 'Earnings-manipulation score; above −1.78 is a warning sign.'),
  // Dividends.
  range(
    'dividend_yield',
    'dividends',
    'percent',
    'Dividend yield (latest fiscal year)',
    'Div. yield',
    'Dividends per share of the latest fiscal year over the last close.',
  ),
  range(
    'dividend_yield_ttm',
    'dividends',
    'percent',
    'Dividend yield (paid, last 12 months)',
    'Yield TTM',
    'Dividends that went ex in the past twelve months over the last close; ETFs included.',
  ),
  range('earnings_payout', 'dividends', 'percent', 'Payout ratio (earnings)', 'Payout', 'Dividends paid over net income.'),
  range('fcf_payout', 'dividends', 'percent', 'Payout ratio (free cash flow)', 'FCF payout', 'Dividends paid over free cash flow.'),
  range(
    'dividend_streak_years',
    'dividends',
    'count',
    'Years without a dividend cut',
    'Div. streak',
    'Consecutive fiscal years, up to 10, in which dividends per share did not fall.',
  ),
  range(
    'dividend_safety',
    'dividends',
    'score',
    'Dividend safety score (0–100)',
    'Div. safety',
    'Payout, cash cover, leverage, streak and earnings stability, weighted; only for payers.',
  ),
  // Technical: daily bars up to the data day (stocks and ETFs with daily prices).
  choice(
    'technical_rating',
    'technical',
    'Technical rating',
    'Rating',
    'Moving averages and oscillators voting buy or sell, TradingView-style.',
    RATING_OPTIONS,
  ),
  range('technical_rating_score', 'technical', 'score', 'Technical rating score (−1 to 1)', 'Rating score', 'The mean of the votes: −1 all sell, 1 all buy.'),
  range('rsi_14', 'technical', 'score', 'RSI (14)', 'RSI 14', "Wilder's relative strength index over 14 days: below 30 oversold, above 70 overbought."),
  range(
    'price_vs_sma_50',
    'technical',
    'percent',
    'Price vs 50-day SMA',
    'vs SMA 50',
    'How far the last close is above (or below) its 50-day simple moving average.',
  ),
  range(
    'price_vs_sma_200',
    'technical',
    'percent',
    'Price vs 200-day SMA',
    'vs SMA 200',
    'How far the last close is above (or below) its 200-day simple moving average.',
  ),
  range(
    'from_52w_high',
    'technical',
    'percent',
    'Distance from 52-week high',
    'vs 52w high',
    'Last close against the highest high of the past year (0 at the high, negative below).',
  ),
  range(
    'from_52w_low',
    'technical',
    'percent',
    'Distance from 52-week low',
    'vs 52w low',
    'Last close against the lowest low of the past year (0 at the low, positive above).',
  ),
  range('return_1m', 'technical', 'percent', '1-month price change', '1m', 'Last close against the month-end close a month earlier.'),
  range('return_3m', 'technical', 'percent', '3-month price change', '3m', 'Last close against the month-end close three months earlier.'),
  range('return_6m', 'technical', 'percent', '6-month price change', '6m', 'Last close against the month-end close six months earlier.'),
  range('return_1y', 'technical', 'percent', '1-year price change', '1y', 'Last close against the month-end close twelve months earlier.'),
  range(
    'return_12m_ex_1m',
    'technical',
    'percent',
    '12-month momentum (skipping the last month)',
    '12-1m',
    'The classic 12-1 momentum: from twelve month-ends ago to a month ago.',
  ),
  range(
    'volatility_1y',
    'technical',
    'percent',
    'Volatility, annualised (1 year)',
    'Volatility',
    'Standard deviation of daily log returns over the past year, annualised.',
  ),
  range(
    'max_drawdown_1y',
    'technical',
    'percent',
    'Maximum drawdown (1 year)',
    'Max DD',
    'Deepest fall from a running peak over the past year, in percent of the peak.',
  ),
  range('beta_1y', 'technical', 'ratio', 'Beta vs SPY (1 year)', 'Beta', 'Slope of daily returns against SPY (S&P 500) over the past year.'),
  // Size, and the fund figures of ETFs.
  range('market_cap', 'size', 'usd', 'Market capitalisation', 'Market cap', 'Last close times the latest diluted share count.', 'log'),
  range('revenue', 'size', 'usd', 'Revenue (latest fiscal year)', 'Revenue', 'Revenue as reported for the latest fiscal year.', 'log'),
  range('net_income', 'size', 'usd', 'Net income (latest fiscal year)', 'Net income', 'Net income as reported for the latest fiscal year.'),
  range('free_cash_flow', 'size', 'usd', 'Free cash flow (latest fiscal year)', 'FCF', 'Operating cash flow minus capital expenditure.'),
  range('price', 'size', 'usd_per_share', 'Price (last close)', 'Price', 'The last close on or before the data day.', 'log'),
  range('aum', 'size', 'usd', 'Assets under management (ETFs)', 'AUM', "The fund's assets as its issuer reports them.", 'log'),
  range('expense_ratio', 'size', 'percent', 'Expense ratio (ETFs)', 'Expense ratio', 'Yearly fee as a share of the assets invested.'),
  // Sector-relative grades: percentile of the metrics among the sector's companies, as letters.
  choice('grade_value', 'grades', 'Value grade', 'Value', 'Earnings, cash flow, EBITDA and book yields against sector peers.', GRADE_OPTIONS),
  choice('grade_growth', 'grades', 'Growth grade', 'Growth', 'Revenue and EPS growth against sector peers.', GRADE_OPTIONS),
  choice('grade_profitability', 'grades', 'Profitability grade', 'Profit.', 'ROE, ROIC and margins against sector peers.', GRADE_OPTIONS),
  choice(
    'grade_health',
    'grades',
    'Financial health grade',
    'Health',
    'Liquidity, leverage, interest cover and Piotroski against sector peers.',
    GRADE_OPTIONS,
  ),
  choice('grade_momentum', 'grades', 'Momentum grade', 'Momentum', '3-, 6- and 12-1-month price changes against sector peers.', GRADE_OPTIONS),
  // Classification.
  choice('sector', 'classification', 'Sector (GICS)', 'Sector', 'GICS sector of the company.'),
  choice('industry', 'classification', 'Industry (GICS sub-industry)', 'Industry', 'GICS sub-industry of the company.'),
  choice('type', 'classification', 'Type', 'Type', 'Stock or exchange-traded fund.', TYPE_OPTIONS),
  choice('exchange', 'classification', 'Exchange', 'Exchange', 'Where the symbol is listed.'),
  choice('sp500', 'classification', 'In the S&P 500', 'S&P 500', 'Whether the company is an S&P 500 constituent.', YES_NO_OPTIONS),
] as const satisfies readonly ScreenerField[];

export type FieldId = (typeof SCREENER_FIELDS)[number]['id'];
export type RangeFieldId = Extract<(typeof SCREENER_FIELDS)[number], { kind: 'range' }>['id'];
export type ChoiceFieldId = Extract<(typeof SCREENER_FIELDS)[number], { kind: 'choice' }>['id'];

export const FIELD_IDS = SCREENER_FIELDS.map((f) => f.id) as FieldId[];

const BY_ID: ReadonlyMap<string, ScreenerField> = new Map(SCREENER_FIELDS.map((f) => [f.id, f]));

export const isFieldId = (id: string): id is FieldId => BY_ID.has(id);

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
