import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ValuationAvailabilityResponse } from '../../../../../server/features/valuations/valuations.routes.ts';
import { apiFetch, retryUnlessClientError } from '../../../lib/api.ts';

/** `GET /api/dcf/{symbol}/availability`: whether a valuation can value the company, with which model, or why not (free, public). */
export const getValuationAvailability = (symbol: string, signal?: AbortSignal) =>
  apiFetch<ValuationAvailabilityResponse>(`/api/dcf/${encodeURIComponent(symbol)}/availability`, { signal });

const getValuationAvailabilityQueryOptions = (symbol: string | null) =>
  queryOptions({
    queryKey: ['dcf', 'availability', symbol],
    queryFn: ({ signal }) => getValuationAvailability(symbol!, signal),
    enabled: symbol !== null,
    // The answer moves only with the data day.
    staleTime: 10 * 60_000,
    retry: retryUnlessClientError,
  });

export const useValuationAvailability = (symbol: string | null) => useQuery(getValuationAvailabilityQueryOptions(symbol));
