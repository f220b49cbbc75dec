import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScorecardsResponse } from '../../../../../server/features/scorecards/scorecards.routes.ts';
import { apiFetch, retryUnlessClientError } from '../../../lib/api.ts';

/** `GET /api/fundamentals/{symbol}/scorecards` (signed in, free). */
export const getScorecards = (symbol: string, signal?: AbortSignal) =>
  apiFetch<ScorecardsResponse>(`/api/fundamentals/${encodeURIComponent(symbol)}/scorecards`, { signal });

const scorecardsQueryOptions = (symbol: string | null) =>
  queryOptions({
    queryKey: ['scorecards', symbol],
    queryFn: ({ signal }) => getScorecards(symbol!, signal),
    enabled: symbol !== null,
    staleTime: 10 * 60_000,
    retry: retryUnlessClientError,
  });

export const useScorecards = (symbol: string | null) => useQuery(scorecardsQueryOptions(symbol));
