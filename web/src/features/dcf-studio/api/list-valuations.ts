import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ValuationListResponse } from '../../../../../server/features/valuations/valuations.routes.ts';
import { apiFetch, retryUnlessClientError } from '../../../lib/api.ts';

export type { ValuationResponse } from '../../../../../server/features/valuations/valuations.routes.ts';

/** `GET /api/valuations`: the user's saved valuations, newest first (free). */
export const listValuations = (signal?: AbortSignal) => apiFetch<ValuationListResponse>('/api/valuations', { signal });

export const VALUATIONS_KEY = ['valuations'] as const;

const listValuationsQueryOptions = (enabled: boolean) =>
  queryOptions({ queryKey: [...VALUATIONS_KEY, 'list'], queryFn: ({ signal }) => listValuations(signal), enabled, retry: retryUnlessClientError });

export const useValuations = (enabled: boolean) => useQuery(listValuationsQueryOptions(enabled));
