import type { ScreenDefinition } from './screener-types.ts';

export interface ScreenerPreset extends ScreenDefinition {
  id: string;
  name: string;
  /** What the screen looks for and why, in a sentence. */
  description: string;
}

/** Ready-made screens, in the order the page lists them. Thresholds in the fields' units (percent as 15 = 15 %). */
export const SCREENER_PRESETS: readonly ScreenerPreset[] = [
  {
    id: 'quality-reasonable-price',
    name: 'Quality at a reasonable price',
    description: 'Returns above 15 % on equity, double-digit operating margins, moderate debt and a P/E under 25.',
    filters: [
      { field: 'roe', min: 15 },
      { field: 'operating_margin', min: 10 },
      { field: 'debt_to_equity', max: 1.5 },
      { field: 'pe_ttm', min: 0, max: 25 },
    ],
    sort: { field: 'roe', dir: 'desc' },
    columns: ['pe_ttm', 'roe', 'operating_margin', 'debt_to_equity', 'revenue_cagr_5y', 'market_cap', 'sector'],
  },
  {
    id: 'dividend-growers',
    name: 'Dividend growers',
    description: 'At least five years without a dividend cut, a yield above 1.5 % and a payout that leaves room to keep raising it.',
    filters: [
      { field: 'dividend_streak_years', min: 5 },
      { field: 'dividend_yield', min: 1.5 },
      { field: 'earnings_payout', max: 75 },
    ],
    sort: { field: 'dividend_yield', dir: 'desc' },
    columns: ['dividend_yield', 'dividend_streak_years', 'earnings_payout', 'dividend_safety', 'fcf_payout', 'market_cap', 'sector'],
  },
  {
    id: 'oversold-large-caps',
    name: 'Oversold large caps',
    description: 'Companies worth more than $10 billion whose 14-day RSI has fallen below 40, most oversold first.',
    filters: [
      { field: 'market_cap', min: 10_000_000_000 },
      { field: 'rsi_14', max: 40 },
    ],
    sort: { field: 'rsi_14', dir: 'asc' },
    columns: ['rsi_14', 'price_vs_sma_50', 'from_52w_high', 'return_1m', 'technical_rating', 'market_cap', 'sector'],
  },
  {
    id: 'piotroski-8-9',
    name: 'Piotroski 8–9',
    description: 'Companies passing eight or nine of the nine Piotroski tests: improving profits, cash flow and balance sheets.',
    filters: [{ field: 'piotroski_f', min: 8, max: 9 }],
    sort: { field: 'piotroski_f', dir: 'desc' },
    columns: ['piotroski_f', 'roa', 'current_ratio', 'gross_margin', 'pe_ttm', 'market_cap', 'sector'],
  },
  {
    id: 'net-cash',
    name: 'Net cash',
    description: 'Companies holding more cash and short-term investments than debt, the largest cash piles first.',
    filters: [
      { field: 'net_cash', min: 0 },
      { field: 'type', in: ['Stock'] },
    ],
    sort: { field: 'net_cash', dir: 'desc' },
    columns: ['net_cash', 'market_cap', 'current_ratio', 'fcf_yield', 'pe_ttm', 'sector'],
  },
  {
    id: 'growth-at-a-discount',
    name: 'Growth at a discount',
    description: 'Earnings growing faster than the P/E: a PEG ratio between 0 and 1 with revenue still growing.',
    filters: [
      { field: 'peg_ratio', min: 0, max: 1 },
      { field: 'revenue_growth_1y', min: 0 },
    ],
    sort: { field: 'peg_ratio', dir: 'asc' },
    columns: ['peg_ratio', 'pe_ttm', 'eps_cagr_5y', 'revenue_growth_1y', 'market_cap', 'sector'],
  },
  {
    id: 'uptrend-leaders',
    name: 'Uptrend leaders',
    description: 'A Buy or Strong Buy technical rating with the price above its 200-day average, strongest 6-month gain first.',
    filters: [
      { field: 'technical_rating', in: ['Buy', 'Strong Buy'] },
      { field: 'price_vs_sma_200', min: 0 },
    ],
    sort: { field: 'return_6m', dir: 'desc' },
    columns: ['technical_rating', 'return_6m', 'price_vs_sma_200', 'rsi_14', 'volatility_1y', 'type', 'market_cap'],
  },
  {
    id: 'low-cost-etfs',
    name: 'Low-cost ETFs',
    description: 'Exchange-traded funds charging 0.20 % a year or less, cheapest first.',
    filters: [
      { field: 'type', in: ['ETF'] },
      { field: 'expense_ratio', max: 0.2 },
    ],
    sort: { field: 'expense_ratio', dir: 'asc' },
    columns: ['expense_ratio', 'aum', 'dividend_yield_ttm', 'return_1y', 'volatility_1y'],
  },
];
