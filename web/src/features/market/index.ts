export { SearchBox, symbolPath } from './components/search-box.tsx';
export { StockHeader } from './components/stock-header.tsx';
export { PriceChart } from './components/price-chart.tsx';
export { KeyFigures, latestAnnual } from './components/key-figures.tsx';
export { StatementsTable } from './components/statements-table.tsx';
export { EtfDetails } from './components/etf-details.tsx';
export { AboutTheData } from './components/about-the-data.tsx';
export { DataAsOf } from './components/data-as-of.tsx';
export { CoverageBadges, describeCoverage } from './components/coverage-badges.tsx';
export { SymbolPage, AiAnalysisComing } from './components/symbol-page.tsx';
export {
  useMarketSearch,
  useQuote,
  useHistory,
  useFundamentals,
  useProfile,
  useEtfInfo,
  type SearchHit,
  type Coverage,
  type QuoteResponse,
  type HistoryResponse,
  type FundamentalsResponse,
  type ProfileResponse,
  type EtfResponse,
  type HistoryRange,
} from './api/market-api.ts';
export { formatPrice, formatPercent, formatCompactUsd, formatFigure, NOT_REPORTED } from './format.ts';
export { DATA_AS_OF } from './snapshot.ts';
