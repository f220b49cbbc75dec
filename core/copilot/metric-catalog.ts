import { requireFactDefinition } from '../facts/catalogue.ts';
import type { TrendLine } from './company-facts.ts';
import type { CopilotToolName } from './copilot-types.ts';

/** The tools that return one symbol's facts (compare_symbols asks several of them at once). */
type SymbolTool = Extract<CopilotToolName, 'get_quote' | 'get_fundamentals' | 'get_ratios' | 'get_scores' | 'get_technical_rating' | 'get_dcf'>;

/**
 * A metric people ask about by name: the fact keys the analysis builders emit for it (core/analysis/runs,
 * first found wins, the rest add context), the tool that returns them, the names it goes by, and the
 * glossary term that explains it.
 */
export interface Metric {
  id: string;
  /** How a sentence names it when no fact's label is at hand (no digits: nothing would back them); else the first name. */
  title?: string;
  keys: readonly string[];
  tool: SymbolTool;
  names: readonly string[];
  term?: string;
  /** For a comparison: which end is "better" in plain terms — the fact catalogue's direction of the first key; absent when neither is. */
  better?: 'higher' | 'lower';
  /** Several figures shown side by side (the five grades): not ranked as one. */
  unranked?: true;
  /** The figure by fiscal year (get_trend's line), for "trend", "history" or "over 5 years". */
  trend?: TrendLine;
  /** No tool returns a current value apart from the years: a question about it alone is answered with its trend. */
  trendOnly?: true;
}

type MetricEntry = Omit<Metric, 'better'>;

const ENTRIES: readonly MetricEntry[] = [
  // Quote and size
  {
    id: 'price',
    title: 'price',
    keys: ['quote_price', 'price', 'close'],
    tool: 'get_quote',
    names: ['price', 'share price', 'stock price', 'quote', 'trading at', 'last price'],
  },
  {
    id: 'market_cap',
    title: 'market cap',
    keys: ['market_cap'],
    tool: 'get_fundamentals',
    names: ['market cap', 'market capitalisation', 'market capitalization', 'market value', 'mkt cap', 'size'],
    term: 'market_cap',
  },
  // Valuation ratios
  {
    id: 'pe',
    title: 'P/E',
    keys: ['pe_ttm'],
    tool: 'get_ratios',
    names: ['p e', 'pe', 'pe ratio', 'p e ratio', 'price to earnings', 'price earnings', 'price earnings ratio', 'earnings multiple'],
    term: 'pe',
  },
  {
    id: 'price_sales',
    title: 'P/S',
    keys: ['price_sales'],
    tool: 'get_ratios',
    names: ['price to sales', 'p s', 'price sales', 'ps ratio'],
    term: 'price_sales',
  },
  {
    id: 'price_book',
    title: 'P/B',
    keys: ['price_book'],
    tool: 'get_ratios',
    names: ['price to book', 'p b', 'price book', 'pb ratio', 'book multiple'],
    term: 'price_book',
  },
  {
    id: 'ev_ebitda',
    title: 'EV/EBITDA',
    keys: ['ev_ebitda'],
    tool: 'get_ratios',
    names: ['ev ebitda', 'ev to ebitda', 'enterprise value to ebitda', 'ebitda multiple'],
    term: 'ev_ebitda',
  },
  {
    id: 'ev_sales',
    title: 'EV/sales',
    keys: ['ev_sales'],
    tool: 'get_ratios',
    names: ['ev sales', 'ev to sales', 'enterprise value to sales'],
    term: 'ev_ebitda',
  },
  {
    id: 'fcf_yield',
    title: 'FCF yield',
    keys: ['fcf_yield'],
    tool: 'get_ratios',
    names: ['fcf yield', 'free cash flow yield', 'cash flow yield'],
    term: 'fcf_yield',
  },
  {
    id: 'dividend_yield',
    keys: ['dividend_yield', 'dividend_yield_ttm', 'distribution_yield'],
    tool: 'get_ratios',
    names: ['dividend yield', 'div yield', 'yield', 'dividend', 'dividends'],
    term: 'dividend_yield',
  },
  {
    id: 'earnings_payout',
    title: 'payout ratio',
    keys: ['earnings_payout'],
    tool: 'get_ratios',
    names: ['payout', 'payout ratio', 'earnings payout', 'dividend payout'],
    term: 'payout_ratio',
  },
  {
    id: 'fcf_payout',
    title: 'FCF payout',
    keys: ['fcf_payout'],
    tool: 'get_ratios',
    names: ['fcf payout', 'free cash flow payout', 'cash payout'],
    term: 'payout_ratio',
  },
  // Profitability
  { id: 'gross_margin', keys: ['gross_margin'], tool: 'get_ratios', names: ['gross margin', 'gross margins'], term: 'margins' },
  {
    id: 'operating_margin',
    keys: ['operating_margin'],
    tool: 'get_ratios',
    names: ['operating margin', 'operating margins', 'ebit margin'],
    term: 'margins',
    trend: 'operating_margin',
  },
  {
    id: 'net_margin',
    keys: ['net_margin'],
    tool: 'get_ratios',
    names: ['net margin', 'margin', 'margins', 'profit margin', 'net profit margin', 'profitability'],
    term: 'margins',
    trend: 'net_margin',
  },
  {
    id: 'fcf_margin',
    title: 'FCF margin',
    keys: ['fcf_margin'],
    tool: 'get_ratios',
    names: ['fcf margin', 'free cash flow margin', 'cash margin'],
    term: 'margins',
  },
  { id: 'roe', title: 'ROE', keys: ['roe'], tool: 'get_ratios', names: ['roe', 'return on equity'], term: 'roe' },
  { id: 'roa', title: 'ROA', keys: ['roa'], tool: 'get_ratios', names: ['roa', 'return on assets'], term: 'roa' },
  {
    id: 'roic',
    title: 'ROIC',
    keys: ['roic'],
    tool: 'get_ratios',
    names: ['roic', 'return on invested capital', 'return on capital'],
    term: 'roic',
  },
  { id: 'asset_turnover', keys: ['asset_turnover'], tool: 'get_ratios', names: ['asset turnover'], term: 'asset_turnover' },
  // Growth
  {
    id: 'revenue_growth',
    keys: ['revenue_growth_1y', 'revenue_cagr_3y', 'revenue_cagr_5y'],
    tool: 'get_ratios',
    names: ['revenue growth', 'sales growth', 'growth', 'top line growth', 'growing'],
    term: 'cagr',
  },
  {
    id: 'revenue_cagr',
    title: 'revenue CAGR',
    keys: ['revenue_cagr_5y', 'revenue_cagr_3y'],
    tool: 'get_ratios',
    names: ['revenue cagr', 'sales cagr', 'cagr'],
    term: 'cagr',
  },
  {
    id: 'eps_growth',
    title: 'EPS growth',
    keys: ['eps_cagr_5y', 'eps_cagr_3y'],
    tool: 'get_ratios',
    names: ['eps growth', 'earnings growth', 'eps cagr'],
    term: 'cagr',
  },
  {
    id: 'fcf_growth',
    title: 'FCF growth',
    keys: ['fcf_cagr_5y', 'fcf_cagr_3y'],
    tool: 'get_ratios',
    names: ['fcf growth', 'free cash flow growth', 'cash flow growth'],
    term: 'cagr',
  },
  {
    id: 'share_count_change',
    keys: ['share_count_change'],
    tool: 'get_ratios',
    names: ['share count', 'share count change', 'buybacks', 'buyback', 'dilution', 'share buybacks'],
    term: 'share_count_change',
  },
  // Financial health
  { id: 'current_ratio', keys: ['current_ratio'], tool: 'get_ratios', names: ['current ratio', 'liquidity'], term: 'current_ratio' },
  { id: 'quick_ratio', keys: ['quick_ratio'], tool: 'get_ratios', names: ['quick ratio', 'acid test'], term: 'quick_ratio' },
  {
    id: 'debt_to_equity',
    title: 'debt to equity',
    keys: ['debt_to_equity'],
    tool: 'get_ratios',
    names: ['debt to equity', 'debt equity', 'd e', 'de ratio', 'leverage', 'debt', 'gearing'],
    term: 'debt_to_equity',
    trend: 'debt_to_equity',
  },
  {
    id: 'net_debt_to_ebitda',
    keys: ['net_debt_to_ebitda'],
    tool: 'get_ratios',
    names: ['net debt to ebitda', 'net debt ebitda', 'net debt'],
    term: 'net_debt_to_ebitda',
  },
  {
    id: 'interest_cover',
    keys: ['interest_cover'],
    tool: 'get_ratios',
    names: ['interest cover', 'interest coverage', 'times interest earned'],
    term: 'interest_cover',
  },
  // Scores
  {
    id: 'piotroski',
    title: 'Piotroski F-score',
    keys: ['piotroski_f'],
    tool: 'get_scores',
    names: ['piotroski', 'piotroski score', 'f score', 'fscore', 'piotroski f score'],
    term: 'piotroski',
  },
  {
    id: 'altman',
    title: 'Altman Z',
    keys: ['altman_z', 'altman_zone'],
    tool: 'get_scores',
    names: ['altman', 'altman z', 'z score', 'zscore', 'bankruptcy risk', 'altman score'],
    term: 'altman',
  },
  {
    id: 'beneish',
    title: 'Beneish M-score',
    keys: ['beneish_m'],
    tool: 'get_scores',
    names: ['beneish', 'm score', 'mscore', 'beneish score', 'earnings manipulation'],
    term: 'beneish',
  },
  {
    id: 'sloan',
    title: 'Sloan accrual ratio',
    keys: ['sloan_accruals'],
    tool: 'get_scores',
    names: ['sloan', 'sloan ratio', 'accruals', 'accrual ratio', 'earnings quality'],
    term: 'sloan',
  },
  {
    id: 'dividend_safety',
    keys: ['dividend_safety', 'dividend_streak_years'],
    tool: 'get_scores',
    names: ['dividend safety', 'dividend safety score', 'safety score', 'dividend streak'],
    term: 'dividend_safety',
  },
  {
    id: 'grades',
    keys: ['grade_value', 'grade_growth', 'grade_profitability', 'grade_health', 'grade_momentum'],
    tool: 'get_scores',
    names: ['grades', 'grade', 'sector grades'],
    term: 'grades',
    unranked: true,
  },
  // Technicals
  { id: 'rsi', title: 'RSI', keys: ['rsi_14'], tool: 'get_technical_rating', names: ['rsi', 'relative strength', 'relative strength index'], term: 'rsi' },
  { id: 'macd', title: 'MACD', keys: ['macd', 'macd_signal', 'macd_histogram'], tool: 'get_technical_rating', names: ['macd'], term: 'macd' },
  {
    id: 'sma_50',
    title: 'short moving average',
    keys: ['sma_50', 'close'],
    tool: 'get_technical_rating',
    names: ['sma 50', '50 day moving average', '50 day average', '50 day sma', '50 dma', 'sma50'],
    term: 'sma',
  },
  {
    id: 'sma_200',
    title: 'long moving average',
    keys: ['sma_200', 'close'],
    tool: 'get_technical_rating',
    names: ['sma 200', '200 day moving average', '200 day average', '200 day sma', '200 dma', 'sma200'],
    term: 'sma',
  },
  {
    id: 'moving_averages',
    keys: ['sma_50', 'sma_200', 'close'],
    tool: 'get_technical_rating',
    names: ['moving average', 'moving averages', 'sma'],
    term: 'sma',
  },
  {
    id: 'ema_20',
    title: 'EMA',
    keys: ['ema_20', 'close'],
    tool: 'get_technical_rating',
    names: ['ema', 'ema 20', '20 day ema', 'exponential moving average', 'ema20'],
    term: 'ema',
  },
  {
    id: 'bollinger',
    keys: ['bb_upper', 'bb_lower', 'close'],
    tool: 'get_technical_rating',
    names: ['bollinger', 'bollinger bands', 'bollinger band', 'bands'],
    term: 'bollinger',
  },
  { id: 'volatility', keys: ['volatility_1y'], tool: 'get_technical_rating', names: ['volatility', 'volatile', 'vol'], term: 'volatility' },
  {
    id: 'drawdown',
    keys: ['max_drawdown_1y'],
    tool: 'get_technical_rating',
    names: ['drawdown', 'max drawdown', 'maximum drawdown', 'worst drop'],
    term: 'drawdown',
  },
  { id: 'beta', keys: ['beta_1y'], tool: 'get_technical_rating', names: ['beta'], term: 'beta' },
  { id: 'correlation', keys: ['correlation_1y'], tool: 'get_technical_rating', names: ['correlation', 'correlated'], term: 'beta' },
  { id: 'support', keys: ['support_1', 'support_1_distance'], tool: 'get_technical_rating', names: ['support', 'support level'], term: 'support_resistance' },
  {
    id: 'resistance',
    keys: ['resistance_1', 'resistance_1_distance'],
    tool: 'get_technical_rating',
    names: ['resistance', 'resistance level'],
    term: 'support_resistance',
  },
  // Statement lines
  { id: 'revenue', keys: ['revenue'], tool: 'get_fundamentals', names: ['revenue', 'revenues', 'sales', 'top line'], trend: 'revenue' },
  {
    id: 'net_income',
    keys: ['net_income'],
    tool: 'get_fundamentals',
    names: ['net income', 'profit', 'profits', 'earnings', 'net profit', 'bottom line'],
    trend: 'net_income',
  },
  {
    id: 'free_cash_flow',
    keys: ['free_cash_flow'],
    tool: 'get_fundamentals',
    names: ['free cash flow', 'fcf', 'cash flow'],
    term: 'fcf',
    trend: 'free_cash_flow',
  },
  // Figures the tools give by fiscal year only (get_trend): a question about one of them is its trend.
  {
    id: 'eps',
    title: 'diluted EPS',
    keys: ['eps_diluted'],
    tool: 'get_fundamentals',
    names: ['eps', 'earnings per share', 'diluted eps', 'eps diluted'],
    term: 'eps',
    trend: 'eps_diluted',
    trendOnly: true,
  },
  {
    id: 'dividends_per_share',
    keys: ['dividends_per_share'],
    tool: 'get_fundamentals',
    names: ['dividends per share', 'dividend per share', 'dividends a share', 'dividend a share'],
    trend: 'dividends_per_share',
    trendOnly: true,
  },
  {
    id: 'shares_outstanding',
    keys: ['shares_diluted'],
    tool: 'get_fundamentals',
    names: ['shares outstanding', 'outstanding shares', 'number of shares', 'diluted shares', 'diluted share count'],
    trend: 'shares_diluted',
    trendOnly: true,
  },
  { id: 'ebitda', title: 'EBITDA', keys: ['ebitda'], tool: 'get_fundamentals', names: ['ebitda'], term: 'ebitda' },
  { id: 'cash', keys: ['cash'], tool: 'get_fundamentals', names: ['cash', 'cash pile'] },
  { id: 'total_debt', keys: ['total_debt'], tool: 'get_fundamentals', names: ['total debt', 'borrowings'], trend: 'total_debt' },
  // ETFs (the fundamentals tool answers a fund's costs and holdings)
  {
    id: 'expense_ratio',
    title: 'expense ratio',
    keys: ['expense_ratio', 'expense_cost_10y'],
    tool: 'get_fundamentals',
    names: ['expense ratio', 'fee', 'fees', 'ter', 'expenses'],
    term: 'expense_ratio',
  },
  {
    id: 'holdings',
    title: 'holdings',
    keys: ['holdings_count', 'top10_weight', 'largest_holding'],
    tool: 'get_fundamentals',
    names: ['holdings', 'concentration', 'top 10'],
    term: 'concentration',
  },
  // DCF figures asked for by name (valuation questions get the whole picture)
  { id: 'wacc', title: 'WACC', keys: ['wacc', 'cost_of_equity'], tool: 'get_dcf', names: ['wacc', 'discount rate', 'cost of capital'], term: 'wacc' },
  {
    id: 'cost_of_equity',
    keys: ['cost_of_equity', 'beta', 'risk_free_rate', 'equity_risk_premium'],
    tool: 'get_dcf',
    names: ['cost of equity', 'capm'],
    term: 'capm',
  },
  {
    id: 'upside',
    title: 'DCF upside',
    keys: ['upside_percent'],
    tool: 'get_dcf',
    names: ['upside', 'dcf upside', 'margin of safety'],
    term: 'dcf',
  },
  {
    id: 'terminal_growth',
    keys: ['terminal_growth', 'terminal_value_share'],
    tool: 'get_dcf',
    names: ['terminal growth', 'perpetuity growth', 'terminal value'],
    term: 'terminal_value',
  },
  {
    id: 'fair_value',
    keys: ['fair_value_per_share', 'price', 'upside_percent'],
    tool: 'get_dcf',
    names: ['fair value', 'intrinsic value', 'dcf value'],
    term: 'dcf',
  },
  {
    id: 'implied_growth',
    keys: ['implied_growth', 'explicit_growth'],
    tool: 'get_dcf',
    names: ['implied growth', 'reverse dcf', 'priced in', 'growth priced in'],
    term: 'reverse_dcf',
  },
];

/** Every metric, with which end is better taken from the fact catalogue (core/facts/catalogue.ts), never restated. */
export const metrics: readonly Metric[] = ENTRIES.map((m) => {
  const better = m.unranked ? null : requireFactDefinition(m.keys[0]!).direction;
  return better ? { ...m, better } : m;
});

/** The metric's name in a sentence. */
export const titleOf = (m: Metric): string => m.title ?? m.names[0]!;

export const getMetric = (id: string): Metric | undefined => metrics.find((m) => m.id === id);
