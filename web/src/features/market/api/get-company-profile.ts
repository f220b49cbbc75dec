import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyProfileResponse } from '../../../../../server/features/market/market.routes.ts';
import { apiFetch, retryUnlessClientError } from '../../../lib/api.ts';

export type { CompanyProfileResponse } from '../../../../../server/features/market/market.routes.ts';

/** `GET /api/market/profile/{symbol}`: name, type, exchange, sector, CIK and coverage. */
export const getCompanyProfile = (symbol: string, signal?: AbortSignal) =>
  apiFetch<CompanyProfileResponse>(`/api/market/profile/${encodeURIComponent(symbol)}`, { signal });

const getCompanyProfileQueryOptions = (symbol: string, enabled = true) =>
  queryOptions({
    queryKey: ['market', 'profile', symbol],
    queryFn: ({ signal }) => getCompanyProfile(symbol, signal),
    staleTime: 30 * 60_000,
    enabled,
    retry: retryUnlessClientError,
  });

export const useProfile = (symbol: string, enabled = true) => useQuery(getCompanyProfileQueryOptions(symbol, enabled));
