import type { AnalysisResponse } from '../api/run-analysis.ts';

/** Export (PDF, CSV) and share actions for a finished analysis. Filled in by the export and share work. */
export function AnalysisActions(_props: { analysis: AnalysisResponse }) {
  return null;
}
