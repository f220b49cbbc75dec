export { useComparison, type CompareItem, type CompareKindEntry, type CompareResponse, type CompareSavedAnalysis } from './api/get-comparison.ts';
export { buildComparePath, MAX_COMPARE_SYMBOLS, readCompareSymbols, readUsableCompareSymbols, toggleCompareSymbol } from './compare-url.ts';
export { PerformanceChart, SERIES_STYLES } from './components/performance-chart.tsx';
export { StandingCue, standingCellClass } from './components/standing-cue.tsx';
