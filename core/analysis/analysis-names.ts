import type { AnalysisKind, FundamentalSubtype } from './analysis-types.ts';

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

/** "Technical", "Fundamental: financial health": the pages, the PDF export and the share page name a kind alike. */
export const describeAnalysisKind = (kind: AnalysisKind, subtype: FundamentalSubtype | null) =>
  kind === 'fundamental' && subtype ? `${kindNames[kind]}: ${subtypeNames[subtype]}` : kindNames[kind];

/** The one line every analysis carries, on the site (footer, note) and in its PDF. */
export const ANALYSIS_DISCLAIMER = 'Analyses are educational, not investment advice.';
