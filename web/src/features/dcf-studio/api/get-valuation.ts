import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ValuationResponse } from '../../../../../server/features/valuations/valuations.routes.ts';
import { apiFetch, retryUnlessClientError } from '../../../lib/api.ts';
import { VALUATIONS_KEY } from './list-valuations.ts';

/** `GET /api/valuations/{id}`: reopen a saved valuation (free; 404 unless it is yours). */
export const getValuation = (id: string, signal?: AbortSignal) => apiFetch<ValuationResponse>(`/api/valuations/${encodeURIComponent(id)}`, { signal });

const getValuationQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: [...VALUATIONS_KEY, 'one', id],
    queryFn: ({ signal }) => getValuation(id!, signal),
    enabled: id !== null,
    // A saved valuation never changes.
    staleTime: Number.POSITIVE_INFINITY,
    retry: retryUnlessClientError,
  });

export const useValuation = (id: string | null) => useQuery(getValuationQueryOptions(id));
