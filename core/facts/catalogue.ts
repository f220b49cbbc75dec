import type { FactUnit } from '../analysis/analysis-types.ts';

/*
 * The fact catalogue (issue 28): every figure the product states is defined here once — its key, the
 * label a person reads, the short column header, its unit, the period it covers, which way is better and
 * one sentence on what it is. The analyses' facts, the screener's fields, /compare, the watchlist and
 * smart-yield columns, the copilot's metric catalog and the web all take key, label, unit and format from
 * here (format: ./format-fact.ts). Two periods of one idea are two keys with two labels
 * (`dividend_yield` over the fiscal year, `dividend_yield_ttm` over the dividends paid in the last twelve
 * months), never one label with two values.
 *
 * The formulas are the engines' (core/analysis/fundamentals, core/analysis/indicators); each definition
 * names the engine's formula in words, and `computeSymbolFacts` (./symbol-facts.ts) is the one function
 * that runs them for a symbol and a data day.
 */

/** The period a figure covers. */
export type FactBasis =
  /** On the data day: a close, a share count times a close, a fund's latest report. */
  | 'point_in_time'
  /** The last four quarters (or the last fiscal year plus the interim quarters since). */
  | 'trailing_12_months'
  /** The latest fiscal year's statements (with the data day's price for market multiples). */
  | 'fiscal_year'
  /** Compound growth across fiscal years. */
  | 'fiscal_years'
  /** Daily bars over the past year up to the data day. */
  | 'trailing_year'
  /** Daily bars up to the data day (indicators with their own look-back). */
  | 'daily_bars'
  /** Against the company's sector peers in the sector table. */
  | 'sector_peers'
  /** A model's assumption or the user's input (DCF). */
  | 'assumption';

/** Which way a figure is better; null when neither (size, price, beta). */
type FactDirection = 'higher' | 'lower' | null;

interface FactDefinition {
  key: string;
  /** The full name a person reads (a table row, a filter, a note). Units are not repeated in it. */
  label: string;
  /** A column header that fits a table cell. */
  short: string;
  unit: FactUnit;
  basis: FactBasis;
  direction: FactDirection;
  /** One sentence: what the figure is and how it is computed. */
  description: string;
  /**
   * The label may carry context the key cannot (the compared fund's symbol, the fiscal year of the base
   * cash flow, which Altman model applied, the driver of an attribution): the sheet then takes the
   * caller's label, but unit and format stay the catalogue's.
   */
  contextLabel?: true;
}

type Row = [key: string, label: string, short: string, unit: FactUnit, basis: FactBasis, direction: FactDirection, description: string];

const rows = (list: readonly Row[], extra: Partial<FactDefinition> = {}): FactDefinition[] =>
  list.map(([key, label, short, unit, basis, direction, description]) => ({ key, label, short, unit, basis, direction, description, ...extra }));

const VALUATION: Row[] = [
  ['price', 'Price', 'Price', 'usd_per_share', 'point_in_time', null, 'The last close on or before the data day.'],
  [
    'quote_price',
    'Price (delayed quote)',
    'Quote',
    'usd_per_share',
    'point_in_time',
    null,
    "The latest delayed quote; the analyses value at the data day's close.",
  ],
  ['market_cap', 'Market capitalisation', 'Market cap', 'usd', 'point_in_time', null, 'Last close times the latest diluted share count.'],
  [
    'shares_diluted',
    'Shares outstanding (diluted)',
    'Shares',
    'shares',
    'point_in_time',
    null,
    'The diluted share count of the latest period filed: what the market capitalisation multiplies the close by.',
  ],
  [
    'revenue_ttm',
    'Revenue (trailing twelve months)',
    'Revenue TTM',
    'usd',
    'trailing_12_months',
    null,
    'Revenue of the last four quarters, or the last fiscal year plus the quarters since.',
  ],
  [
    'eps_ttm',
    'EPS, diluted (trailing twelve months)',
    'EPS TTM',
    'usd_per_share',
    'trailing_12_months',
    null,
    'Diluted earnings per share of the last four quarters, or the last fiscal year plus the quarters since.',
  ],
  [
    'dividend_per_share_ttm',
    'Dividends per share (trailing twelve months)',
    'Div./share TTM',
    'usd_per_share',
    'trailing_12_months',
    null,
    'Dividends with an ex-date in the twelve months to the data day, per share; the period names the last ex-date.',
  ],
  [
    'last_report_date',
    'Last report',
    'Last report',
    'label',
    'point_in_time',
    null,
    'When the latest quarterly or annual report was filed, and the period it covers.',
  ],
  [
    'next_report_expected',
    'Next report (expected)',
    'Next report',
    'label',
    'point_in_time',
    null,
    "An estimate: the next quarter's end plus the company's usual delay (the median of its last four reports).",
  ],
  [
    'pe_ttm',
    'P/E (trailing twelve months)',
    'P/E',
    'times',
    'trailing_12_months',
    'lower',
    'Price over diluted EPS of the last four quarters; missing when earnings are negative.',
  ],
  [
    'peg_ratio',
    'PEG (P/E over 5-year EPS CAGR)',
    'PEG',
    'times',
    'fiscal_years',
    'lower',
    'P/E divided by the 5-year EPS growth rate in percent; only when both are positive.',
  ],
  ['price_sales', 'Price / sales', 'P/S', 'times', 'fiscal_year', 'lower', 'Market capitalisation over revenue of the latest fiscal year.'],
  ['price_book', 'Price / book', 'P/B', 'times', 'fiscal_year', 'lower', "Market capitalisation over shareholders' equity at the latest year end."],
  [
    'price_to_affo',
    'Price / AFFO',
    'P/AFFO',
    'times',
    'fiscal_year',
    'lower',
    'Market capitalisation over adjusted funds from operations: how REITs are priced, as net income is struck after depreciating the buildings.',
  ],
  [
    'price_tangible_book',
    'Price / tangible book',
    'P/TBV',
    'times',
    'fiscal_year',
    'lower',
    "Market capitalisation over shareholders' equity less goodwill and intangibles: how banks are priced.",
  ],
  [
    'ev_ebitda',
    'EV / EBITDA',
    'EV/EBITDA',
    'times',
    'fiscal_year',
    'lower',
    'Enterprise value (market cap + debt − cash) over EBITDA of the latest fiscal year.',
  ],
  ['ev_sales', 'EV / sales', 'EV/S', 'times', 'fiscal_year', 'lower', 'Enterprise value over revenue of the latest fiscal year.'],
  [
    'fcf_yield',
    'Free cash flow yield',
    'FCF yield',
    'percent',
    'fiscal_year',
    'higher',
    'Free cash flow of the latest fiscal year over market capitalisation.',
  ],
];

const GROWTH: Row[] = [
  ['revenue_growth_1y', '1-year revenue growth', 'Rev. 1y', 'percent', 'fiscal_years', 'higher', 'Revenue of the latest fiscal year against the year before.'],
  ['revenue_cagr_3y', '3-year revenue CAGR', 'Rev. CAGR 3y', 'percent', 'fiscal_years', 'higher', 'Compound annual revenue growth over three fiscal years.'],
  ['revenue_cagr_5y', '5-year revenue CAGR', 'Rev. CAGR 5y', 'percent', 'fiscal_years', 'higher', 'Compound annual revenue growth over five fiscal years.'],
  [
    'book_value_per_share_cagr_5y',
    '5-year book value per share CAGR',
    'BVPS CAGR 5y',
    'percent',
    'fiscal_years',
    'higher',
    "Compound annual growth of shareholders' equity per diluted share over five fiscal years: how an insurer is judged over a cycle.",
  ],
  ['eps_cagr_3y', '3-year EPS CAGR', 'EPS CAGR 3y', 'percent', 'fiscal_years', 'higher', 'Compound annual growth of diluted EPS over three fiscal years.'],
  ['eps_cagr_5y', '5-year EPS CAGR', 'EPS CAGR 5y', 'percent', 'fiscal_years', 'higher', 'Compound annual growth of diluted EPS over five fiscal years.'],
  [
    'fcf_cagr_3y',
    '3-year free cash flow CAGR',
    'FCF CAGR 3y',
    'percent',
    'fiscal_years',
    'higher',
    'Compound annual growth of free cash flow over three fiscal years.',
  ],
  [
    'fcf_cagr_5y',
    '5-year free cash flow CAGR',
    'FCF CAGR 5y',
    'percent',
    'fiscal_years',
    'higher',
    'Compound annual growth of free cash flow over five fiscal years.',
  ],
  [
    'share_count_change',
    '1-year change in diluted shares',
    'Shares 1y',
    'percent',
    'fiscal_years',
    'lower',
    'Negative when the company bought back more shares than it issued.',
  ],
];

const PROFITABILITY: Row[] = [
  ['gross_margin', 'Gross margin', 'Gross margin', 'percent', 'fiscal_year', 'higher', 'Gross profit over revenue.'],
  ['operating_margin', 'Operating margin', 'Op. margin', 'percent', 'fiscal_year', 'higher', 'Operating income over revenue.'],
  ['net_margin', 'Net margin', 'Net margin', 'percent', 'fiscal_year', 'higher', 'Net income over revenue.'],
  ['fcf_margin', 'Free cash flow margin', 'FCF margin', 'percent', 'fiscal_year', 'higher', 'Free cash flow over revenue.'],
  ['roe', 'Return on equity', 'ROE', 'percent', 'fiscal_year', 'higher', "Net income over shareholders' equity."],
  [
    'rote',
    'Return on tangible equity',
    'ROTE',
    'percent',
    'fiscal_year',
    'higher',
    "Net income over shareholders' equity less goodwill and intangibles, at the year end: a bank's measure of returns.",
  ],
  [
    'efficiency_ratio',
    'Efficiency ratio',
    'Efficiency',
    'percent',
    'fiscal_year',
    'lower',
    "A bank's non-interest expense over its net revenue: the cost of earning a dollar.",
  ],
  [
    'combined_ratio',
    'Combined ratio',
    'Combined',
    'percent',
    'fiscal_year',
    'lower',
    "An insurer's claims and expenses over the premiums it earned; under 100 % is an underwriting profit.",
  ],
  ['roa', 'Return on assets', 'ROA', 'percent', 'fiscal_year', 'higher', 'Net income over total assets.'],
  ['roic', 'Return on invested capital', 'ROIC', 'percent', 'fiscal_year', 'higher', 'After-tax operating income over debt plus equity minus cash.'],
  ['asset_turnover', 'Asset turnover', 'Asset turn.', 'times', 'fiscal_year', 'higher', 'Revenue over total assets.'],
  [
    'sloan_accruals',
    'Sloan accrual ratio',
    'Accruals',
    'percent',
    'fiscal_year',
    'lower',
    'Net income minus operating cash flow, over total assets: high accruals flag low-quality earnings.',
  ],
];

const HEALTH: Row[] = [
  ['current_ratio', 'Current ratio', 'Current', 'ratio', 'fiscal_year', 'higher', 'Current assets over current liabilities; not shown for banks and insurers.'],
  ['quick_ratio', 'Quick ratio', 'Quick', 'ratio', 'fiscal_year', 'higher', 'Cash, short-term investments and receivables over current liabilities.'],
  ['debt_to_equity', 'Debt / equity', 'D/E', 'ratio', 'fiscal_year', 'lower', "Total debt over shareholders' equity."],
  ['net_debt_to_ebitda', 'Net debt / EBITDA', 'ND/EBITDA', 'times', 'fiscal_year', 'lower', 'Debt minus cash, over EBITDA; negative means net cash.'],
  ['interest_cover', 'Interest cover', 'Int. cover', 'times', 'fiscal_year', 'higher', 'Operating income over interest expense.'],
  [
    'net_cash',
    'Net cash',
    'Net cash',
    'usd',
    'fiscal_year',
    'higher',
    'Cash and short-term investments minus total debt at the latest year end; negative means net debt. Not for banks and insurers.',
  ],
  ['altman_zone', 'Altman zone', 'Altman zone', 'label', 'fiscal_year', 'higher', 'Safe, grey or distress zone of the Altman score.'],
  ['piotroski_f', 'Piotroski F-score (0–9)', 'Piotroski', 'score', 'fiscal_year', 'higher', 'Nine pass/fail tests of profitability, leverage and efficiency.'],
  [
    'piotroski_tests_run',
    'Piotroski tests with all inputs',
    'Tests run',
    'count',
    'fiscal_year',
    null,
    'How many of the nine Piotroski tests had every input they need.',
  ],
  [
    'tangible_equity_ratio',
    'Tangible equity / tangible assets',
    'TE/TA',
    'percent',
    'fiscal_year',
    'higher',
    "Equity less goodwill and intangibles, over assets less the same: a bank's capital cushion as its statements show it.",
  ],
  ['beneish_m', 'Beneish M-score', 'Beneish M', 'score', 'fiscal_year', 'lower', 'Earnings-manipulation score; above −1.78 is a warning sign.'],
];

const DIVIDENDS: Row[] = [
  [
    'dividend_yield',
    'Dividend yield (last fiscal year)',
    'Div. yield FY',
    'percent',
    'fiscal_year',
    // No direction: a higher yield is better only when the payout behind it is safe (a 93 % payout's yield is a warning).
    null,
    'Dividends per share of the latest fiscal year over the last close.',
  ],
  [
    'dividend_yield_ttm',
    'Dividend yield (trailing 12 months)',
    'Yield TTM',
    'percent',
    'trailing_12_months',
    null,
    'Cash dividends that went ex in the twelve months to the data day, over the last close; ETFs included.',
  ],
  ['earnings_payout', 'Payout ratio (earnings)', 'Payout', 'percent', 'fiscal_year', 'lower', 'Dividends paid over net income.'],
  ['fcf_payout', 'Payout ratio (free cash flow)', 'FCF payout', 'percent', 'fiscal_year', 'lower', 'Dividends paid over free cash flow.'],
  [
    'dividend_streak_years',
    'Years without a dividend cut',
    'Div. streak',
    'count',
    'fiscal_years',
    'higher',
    'Consecutive years in which the regular dividend per share did not fall, over the longest history the data holds (the period says "at least" when it reaches the start of the data).',
  ],
  [
    'dividend_safety',
    'Dividend safety score (0–100)',
    'Div. safety',
    'score',
    'fiscal_year',
    'higher',
    'Payout, cash cover, leverage, streak and earnings stability, weighted; only for payers.',
  ],
];

const TECHNICAL: Row[] = [
  ['close', 'Close', 'Close', 'usd_per_share', 'point_in_time', null, 'The last daily close on or before the data day.'],
  ['technical_rating', 'Technical rating', 'Rating', 'label', 'daily_bars', 'higher', 'Moving averages and oscillators voting buy or sell, TradingView-style.'],
  [
    'technical_rating_score',
    'Technical rating score (−1 to 1)',
    'Rating score',
    'score',
    'daily_bars',
    'higher',
    'The mean of the votes: −1 all sell, 1 all buy.',
  ],
  ['ma_rating', 'Moving averages rating', 'MA rating', 'label', 'daily_bars', 'higher', 'The moving-average votes alone.'],
  ['oscillator_rating', 'Oscillators rating', 'Osc. rating', 'label', 'daily_bars', 'higher', 'The oscillator votes alone.'],
  ['ma_buy_votes', 'Moving averages voting buy', 'MA buy', 'count', 'daily_bars', null, 'Moving averages below the last close.'],
  ['ma_sell_votes', 'Moving averages voting sell', 'MA sell', 'count', 'daily_bars', null, 'Moving averages above the last close.'],
  ['ma_votes', 'Moving averages voting', 'MA votes', 'count', 'daily_bars', null, 'Moving averages with enough history to vote.'],
  ['oscillator_buy_votes', 'Oscillators voting buy', 'Osc. buy', 'count', 'daily_bars', null, 'Oscillators voting buy.'],
  ['oscillator_sell_votes', 'Oscillators voting sell', 'Osc. sell', 'count', 'daily_bars', null, 'Oscillators voting sell.'],
  ['oscillator_votes', 'Oscillators voting', 'Osc. votes', 'count', 'daily_bars', null, 'Oscillators with enough history to vote.'],
  ['rsi_14', 'RSI (14)', 'RSI 14', 'score', 'daily_bars', null, "Wilder's relative strength index over 14 days: below 30 oversold, above 70 overbought."],
  ['sma_50', 'SMA (50)', 'SMA 50', 'usd_per_share', 'daily_bars', null, 'Mean of the last 50 daily closes.'],
  ['sma_200', 'SMA (200)', 'SMA 200', 'usd_per_share', 'daily_bars', null, 'Mean of the last 200 daily closes.'],
  ['ema_20', 'EMA (20)', 'EMA 20', 'usd_per_share', 'daily_bars', null, 'Exponentially weighted mean of the daily closes, 20-day span.'],
  ['macd', 'MACD (12, 26)', 'MACD', 'ratio', 'daily_bars', null, '12-day EMA minus 26-day EMA of the closes, in dollars.'],
  ['macd_signal', 'MACD signal (9)', 'MACD signal', 'ratio', 'daily_bars', null, '9-day EMA of the MACD.'],
  ['macd_histogram', 'MACD histogram', 'MACD hist.', 'ratio', 'daily_bars', null, 'MACD minus its signal line.'],
  ['bb_upper', 'Bollinger upper (20, 2)', 'BB upper', 'usd_per_share', 'daily_bars', null, '20-day mean plus two standard deviations.'],
  ['bb_lower', 'Bollinger lower (20, 2)', 'BB lower', 'usd_per_share', 'daily_bars', null, '20-day mean minus two standard deviations.'],
  [
    'atr_14',
    'ATR (14)',
    'ATR 14',
    'usd_per_share',
    'daily_bars',
    null,
    "Average true range over 14 days, Wilder's smoothing of each day's range including any gap from the previous close.",
  ],
  [
    'price_vs_sma_50',
    'Price vs 50-day SMA',
    'vs SMA 50',
    'percent',
    'daily_bars',
    null,
    'How far the last close is above (or below) its 50-day simple moving average.',
  ],
  [
    'price_vs_sma_200',
    'Price vs 200-day SMA',
    'vs SMA 200',
    'percent',
    'daily_bars',
    null,
    'How far the last close is above (or below) its 200-day simple moving average.',
  ],
  [
    'from_52w_high',
    'Distance from 52-week high',
    'vs 52w high',
    'percent',
    'trailing_year',
    'higher',
    'Last close against the highest high of the past year (0 at the high, negative below).',
  ],
  [
    'from_52w_low',
    'Distance from 52-week low',
    'vs 52w low',
    'percent',
    'trailing_year',
    null,
    'Last close against the lowest low of the past year (0 at the low, positive above).',
  ],
  [
    'return_1m',
    '1-month price change',
    '1m',
    'percent',
    'trailing_year',
    'higher',
    'Last close against the last close on or before the same day a month earlier.',
  ],
  [
    'return_3m',
    '3-month price change',
    '3m',
    'percent',
    'trailing_year',
    'higher',
    'Last close against the last close on or before the same day three months earlier.',
  ],
  [
    'return_6m',
    '6-month price change',
    '6m',
    'percent',
    'trailing_year',
    'higher',
    'Last close against the last close on or before the same day six months earlier.',
  ],
  [
    'return_1y',
    '1-year price change',
    '1y',
    'percent',
    'trailing_year',
    'higher',
    'Last close against the last close on or before the same day a year earlier (dividends not included).',
  ],
  [
    'return_12m_ex_1m',
    '12-month momentum (skipping the last month)',
    '12-1m',
    'percent',
    'trailing_year',
    'higher',
    'The classic 12-1 momentum: from the close a year ago to the close a month ago (each the last on or before that day).',
  ],
  [
    'volatility_1y',
    'Volatility, annualised (1 year)',
    'Volatility',
    'percent',
    'trailing_year',
    'lower',
    'Standard deviation of daily log returns over the past year, annualised.',
  ],
  [
    'max_drawdown_1y',
    'Maximum drawdown (1 year)',
    'Max DD',
    'percent',
    'trailing_year',
    'lower',
    'Deepest fall from a running peak over the past year, in percent of the peak.',
  ],
  ['beta_1y', 'Beta vs SPY (S&P 500), 1 year', 'Beta', 'ratio', 'trailing_year', null, 'Slope of daily returns against SPY (S&P 500) over the past year.'],
  [
    'correlation_1y',
    'Correlation with SPY, 1 year',
    'Correlation',
    'ratio',
    'trailing_year',
    null,
    'Correlation of daily returns with SPY (S&P 500) over the past year.',
  ],
  ['support_1', 'Nearest support', 'Support', 'usd_per_share', 'trailing_year', null, 'The nearest swing low below the last close in the past year.'],
  [
    'support_1_distance',
    'Distance to nearest support',
    'to support',
    'percent',
    'trailing_year',
    null,
    'How far the last close would fall to reach the nearest support.',
  ],
  ['resistance_1', 'Nearest resistance', 'Resistance', 'usd_per_share', 'trailing_year', null, 'The nearest swing high above the last close in the past year.'],
  [
    'resistance_1_distance',
    'Distance to nearest resistance',
    'to resistance',
    'percent',
    'trailing_year',
    null,
    'How far the last close would rise to reach the nearest resistance.',
  ],
];

const LINES: Row[] = [
  ['revenue', 'Revenue', 'Revenue', 'usd', 'fiscal_year', 'higher', 'Revenue as reported for the latest fiscal year.'],
  ['gross_profit', 'Gross profit', 'Gross profit', 'usd', 'fiscal_year', 'higher', 'Revenue minus cost of revenue, as reported.'],
  ['operating_income', 'Operating income', 'Op. income', 'usd', 'fiscal_year', 'higher', 'Income from operations, as reported.'],
  ['net_income', 'Net income', 'Net income', 'usd', 'fiscal_year', 'higher', 'Net income as reported for the latest fiscal year.'],
  ['ebitda', 'EBITDA', 'EBITDA', 'usd', 'fiscal_year', 'higher', 'Operating income plus depreciation and amortisation.'],
  ['operating_cash_flow', 'Operating cash flow', 'Op. cash flow', 'usd', 'fiscal_year', 'higher', 'Cash from operations, as reported.'],
  ['capital_expenditure', 'Capital expenditure', 'Capex', 'usd', 'fiscal_year', null, 'Cash spent on property, plant and equipment.'],
  ['free_cash_flow', 'Free cash flow', 'FCF', 'usd', 'fiscal_year', 'higher', 'Operating cash flow minus capital expenditure.'],
  ['dividends_paid', 'Dividends paid', 'Dividends', 'usd', 'fiscal_year', null, 'Cash dividends paid to shareholders in the fiscal year.'],
  ['eps_diluted', 'Diluted EPS', 'EPS', 'usd_per_share', 'fiscal_year', 'higher', 'Diluted earnings per share as reported for the fiscal year.'],
  ['dividends_per_share', 'Dividends per share', 'DPS', 'usd_per_share', 'fiscal_year', null, 'Dividends declared per share in the fiscal year, as reported.'],
  ['stock_based_compensation', 'Stock-based compensation', 'SBC', 'usd', 'fiscal_year', 'lower', 'Pay in shares and options, a cost not paid in cash.'],
  ['cash', 'Cash', 'Cash', 'usd', 'fiscal_year', null, 'Cash and cash equivalents at the year end.'],
  ['current_assets', 'Current assets', 'Cur. assets', 'usd', 'fiscal_year', null, 'Assets expected to turn into cash within a year.'],
  ['total_assets', 'Total assets', 'Assets', 'usd', 'fiscal_year', null, 'Everything the company owns, at the year end.'],
  ['current_liabilities', 'Current liabilities', 'Cur. liab.', 'usd', 'fiscal_year', null, 'Obligations due within a year.'],
  ['total_debt', 'Total debt', 'Debt', 'usd', 'fiscal_year', 'lower', 'Short- and long-term borrowings, at the year end.'],
  ['total_liabilities', 'Total liabilities', 'Liabilities', 'usd', 'fiscal_year', null, 'Everything the company owes, at the year end.'],
  ['total_equity', 'Shareholders’ equity', 'Equity', 'usd', 'fiscal_year', null, 'Total assets minus total liabilities (the parent’s share).'],
];

const FUNDS: Row[] = [
  ['aum', 'Assets under management', 'AUM', 'usd', 'point_in_time', null, "The fund's assets as its issuer reports them."],
  ['expense_ratio', 'Expense ratio (a year)', 'Expense ratio', 'percent', 'point_in_time', 'lower', 'Yearly fee as a share of the assets invested.'],
  [
    'expense_cost_10y',
    'Fees over 10 years on $10,000 (5% a year before fees)',
    'Fees 10y',
    'usd',
    'point_in_time',
    'lower',
    'What the expense ratio costs a $10,000 holding over ten years, growing 5 % a year before fees.',
  ],
  ['top10_weight', 'Top 10 holdings, share of the fund', 'Top 10', 'percent', 'point_in_time', null, 'Weight of the ten largest holdings.'],
  ['holdings_count', 'Holdings', 'Holdings', 'count', 'point_in_time', null, 'Number of holdings the fund reports.'],
  [
    'effective_holdings',
    'Effective number of holdings (1 / HHI)',
    'Eff. holdings',
    'ratio',
    'point_in_time',
    'higher',
    'One over the sum of squared weights: how many equal holdings the fund behaves like.',
  ],
  ['largest_holding', 'Largest holding', 'Largest', 'label', 'point_in_time', null, 'The holding with the largest weight.'],
  ['largest_holding_weight', 'Largest holding, share of the fund', 'Largest wt.', 'percent', 'point_in_time', null, 'Weight of the largest holding.'],
  ['top_sector', 'Largest sector', 'Top sector', 'label', 'point_in_time', null, 'The sector with the largest weight.'],
  ['top_sector_weight', 'Largest sector, share of the fund', 'Top sector wt.', 'percent', 'point_in_time', null, 'Weight of the largest sector.'],
  [
    'distribution_yield',
    'Distribution yield (issuer reported)',
    'Dist. yield',
    'percent',
    'point_in_time',
    'higher',
    "The yield the fund's issuer reports, where no dividend history is on file.",
  ],
  ['compare_etf', 'Compared with', 'vs', 'label', 'point_in_time', null, 'The fund the overlap is measured against.'],
];

const DCF: Row[] = [
  [
    'fair_value_per_share',
    'Fair value per share',
    'Fair value',
    'usd_per_share',
    'assumption',
    null,
    "The blended central value: the company's valuation model weighted with its sector multiples (and a dividend discount model for stable payers).",
  ],
  [
    'fair_value_low',
    'Fair value, bear case',
    'Bear',
    'usd_per_share',
    'assumption',
    null,
    "The range's low end: the model at the growth record's lower quartile, sector multiples at their lower quartile.",
  ],
  [
    'fair_value_high',
    'Fair value, bull case',
    'Bull',
    'usd_per_share',
    'assumption',
    null,
    "The range's high end: the model at the growth record's upper quartile, sector multiples at their upper quartile.",
  ],
  [
    'valuation_verdict',
    'Valuation verdict',
    'Verdict',
    'label',
    'assumption',
    null,
    'Undervalued below the bear case, overvalued above the bull case, about fair within the range.',
  ],
  [
    'valuation_model',
    'Valuation model',
    'Model',
    'label',
    'assumption',
    null,
    'The model the company kind calls for: DCF on free cash flow, justified price-to-book, or DCF on AFFO.',
  ],
  [
    'model_value_per_share',
    'Value per share from the model',
    'Model value',
    'usd_per_share',
    'assumption',
    null,
    'The valuation model alone, before blending with the cross-checks.',
  ],
  [
    'relative_value_per_share',
    'Value per share at sector multiples',
    'Relative',
    'usd_per_share',
    'sector_peers',
    null,
    "The company's own figures at its sector's median multiples.",
  ],
  [
    'ddm_value_per_share',
    'Value per share from dividends (DDM)',
    'DDM',
    'usd_per_share',
    'assumption',
    null,
    'Dividends discounted at the cost of equity, for stable payers.',
  ],
  [
    'justified_price_to_book',
    'Justified price-to-book',
    'Justified P/B',
    'ratio',
    'assumption',
    null,
    '(Return on equity − growth) ÷ (cost of equity − growth).',
  ],
  [
    'roe_average',
    'Return on equity, averaged over the cycle',
    'Avg ROE',
    'percent',
    'fiscal_years',
    'higher',
    'Net income over average equity, summed over up to five fiscal years.',
  ],
  ['affo', 'Adjusted funds from operations (AFFO)', 'AFFO', 'usd', 'fiscal_year', 'higher', 'Net income plus depreciation, less recurring capital spending.'],
  ['affo_payout', 'Payout ratio (AFFO)', 'Payout (AFFO)', 'percent', 'fiscal_year', 'lower', "A REIT's dividends paid over its AFFO: the cash it pays from."],
  [
    'ffo',
    'Funds from operations (FFO)',
    'FFO',
    'usd',
    'fiscal_year',
    'higher',
    "A REIT's net income plus the depreciation of its properties (operating cash flow where depreciation is not reported).",
  ],
  [
    'cost_of_debt',
    'Cost of debt, before tax',
    'Cost of debt',
    'percent',
    'assumption',
    null,
    'Interest over average debt, held between the risk-free rate and the spread of the synthetic rating.',
  ],
  ['synthetic_rating', 'Synthetic credit rating', 'Rating', 'label', 'fiscal_year', null, 'The rating operating income over interest expense maps to.'],
  ['upside_percent', 'Upside to fair value', 'Upside', 'percent', 'assumption', 'higher', 'Fair value per share against the last close.'],
  ['wacc', 'WACC (discount rate)', 'WACC', 'percent', 'assumption', null, 'Weighted average cost of equity and after-tax debt.'],
  ['cost_of_equity', 'Cost of equity (CAPM)', 'Cost of equity', 'percent', 'assumption', null, 'Risk-free rate plus beta times the equity risk premium.'],
  ['risk_free_rate', 'Risk-free rate (10-year Treasury)', 'Risk-free', 'percent', 'assumption', null, 'The 10-year US Treasury yield.'],
  ['equity_risk_premium', 'Equity risk premium', 'ERP', 'percent', 'assumption', null, 'The return stocks are expected to earn above Treasuries.'],
  ['terminal_growth', 'Terminal growth', 'Terminal g', 'percent', 'assumption', null, 'Growth of free cash flow forever after the explicit years.'],
  [
    'terminal_value_share',
    'Terminal value share of enterprise value',
    'TV share',
    'percent',
    'assumption',
    null,
    'How much of the value lies beyond the explicit years.',
  ],
  [
    'enterprise_value_dcf',
    'Enterprise value (DCF)',
    'EV (DCF)',
    'usd',
    'assumption',
    null,
    'Present value of the projected free cash flows and the terminal value.',
  ],
  [
    'implied_growth',
    'FCF growth the price implies',
    'Implied g',
    'percent',
    'assumption',
    null,
    'The explicit-years growth at which the fair value equals the price (reverse DCF).',
  ],
  [
    'raw_beta',
    'Beta vs SPY (S&P 500), unadjusted regression',
    'Raw beta',
    'ratio',
    'trailing_year',
    null,
    'The regression slope of weekly (or monthly) returns before the Blume adjustment.',
  ],
  [
    'bottom_up_beta',
    "Sector's bottom-up beta",
    'Sector beta',
    'ratio',
    'sector_peers',
    null,
    "The sector peers' median unlevered beta, relevered with the company's debt to equity.",
  ],
];

const GRADES: Row[] = [
  ['grade_value', 'Value grade', 'Value', 'label', 'sector_peers', 'higher', 'Earnings, cash flow, EBITDA and book yields against sector peers.'],
  ['grade_growth', 'Growth grade', 'Growth', 'label', 'sector_peers', 'higher', 'Revenue and EPS growth against sector peers.'],
  ['grade_profitability', 'Profitability grade', 'Profit.', 'label', 'sector_peers', 'higher', 'ROE, ROIC and margins against sector peers.'],
  [
    'grade_health',
    'Financial health grade',
    'Health',
    'label',
    'sector_peers',
    'higher',
    'Liquidity, leverage, interest cover and Piotroski against sector peers.',
  ],
  ['grade_momentum', 'Momentum grade', 'Momentum', 'label', 'sector_peers', 'higher', '3-, 6- and 12-1-month price changes against sector peers.'],
];

const CLASSIFICATION: Row[] = [
  ['sector', 'Sector (GICS)', 'Sector', 'label', 'point_in_time', null, 'GICS sector of the company.'],
  ['industry', 'Industry (GICS sub-industry)', 'Industry', 'label', 'point_in_time', null, 'GICS sub-industry of the company.'],
  ['type', 'Type', 'Type', 'label', 'point_in_time', null, 'Stock or exchange-traded fund.'],
  ['exchange', 'Exchange', 'Exchange', 'label', 'point_in_time', null, 'Where the symbol is listed.'],
  ['sp500', 'In the S&P 500', 'S&P 500', 'label', 'point_in_time', null, 'Whether the company is an S&P 500 constituent.'],
  [
    'company_class',
    'Judged as',
    'Judged as',
    'label',
    'point_in_time',
    null,
    'The yardstick the analyses apply: bank, insurer, REIT or utility figures and thresholds (docs/scores.md); absent for other companies.',
  ],
];

/** Figures whose label names what the key cannot: the model, the compared fund, the base year, the user's inputs. */
const IN_CONTEXT: Row[] = [
  [
    'altman_z',
    'Altman Z-score',
    'Altman Z',
    'score',
    'fiscal_year',
    'higher',
    'Bankruptcy-risk score (Z for manufacturers, Z″ for others); not computed for banks.',
  ],
  ['altman_x1', 'Altman X1: working capital / total assets', 'X1', 'ratio', 'fiscal_year', 'higher', 'Working capital over total assets.'],
  ['altman_x2', 'Altman X2: retained earnings / total assets', 'X2', 'ratio', 'fiscal_year', 'higher', 'Retained earnings over total assets.'],
  ['altman_x3', 'Altman X3: EBIT / total assets', 'X3', 'ratio', 'fiscal_year', 'higher', 'Earnings before interest and tax over total assets.'],
  [
    'altman_x4',
    'Altman X4: equity / total liabilities',
    'X4',
    'ratio',
    'fiscal_year',
    'higher',
    'Market (Z) or book (Z″) value of equity over total liabilities.',
  ],
  ['altman_x5', 'Altman X5: sales / total assets', 'X5', 'ratio', 'fiscal_year', 'higher', 'Revenue over total assets (Z only).'],
  ['overlap', 'Overlap with the compared fund', 'Overlap', 'percent', 'point_in_time', null, 'Sum over shared holdings of the smaller of the two weights.'],
  ['common_holdings', 'Holdings shared with the compared fund', 'Shared', 'count', 'point_in_time', null, 'Holdings both funds own.'],
  [
    'base_fcf',
    'Free cash flow of the base year',
    'Base FCF',
    'usd',
    'fiscal_year',
    null,
    'The cash flow the DCF projection starts from, normalised (its label says how).',
  ],
  [
    'growth_history',
    'CAGR behind the growth assumption',
    'CAGR',
    'percent',
    'fiscal_years',
    null,
    'The historical free cash flow growth the DCF default starts from.',
  ],
  // the copilot's quote and price statistics: the window or bar is in the label ("Change on the day", "High (3 months)")
  ['quote_change', 'Change over the last bar', 'Change', 'usd_per_share', 'point_in_time', null, 'The quote against the close before it, in dollars.'],
  ['quote_change_percent', 'Change over the last bar (percent)', 'Change %', 'percent', 'point_in_time', null, 'The quote against the close before it.'],
  [
    'start_close',
    'Close at the start of the period',
    'Start',
    'usd_per_share',
    'point_in_time',
    null,
    'The last close on or before the first day of the period.',
  ],
  ['end_close', 'Close at the end of the period', 'End', 'usd_per_share', 'point_in_time', null, 'The last close of the period.'],
  ['price_change_percent', 'Price change over the period', 'Change %', 'percent', 'trailing_year', null, 'End close over start close, minus one.'],
  ['price_change', 'Price change in dollars over the period', 'Change', 'usd_per_share', 'trailing_year', null, 'End close minus start close.'],
  [
    'period_high',
    'High over the period',
    'High',
    'usd_per_share',
    'trailing_year',
    null,
    'The highest high (daily bars) or close (month-end bars) after the start.',
  ],
  [
    'period_low',
    'Low over the period',
    'Low',
    'usd_per_share',
    'trailing_year',
    null,
    'The lowest low (daily bars) or close (month-end bars) after the start.',
  ],
  // the DCF studio's own input says so in its label ("your input")
  ['explicit_growth', 'Growth, explicit years', 'Growth', 'percent', 'assumption', null, 'Yearly growth of the cash flow over the explicit forecast.'],
  [
    'beta',
    'Beta used in the cost of equity',
    'Beta',
    'ratio',
    'trailing_year',
    null,
    "Two years of weekly returns vs SPY (five of monthly), Blume-adjusted, averaged with the sector's bottom-up beta, floored.",
  ],
];

const DEFINITIONS: readonly FactDefinition[] = [
  ...rows(VALUATION),
  ...rows(GROWTH),
  ...rows(PROFITABILITY),
  ...rows(HEALTH),
  ...rows(DIVIDENDS),
  ...rows(TECHNICAL),
  ...rows(LINES),
  ...rows(FUNDS),
  ...rows(DCF),
  ...rows(GRADES),
  ...rows(CLASSIFICATION),
  ...rows(IN_CONTEXT, { contextLabel: true }),
];

const BY_KEY: ReadonlyMap<string, FactDefinition> = new Map(DEFINITIONS.map((d) => [d.key, d]));

/** Every fixed key of the catalogue, in catalogue order. */
export const FACT_DEFINITIONS: readonly FactDefinition[] = DEFINITIONS;

/**
 * Attribution families: `<target>_top_lift`, `<target>_top_drag` (the largest contribution each way) and
 * `<target>_by_<input>` (one input's contribution). Their unit is the target's score unit; their label
 * names the driver, so it is context.
 */
const FAMILY = /^(?<target>.+?)_(?:top_lift|top_drag|by_[a-z0-9_]+)$/;

/** Units of attribution contributions: ratings, percentiles and points are scores; a DCF driver is dollars per share. */
function unitOfContribution(target: FactDefinition): FactUnit {
  return target.unit === 'usd_per_share' ? 'usd_per_share' : 'score';
}

/** The definition of a key, or undefined for a key the catalogue does not know (a programming error where a figure is served). */
export function findFactDefinition(key: string): FactDefinition | undefined {
  const fixed = BY_KEY.get(key);
  if (fixed) return fixed;
  const m = FAMILY.exec(key);
  const target = m ? BY_KEY.get(m.groups!.target!) : undefined;
  if (!target) return undefined;
  return {
    key,
    label: `Contribution to the ${target.label.toLowerCase()}`,
    short: 'Contribution',
    unit: unitOfContribution(target),
    basis: target.basis,
    direction: null,
    description: `How much one input moved the ${target.label.toLowerCase()}.`,
    contextLabel: true,
  };
}

/** The definition of a key the code serves; throws for an unknown key so a new figure cannot skip the catalogue. */
export function requireFactDefinition(key: string): FactDefinition {
  const d = findFactDefinition(key);
  if (!d) throw new Error(`fact key "${key}" is not in the fact catalogue (core/facts/catalogue.ts)`);
  return d;
}
