import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EtfResponse } from '../../../../../server/features/market/market.routes.ts';
import { apiFetch, retryUnlessClientError } from '../../../lib/api.ts';

export type { EtfResponse } from '../../../../../server/features/market/market.routes.ts';

/** `GET /api/market/etf/{symbol}`: holdings, sector weights, expense ratio and yield. */
export const getEtfInfo = (symbol: string, signal?: AbortSignal) => apiFetch<EtfResponse>(`/api/market/etf/${encodeURIComponent(symbol)}`, { signal });

const getEtfInfoQueryOptions = (symbol: string, enabled = true) =>
  queryOptions({
    queryKey: ['market', 'etf', symbol],
    queryFn: ({ signal }) => getEtfInfo(symbol, signal),
    staleTime: 30 * 60_000,
    enabled,
    retry: retryUnlessClientError,
  });

export const useEtfInfo = (symbol: string, enabled = true) => useQuery(getEtfInfoQueryOptions(symbol, enabled));
