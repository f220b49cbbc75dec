import type { AnalysisResponse } from '../api/run-analysis.ts';

/** Which facts moved each grade and rating, and by how much (a waterfall). Filled in by the attribution work. */
export function AnalysisAttribution(_props: { analysis: AnalysisResponse }) {
  return null;
}
