import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResponse } from '../../../../../server/features/market/market.routes.ts';
import { apiFetch, retryUnlessClientError } from '../../../lib/api.ts';

export type { Coverage, SearchHit, SearchResponse } from '../../../../../server/features/market/market.routes.ts';

/** `GET /api/market/search`: exact symbol, prefix, then typo-tolerant name matches. */
export const searchSymbols = (q: string, limit: number, signal?: AbortSignal) =>
  apiFetch<SearchResponse>(`/api/market/search?q=${encodeURIComponent(q)}&limit=${limit}`, { signal });

const searchSymbolsQueryOptions = (q: string, limit: number) =>
  queryOptions({
    queryKey: ['market', 'search', q, limit],
    queryFn: ({ signal }) => searchSymbols(q, limit, signal),
    enabled: q.trim().length > 0,
    staleTime: 5 * 60_000,
    placeholderData: (prev) => prev,
    retry: retryUnlessClientError,
  });

export const useMarketSearch = (q: string, limit = 8) => useQuery(searchSymbolsQueryOptions(q, limit));
