import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuoteResponse } from '../../../../../server/features/market/market.routes.ts';
import { apiFetch, retryUnlessClientError } from '../../../lib/api.ts';

export type { QuoteResponse } from '../../../../../server/features/market/market.routes.ts';

/** `GET /api/market/quote/{symbol}`: latest (delayed or snapshot) price and change. */
export const getQuote = (symbol: string, signal?: AbortSignal) => apiFetch<QuoteResponse>(`/api/market/quote/${encodeURIComponent(symbol)}`, { signal });

const getQuoteQueryOptions = (symbol: string, enabled = true) =>
  queryOptions({
    queryKey: ['market', 'quote', symbol],
    queryFn: ({ signal }) => getQuote(symbol, signal),
    staleTime: 60_000,
    enabled,
    retry: retryUnlessClientError,
  });

export const useQuote = (symbol: string, enabled = true) => useQuery(getQuoteQueryOptions(symbol, enabled));
