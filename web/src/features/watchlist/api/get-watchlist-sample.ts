import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WatchlistSampleResponse } from '../../../../../server/features/watchlists/watchlists.routes.ts';
import { apiFetch, retryUnlessClientError } from '../../../lib/api.ts';

/** `GET /api/watchlists/sample`: the public page's live example (real figures, no sign-in). */
export const getWatchlistSample = (signal?: AbortSignal) => apiFetch<WatchlistSampleResponse>('/api/watchlists/sample', { signal });

const watchlistSampleQueryOptions = () =>
  queryOptions({
    queryKey: ['watchlists', 'sample'],
    queryFn: ({ signal }) => getWatchlistSample(signal),
    staleTime: 5 * 60_000,
    retry: retryUnlessClientError,
  });

export const useWatchlistSample = () => useQuery(watchlistSampleQueryOptions());
