import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FundamentalsResponse } from '../../../../../server/features/market/market.routes.ts';
import { apiFetch, retryUnlessClientError } from '../../../lib/api.ts';

export type { FundamentalsResponse } from '../../../../../server/features/market/market.routes.ts';

/** `GET /api/market/fundamentals/{symbol}`: annual and quarterly statements. */
export const getFundamentals = (symbol: string, signal?: AbortSignal) =>
  apiFetch<FundamentalsResponse>(`/api/market/fundamentals/${encodeURIComponent(symbol)}`, { signal });

const getFundamentalsQueryOptions = (symbol: string, enabled = true) =>
  queryOptions({
    queryKey: ['market', 'fundamentals', symbol],
    queryFn: ({ signal }) => getFundamentals(symbol, signal),
    staleTime: 30 * 60_000,
    enabled,
    retry: retryUnlessClientError,
  });

export const useFundamentals = (symbol: string, enabled = true) => useQuery(getFundamentalsQueryOptions(symbol, enabled));
