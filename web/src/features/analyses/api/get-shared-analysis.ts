import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SharedAnalysisResponse } from '../../../../../server/features/analysis-shares/analysis-shares.routes.ts';
import { apiFetch, retryUnlessClientError } from '../../../lib/api.ts';

export type { SharedAnalysisResponse } from '../../../../../server/features/analysis-shares/analysis-shares.routes.ts';

/** `GET /api/shared/{token}`: the analysis behind a share link, no account needed; 404 once revoked. */
export const getSharedAnalysis = (token: string, signal?: AbortSignal) =>
  apiFetch<SharedAnalysisResponse>(`/api/shared/${encodeURIComponent(token)}`, { signal });

export const useSharedAnalysis = (token: string) =>
  useQuery(
    queryOptions({
      queryKey: ['analyses', 'shared', token],
      queryFn: ({ signal }) => getSharedAnalysis(token, signal),
      retry: retryUnlessClientError,
      // A revoked link must stop showing: never served from an old cache entry.
      staleTime: 0,
      gcTime: 0,
    }),
  );
