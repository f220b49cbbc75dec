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

// The kind's name lives in core: the PDF export and the share page use the same words.
export { describeAnalysisKind } from '../../../../core/analysis/analysis-names.ts';
