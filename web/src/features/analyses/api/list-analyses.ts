import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalysisListResponse, ListAnalysesQuery } from '../../../../../server/features/analyses/analyses.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

export type { AnalysisListResponse, AnalysisSummary } from '../../../../../server/features/analyses/analyses.routes.ts';

const toSearch = (q: ListAnalysesQuery) =>
  new URLSearchParams(Object.entries(q).flatMap(([k, v]) => (v === undefined || v === null ? [] : [[k, String(v)]]))).toString();

/** `GET /api/analyses`: the user's analyses, newest first, filtered (summaries; free). */
export const listAnalyses = (q: ListAnalysesQuery, signal?: AbortSignal) => apiFetch<AnalysisListResponse>(`/api/analyses?${toSearch(q)}`, { signal });

const listAnalysesQueryOptions = (userId: string | null, q: ListAnalysesQuery) =>
  queryOptions({
    queryKey: ['analyses', userId, 'list', q],
    queryFn: ({ signal }) => listAnalyses(q, signal),
    enabled: userId !== null,
    staleTime: 30_000,
  });

/** The user's recent analyses (dashboard) or, with `as_of: 'current'`, one already run on today's data. */
export const useAnalysesList = (userId: string | null, q: ListAnalysesQuery) => useQuery(listAnalysesQueryOptions(userId, q));
