import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryRange } from '../../../../../core/market/ranges.ts';
import type { HistoryResponse } from '../../../../../server/features/market/market.routes.ts';
import { apiFetch, retryUnlessClientError } from '../../../lib/api.ts';

export type { HistoryRange } from '../../../../../core/market/ranges.ts';
export type { HistoryResponse } from '../../../../../server/features/market/market.routes.ts';

/** `GET /api/market/history/{symbol}?range=`: daily (or month-end) bars, oldest first. */
export const getPriceHistory = (symbol: string, range: HistoryRange, signal?: AbortSignal) =>
  apiFetch<HistoryResponse>(`/api/market/history/${encodeURIComponent(symbol)}?range=${range}`, { signal });

const getPriceHistoryQueryOptions = (symbol: string, range: HistoryRange, enabled = true) =>
  queryOptions({
    queryKey: ['market', 'history', symbol, range],
    queryFn: ({ signal }) => getPriceHistory(symbol, range, signal),
    staleTime: 10 * 60_000,
    placeholderData: (prev) => prev,
    enabled,
    retry: retryUnlessClientError,
  });

export const useHistory = (symbol: string, range: HistoryRange, enabled = true) => useQuery(getPriceHistoryQueryOptions(symbol, range, enabled));
