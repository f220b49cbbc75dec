import type { AnalysisKind, FundamentalSubtype } from '../../../../core/analysis/analysis-types.ts';

const kindPaths: Record<AnalysisKind, (s: string, subtype: FundamentalSubtype | null) => string> = {
  overview: (s) => `/overview/${s}`,
  fundamental: (s, subtype) => `/fundamental-analysis/${s}/${subtype ?? 'overview'}`,
  technical: (s) => `/technical/${s}`,
  'balance-sheet': (s) => `/balance-sheet/${s}`,
  etf: (s) => `/etf/${s}`,
  dcf: (s) => `/dcf/${s}`,
};

/** The page of a saved analysis, opening it (free) rather than offering a new run: `/dcf/AAPL?analysis=<id>`. */
export const buildAnalysisPath = (a: { id: string; symbol: string; kind: AnalysisKind; subtype: FundamentalSubtype | null }) =>
  `${kindPaths[a.kind](encodeURIComponent(a.symbol), a.subtype)}?analysis=${encodeURIComponent(a.id)}`;

const kindNames: Record<AnalysisKind, string> = {
  overview: 'Quick Overview',
  fundamental: 'Fundamental',
  technical: 'Technical',
  'balance-sheet': 'Balance Sheet',
  etf: 'ETF',
  dcf: 'DCF Valuation',
};

const subtypeNames: Record<FundamentalSubtype, string> = {
  overview: 'overview',
  profitability: 'profitability',
  growth: 'growth',
  valuation: 'valuation',
  'financial-health': 'financial health',
  dividends: 'dividends',
  'cash-flow': 'cash flow',
};

/** "Technical", "Fundamental: financial health". */
export const describeAnalysisKind = (kind: AnalysisKind, subtype: FundamentalSubtype | null) =>
  kind === 'fundamental' && subtype ? `${kindNames[kind]}: ${subtypeNames[subtype]}` : kindNames[kind];
