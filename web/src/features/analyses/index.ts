export { AnalysisRunner, ANALYSIS_PARAM, type RunnerAccount } from './components/analysis-runner.tsx';
export { useAnalysesList, type AnalysisSummary } from './api/list-analyses.ts';
export type { AnalysisResponse } from './api/run-analysis.ts';
export { formatCostTokens } from './format-cost.ts';
export { TechnicalView } from './components/technical-view.tsx';
export { DcfView } from './components/dcf-view.tsx';
export { RecentAnalyses } from './components/recent-analyses.tsx';
export { BalanceSheetView, FundamentalView } from './components/company-views.tsx';
export { EtfView, OverviewView } from './components/overview-etf-views.tsx';
