import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScorecardsResponse } from '../../../../../server/features/scorecards/scorecards.routes.ts';
import { apiFetch, retryUnlessClientError } from '../../../lib/api.ts';

/** `GET /api/fundamentals/scorecards/example`: the public example company's scorecards. */
export const getScorecardsExample = (signal?: AbortSignal) => apiFetch<ScorecardsResponse>('/api/fundamentals/scorecards/example', { signal });

const scorecardsExampleQueryOptions = () =>
  queryOptions({
    queryKey: ['scorecards', 'example'],
    queryFn: ({ signal }) => getScorecardsExample(signal),
    staleTime: 10 * 60_000,
    retry: retryUnlessClientError,
  });

export const useScorecardsExample = () => useQuery(scorecardsExampleQueryOptions());
