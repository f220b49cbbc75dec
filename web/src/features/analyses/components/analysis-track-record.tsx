import type { AnalysisResponse } from '../api/run-analysis.ts';

/** How this analysis's verdict has held up since it ran. Filled in by the track-record work. */
export function AnalysisTrackRecord(_props: { analysis: AnalysisResponse }) {
  return null;
}
