import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalysisResponse } from '../../../../../server/features/analyses/analyses.routes.ts';
import { apiFetch, retryUnlessClientError } from '../../../lib/api.ts';

/** `GET /api/analyses/{id}`: re-open a saved analysis (free; 404 unless it is yours). */
export const getAnalysis = (id: string, signal?: AbortSignal) => apiFetch<AnalysisResponse>(`/api/analyses/${encodeURIComponent(id)}`, { signal });

const getAnalysisQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: ['analyses', 'one', id],
    queryFn: ({ signal }) => getAnalysis(id!, signal),
    enabled: id !== null,
    // A stored analysis never changes.
    staleTime: Number.POSITIVE_INFINITY,
    retry: retryUnlessClientError,
  });

export const useAnalysis = (id: string | null) => useQuery(getAnalysisQueryOptions(id));
