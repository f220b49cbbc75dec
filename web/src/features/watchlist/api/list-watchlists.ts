import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WatchlistsResponse } from '../../../../../server/features/watchlists/watchlists.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

export type { WatchlistAlert, WatchlistResponse, WatchlistsResponse, WatchRow } from '../../../../../server/features/watchlists/watchlists.routes.ts';

/** `GET /api/watchlists`: the user's lists with each symbol's figures and alerts, and the plan's limits. */
export const listWatchlists = (signal?: AbortSignal) => apiFetch<WatchlistsResponse>('/api/watchlists', { signal });

const watchlistsQueryKey = (userId: string | null) => ['watchlists', userId] as const;

const watchlistsQueryOptions = (userId: string | null) =>
  queryOptions({ queryKey: watchlistsQueryKey(userId), queryFn: ({ signal }) => listWatchlists(signal), enabled: userId !== null, staleTime: 60_000 });

export const useWatchlists = (userId: string | null) => useQuery(watchlistsQueryOptions(userId));
