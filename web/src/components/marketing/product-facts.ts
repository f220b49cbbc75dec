/**
 * Product facts quoted by the marketing pages. They mirror DESIGN §4 (token costs, allocations,
 * prices) and the bundled data snapshot; the server's `GET /api/token-costs` stays the source of truth
 * for charging — these are copy, kept in one place so every page quotes the same figures.
 */
export const DATA_SNAPSHOT_DATE = '2026-07-02';
export const STOCK_COUNT = 103;
export const ETF_COUNT = 22;
export const TOKEN_PRICE_USD = 0.5;
export const MIN_TOPUP_TOKENS = 20;
export const SUPPORT_EMAIL = 'support@stockpilot.app';
export const SECURITY_EMAIL = 'security@stockpilot.app';
export const PRIVACY_EMAIL = 'privacy@stockpilot.app';
export const LEGAL_LAST_UPDATED = '2026-11-21';

export type AnalysisKind = 'overview' | 'fundamental' | 'technical' | 'balance-sheet' | 'etf' | 'dcf';

export interface AnalysisProduct {
  kind: AnalysisKind;
  name: string;
  /** Cost in milli-tokens (1 token = 1000 mt), as in DESIGN §4. */
  costMt: number;
  summary: string;
  computes: string[];
}

export const analysisProducts: AnalysisProduct[] = [
  {
    kind: 'overview',
    name: 'Quick Overview',
    costMt: 500,
    summary: 'A one-screen read on any covered stock: what the company earns, how it is valued and how the price has moved.',
    computes: ['Revenue, net income and margins (TTM)', 'P/E, P/S and market cap from the latest close', '1-month, 1-year and 52-week range returns'],
  },
  {
    kind: 'fundamental',
    name: 'Fundamental Analysis',
    costMt: 1000,
    summary: 'Growth, profitability and quality from the company’s own SEC filings, year by year.',
    computes: ['Revenue and EPS growth over up to 5 years', 'ROE, ROIC, gross and operating margin', 'Piotroski F-score (9 tests)'],
  },
  {
    kind: 'technical',
    name: 'Technical Analysis',
    costMt: 800,
    summary: 'Trend and momentum from daily prices, summarised into a single rating you can trace back.',
    computes: ['SMA/EMA 20, 50, 200 and crossovers', 'RSI (14), MACD, Bollinger Bands', 'Rating from −1 to +1: Strong sell … Strong buy'],
  },
  {
    kind: 'balance-sheet',
    name: 'Balance Sheet Analysis',
    costMt: 1200,
    summary: 'Liquidity, leverage and distress risk, with every ratio tied to the filing it came from.',
    computes: ['Current and quick ratio, debt to equity', 'Interest coverage and net debt', 'Altman Z / Z″ distress score (banks excluded)'],
  },
  {
    kind: 'etf',
    name: 'ETF Analysis',
    costMt: 800,
    summary: 'What you actually own in a fund: returns, volatility and how much two ETFs overlap.',
    computes: ['Trailing returns and max drawdown', 'Annualised volatility', 'Holdings overlap Σ min(wA, wB)'],
  },
  {
    kind: 'dcf',
    name: 'DCF Valuation',
    costMt: 1000,
    summary: 'What the business could be worth on its free cash flow, and what the price already assumes.',
    computes: ['Two-stage FCF model, WACC from CAPM', 'Gordon terminal value with sanity guards', 'Reverse DCF and a WACC × growth grid'],
  },
];

export const COPILOT_COST_MT = 300;

export interface Tier {
  name: 'Free' | 'Basic' | 'Pro';
  monthlyTokens: number;
  /** Monthly price in cents; 0 for Free. */
  priceCents: number;
  canTopUp: boolean;
}

export const tiers: Tier[] = [
  { name: 'Free', monthlyTokens: 10, priceCents: 0, canTopUp: false },
  { name: 'Basic', monthlyTokens: 50, priceCents: 999, canTopUp: true },
  { name: 'Pro', monthlyTokens: 200, priceCents: 2999, canTopUp: true },
];

/** "0.5", "1", "1.2": a milli-token cost written the way people say it. */
export const formatCostMt = (mt: number) => String(mt / 1000);
