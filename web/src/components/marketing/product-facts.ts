import { freePlan, MIN_TOPUP_TOKENS, plans } from '../../../../core/tokens/catalog.ts';
import { getActionCostMt, type TokenAction } from '../../../../core/tokens/costs.ts';

/**
 * Product facts quoted by the marketing pages. Costs, allocations and prices come from core/tokens (the
 * tables the server charges by), so the copy cannot drift from the product; the rest is the data snapshot.
 */
export const DATA_SNAPSHOT_DATE = '2026-07-02';
export const STOCK_COUNT = 103;
export const ETF_COUNT = 22;
export { MIN_TOPUP_TOKENS };
export const SUPPORT_EMAIL = 'support@stockpilot.app';
export const SECURITY_EMAIL = 'security@stockpilot.app';
export const LEGAL_LAST_UPDATED = '2026-11-21';

export type AnalysisKind = Exclude<TokenAction, 'copilot'>;

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
    costMt: getActionCostMt('overview'),
    summary: 'A one-screen read on any covered stock: what the company earns, how it is valued and how the price has moved.',
    computes: ['Revenue, net income and margins (TTM)', 'P/E, P/S and market cap from the latest close', '1-month, 1-year and 52-week range returns'],
  },
  {
    kind: 'fundamental',
    name: 'Fundamental Analysis',
    costMt: getActionCostMt('fundamental'),
    summary: 'Growth, profitability and quality from the company’s own SEC filings, year by year.',
    computes: ['Revenue and EPS growth over up to 5 years', 'ROE, ROIC, gross and operating margin', 'Piotroski F-score (9 tests)'],
  },
  {
    kind: 'technical',
    name: 'Technical Analysis',
    costMt: getActionCostMt('technical'),
    summary: 'Trend and momentum from daily prices, summarised into a single rating you can trace back.',
    computes: ['SMA/EMA 20, 50, 200 and crossovers', 'RSI (14), MACD, Bollinger Bands', 'Rating from −1 to +1: Strong sell … Strong buy'],
  },
  {
    kind: 'balance-sheet',
    name: 'Balance Sheet Analysis',
    costMt: getActionCostMt('balance-sheet'),
    summary: 'Liquidity, leverage and distress risk, with every ratio tied to the filing it came from.',
    computes: ['Current and quick ratio, debt to equity', 'Interest coverage and net debt', 'Altman Z / Z″ distress score (banks excluded)'],
  },
  {
    kind: 'etf',
    name: 'ETF Analysis',
    costMt: getActionCostMt('etf'),
    summary: 'What you actually own in a fund: returns, volatility and how much two ETFs overlap.',
    computes: ['Trailing returns and max drawdown', 'Annualised volatility', 'Holdings overlap Σ min(wA, wB)'],
  },
  {
    kind: 'dcf',
    name: 'DCF Valuation',
    costMt: getActionCostMt('dcf'),
    summary: 'What the business could be worth on its free cash flow, and what the price already assumes.',
    computes: ['Two-stage FCF model, WACC from CAPM', 'Gordon terminal value with sanity guards', 'Reverse DCF and a WACC × growth grid'],
  },
];

export const COPILOT_COST_MT = getActionCostMt('copilot');

export interface Tier {
  name: 'Free' | 'Basic' | 'Pro';
  monthlyTokens: number;
  /** Monthly price in cents; 0 for Free. */
  priceCents: number;
  canTopUp: boolean;
}

export const tiers: Tier[] = [freePlan, ...plans].map((p) => ({
  name: p.tier,
  monthlyTokens: p.monthlyTokens,
  priceCents: p.priceCents,
  canTopUp: p.tier !== 'Free',
}));

/** "0.5", "1", "1.2": a milli-token cost written the way people say it. */
export const formatCostMt = (mt: number) => String(mt / 1000);
