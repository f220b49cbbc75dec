import {
  computeTopupPriceCents,
  formatUsdCents,
  MAX_TOPUP_TOKENS,
  MIN_TOPUP_TOKENS,
  TOKEN_PRICE_CENTS,
  TOPUP_BALANCE_LIMIT_TOKENS,
  tierPlans,
} from '../../../../core/tokens/catalog.ts';
import { analysisKinds, type AnalysisKind, getActionCostMt, tokenCosts } from '../../../../core/tokens/costs.ts';
import { monthlyAllocationTokens, type Tier as TierName } from '../../../../core/tokens/tiers.ts';
import { MT_PER_TOKEN } from '../../../../core/tokens/units.ts';
import { data_as_of } from '../../../../data/sources.json';

/**
 * Product facts quoted by the marketing pages. Costs, allocations and prices come from core/tokens (the
 * tables the server charges by), the snapshot date from the bundled data itself, so the copy cannot drift.
 */
export const DATA_SNAPSHOT_DATE: string = data_as_of;
export const STOCK_COUNT = 103;
export const ETF_COUNT = 22;
export { MIN_TOPUP_TOKENS };
export const SUPPORT_EMAIL = 'support@stockpilot.app';
export const SECURITY_EMAIL = 'security@stockpilot.app';
export const LEGAL_LAST_UPDATED = '2026-11-21';

export type { AnalysisKind };
/** "six": how many analysis kinds the token table prices. */
export const ANALYSIS_KIND_COUNT_WORD =
  ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'][analysisKinds.length] ?? String(analysisKinds.length);

/** "Six" from "six". */
export const sentenceCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** What a signed-in user can do today. */
export const availableNow: Array<{ title: string; detail: string }> = [
  { title: 'Search', detail: `About 13,000 US listings by ticker or company name; ${STOCK_COUNT} large stocks and ${ETF_COUNT} ETFs with full data.` },
  {
    title: `${sentenceCase(ANALYSIS_KIND_COUNT_WORD)} analyses`,
    detail:
      'Overview, fundamental (seven views), technical, balance sheet, ETF and DCF: computed figures, a note that cites them, charged only when delivered.',
  },
  {
    title: 'Copilot',
    detail:
      'Ask about a price change, a metric, a comparison, the technical signal, the DCF or a term; every figure in the answer is cited and links to its analysis.',
  },
  { title: 'Prices and charts', detail: 'Daily price history with volume, returns over standard periods, the 52-week range and moving averages.' },
  {
    title: 'Financial statements',
    detail: 'Income statement, balance sheet and cash flow from SEC EDGAR filings, annual and quarterly, each figure with its source and date.',
  },
  { title: 'ETF details', detail: 'Holdings and sector weights where the data has them (SPY, QQQ, IWM), expense ratios, yields and dividends.' },
  {
    title: 'Tokens and plans',
    detail: 'Free, Basic and Pro plans with a monthly token allowance, token top-ups and a ledger of every change to your balance.',
  },
  {
    title: 'Smart Yield',
    detail: 'Your holdings typed or pasted as CSV: yield, yield on cost, payout, dividend safety and a 12-month income calendar. Free.',
  },
  {
    title: 'Fundamentals scorecards',
    detail: 'Piotroski F, Altman Z and Beneish M over five fiscal years, criterion by criterion, against the sector. Free.',
  },
  {
    title: 'DCF studio',
    detail:
      'Change growth, years, the WACC inputs and terminal growth, and the value, reverse DCF and sensitivity grid follow at once; saving valuations is free.',
  },
  {
    title: 'Market screener',
    detail:
      '72 filters from the analyses’ own figures, presets, a sortable table with sparklines, saved screens and CSV export; the screen lives in the URL. Free.',
  },
  {
    title: 'Smart Watchlist',
    detail: 'Lists with price, rating, fair value and grades per symbol, and alerts that fire once per crossing, in the bell and by e-mail. Free.',
  },
  {
    title: 'Compare',
    detail:
      'Up to five symbols side by side with the best and worst of each row marked, your saved grades, ratings and DCFs, and a 1-year chart. Free to read.',
  },
  {
    title: 'Why a grade is what it is',
    detail:
      'Each grade, rating and score of an analysis split into what every input added or took away, summing exactly: a waterfall on the analysis page, the largest cited in the note.',
  },
  {
    title: 'Export and share',
    detail: 'Any analysis as a print-ready PDF or its facts as CSV, and read-only links anyone can open without an account, revocable in Settings. Free.',
  },
  {
    title: 'Public API',
    detail: 'Pro: API keys from Settings for quotes, fundamentals, scores, the screener and analyses under /api/v1, documented at /api-docs with “Try it”.',
  },
  {
    title: 'Track record',
    detail:
      'How every rating, grade and DCF call held after 1, 3, 6 and 12 months, with n and a confidence interval, seeded by a point-in-time backtest. Public.',
  },
];

interface AnalysisProduct {
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
    summary: 'A one-screen read on any covered stock: how it earns, how it is valued, how the price has moved, graded against its sector.',
    computes: [
      'Net margin, ROE, P/E and growth from the filings',
      '3-, 6- and 12-month price momentum and the technical rating',
      'Value, growth, profitability, health and momentum grades vs sector',
    ],
  },
  {
    kind: 'fundamental',
    name: 'Fundamental Analysis',
    costMt: getActionCostMt('fundamental'),
    summary: 'Seven views from the company’s own SEC filings, year by year: overview, profitability, growth, valuation, health, dividends and cash flow.',
    computes: ['Margins, ROE, ROIC and 5-year growth by fiscal year', 'Letter grades against sector peers', 'Piotroski F-score (9 tests) and Altman Z'],
  },
  {
    kind: 'technical',
    name: 'Technical Analysis',
    costMt: getActionCostMt('technical'),
    summary: 'Trend and momentum from daily prices, summarised into a single rating you can trace back vote by vote.',
    computes: [
      'Candles with SMA 50/200 and Bollinger Bands, RSI and MACD panes',
      'Rating from −1 to +1 with every indicator’s vote',
      'Support and resistance levels, beta against SPY',
    ],
  },
  {
    kind: 'balance-sheet',
    name: 'Balance Sheet Analysis',
    costMt: getActionCostMt('balance-sheet'),
    summary: 'Liquidity, leverage and distress risk, with every ratio tied to the filing it came from.',
    computes: [
      'Current and quick ratio, debt to equity, by fiscal year',
      'Assets, liabilities and equity over five years',
      'Altman Z / Z″ with its weighted inputs (banks excluded)',
    ],
  },
  {
    kind: 'etf',
    name: 'ETF Analysis',
    costMt: getActionCostMt('etf'),
    summary: 'What you actually own in a fund and what it costs you, and how much two ETFs overlap.',
    computes: [
      'Top-10 weight, effective number of holdings, sector weights',
      'Expense ratio cost on $10,000 over 10 years, yield',
      'Holdings overlap with another ETF, Σ min(wA, wB)',
    ],
  },
  {
    kind: 'dcf',
    name: 'DCF Valuation',
    costMt: getActionCostMt('dcf'),
    summary: 'What the business could be worth on its free cash flow, and what the price already assumes.',
    computes: ['Two-stage FCF model, WACC from CAPM', 'Gordon terminal value with a warning when it dominates', 'Reverse DCF and a WACC × growth heat map'],
  },
];

export const COPILOT_COST_MT = getActionCostMt('copilot');

export interface Tier {
  name: TierName;
  monthlyTokens: number;
  /** Monthly price in cents; 0 for Free. */
  priceCents: number;
  canTopUp: boolean;
}

export const tiers: Tier[] = tierPlans.map((p) => ({
  name: p.tier,
  monthlyTokens: p.monthlyTokens,
  priceCents: p.priceCents,
  canTopUp: p.tier !== 'Free',
}));

/** "0.5", "1", "1.2": a milli-token cost written the way people say it. */
export const formatCostMt = (mt: number) => String(mt / MT_PER_TOKEN);

/** "a, b and c". */
const joinAnd = (items: readonly string[], last = 'and') => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`);

/** Every row of the costs table as one sentence: "Quick Overview Analysis 0.5 tokens, …, and AI Copilot Query 0.3 tokens". */
export const describeTokenCosts = () => joinAnd(tokenCosts.map((c) => `${c.name} ${formatCostMt(c.costMt)} ${c.costMt === MT_PER_TOKEN ? 'token' : 'tokens'}`));

/** "$0.50". */
export const TOKEN_PRICE = formatUsdCents(TOKEN_PRICE_CENTS);
/** "20 tokens ($10)". */
export const MIN_TOPUP = `${MIN_TOPUP_TOKENS} tokens (${formatUsdCents(computeTopupPriceCents(MIN_TOPUP_TOKENS))})`;
/** "From 20 tokens ($10) up to 10,000 tokens per purchase, at $0.50 per token." */
export const TOPUP_LIMITS = `From ${MIN_TOPUP} up to ${MAX_TOPUP_TOKENS.toLocaleString('en-US')} tokens per purchase, at ${TOKEN_PRICE} per token.`;
export { MAX_TOPUP_TOKENS, TOPUP_BALANCE_LIMIT_TOKENS };
/** "10, 50 or 200": the monthly allowances, cheapest tier first. */
export const ALLOWANCES = joinAnd(
  tierPlans.map((p) => String(monthlyAllocationTokens[p.tier])),
  'or',
);
