import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompareResponse } from '../../../../../server/features/compare/compare.routes.ts';
import { apiFetch, retryUnlessClientError } from '../../../lib/api.ts';

export type { CompareItem, CompareKindEntry, CompareResponse, CompareSavedAnalysis } from '../../../../../server/features/compare/compare.routes.ts';

/** `GET /api/compare?symbols=`: figures and your newest saved analyses per kind, side by side (free). */
const getComparison = (symbols: readonly string[], signal?: AbortSignal) =>
  apiFetch<CompareResponse>(`/api/compare?symbols=${symbols.map(encodeURIComponent).join(',')}`, { signal });

const getComparisonQueryOptions = (userId: string | null, symbols: readonly string[]) =>
  queryOptions({
    // Per user: the saved analyses in it are the user's own.
    queryKey: ['compare', userId, symbols.join(',')],
    queryFn: ({ signal }) => getComparison(symbols, signal),
    enabled: userId !== null && symbols.length > 0,
    staleTime: 60_000,
    // Adding a symbol keeps the table on screen while the wider comparison loads.
    placeholderData: (prev) => prev,
    retry: retryUnlessClientError,
  });

export const useComparison = (userId: string | null, symbols: readonly string[]) => useQuery(getComparisonQueryOptions(userId, symbols));
