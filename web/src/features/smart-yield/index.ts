export { useAnalyseSmartYield } from './api/analyse-smart-yield.ts';
export { useSmartYieldExample } from './api/get-smart-yield-example.ts';
export { HoldingsEditor } from './components/holdings-editor.tsx';
export { YieldReport } from './components/yield-report.tsx';
