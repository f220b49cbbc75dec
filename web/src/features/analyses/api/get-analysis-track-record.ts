import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalysisTrackRecordResponse } from '../../../../../server/features/track-record/track-record.routes.ts';
import { apiFetch, retryUnlessClientError } from '../../../lib/api.ts';

/** `GET /api/analyses/{id}/track-record`: how this analysis's verdicts have held up so far (free; yours only). */
export const getAnalysisTrackRecord = (id: string, signal?: AbortSignal) =>
  apiFetch<AnalysisTrackRecordResponse>(`/api/analyses/${encodeURIComponent(id)}/track-record`, { signal });

const analysisTrackRecordQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['analyses', 'track-record', id],
    queryFn: ({ signal }) => getAnalysisTrackRecord(id, signal),
    // Moves only when a new day of prices arrives.
    staleTime: 10 * 60_000,
    retry: retryUnlessClientError,
  });

export const useAnalysisTrackRecord = (id: string) => useQuery(analysisTrackRecordQueryOptions(id));
