// Shared by the site-wide strip and the features that say what they wait for (track record, income calendar, alerts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataFreshnessResponse } from '../../../server/features/market/market.routes.ts';
import { apiFetch } from './api.ts';

export type { DataFreshnessResponse } from '../../../server/features/market/market.routes.ts';

/** `GET /api/market/freshness`: how current the prices are, and the notice to show while they are behind (public). */
export const getDataFreshness = (signal?: AbortSignal) => apiFetch<DataFreshnessResponse>('/api/market/freshness', { signal });

// It moves once a trading day; a long-open tab still learns of a new data day within the hour.
export const getDataFreshnessQueryOptions = () =>
  queryOptions({ queryKey: ['data-freshness'], queryFn: ({ signal }) => getDataFreshness(signal), staleTime: 10 * 60_000, refetchInterval: 60 * 60_000 });

/** One cache entry for the strip on every page and the features that say what they wait for. */
export const useDataFreshness = () => useQuery(getDataFreshnessQueryOptions());
