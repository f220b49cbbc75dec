import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TokenPackagesResponse } from '../../../../../server/features/billing/billing.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

export type { TokenPackageInfo, TokenPackagesResponse } from '../../../../../server/features/billing/billing.routes.ts';

/** `GET /api/billing/token-packages`: the one server list of token packages and the per-token price. */
const getTokenPackages = (signal?: AbortSignal) => apiFetch<TokenPackagesResponse>('/api/billing/token-packages', { signal });

const getTokenPackagesQueryOptions = () =>
  queryOptions({ queryKey: ['billing', 'token-packages'], queryFn: ({ signal }) => getTokenPackages(signal), staleTime: 5 * 60_000 });

export const useTokenPackages = () => useQuery(getTokenPackagesQueryOptions());
