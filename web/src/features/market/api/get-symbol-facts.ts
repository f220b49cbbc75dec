import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SymbolFactsResponse } from '../../../../../server/features/symbol-facts/symbol-facts.routes.ts';
import { apiFetch, retryUnlessClientError } from '../../../lib/api.ts';

export type { SymbolFactsResponse } from '../../../../../server/features/symbol-facts/symbol-facts.routes.ts';

/** `GET /api/market/facts/{symbol}`: the symbol's catalogue facts — the values every page, export and answer serves. */
export const getSymbolFacts = (symbol: string, signal?: AbortSignal) =>
  apiFetch<SymbolFactsResponse>(`/api/market/facts/${encodeURIComponent(symbol)}`, { signal });

const getSymbolFactsQueryOptions = (symbol: string, enabled = true) =>
  queryOptions({
    queryKey: ['market', 'facts', symbol],
    queryFn: ({ signal }) => getSymbolFacts(symbol, signal),
    // Computed once per data day on the server; a page visit a few minutes later reads the same.
    staleTime: 5 * 60_000,
    enabled,
    retry: retryUnlessClientError,
  });

export const useSymbolFacts = (symbol: string, enabled = true) => useQuery(getSymbolFactsQueryOptions(symbol, enabled));
