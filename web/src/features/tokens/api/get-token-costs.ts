import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TokenCostsResponse } from '../../../../../server/features/tokens/tokens.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

export type { TokenCostsResponse } from '../../../../../server/features/tokens/tokens.routes.ts';

/** `GET /api/token-costs`: the usage guide (public). */
export const getTokenCosts = (signal?: AbortSignal) => apiFetch<TokenCostsResponse>('/api/token-costs', { signal });

const getTokenCostsQueryOptions = () => queryOptions({ queryKey: ['token-costs'], queryFn: ({ signal }) => getTokenCosts(signal), staleTime: 10 * 60_000 });

/** The usage guide; rarely changes. The pricing pages and the dashboard share one cache entry. */
export const useTokenCosts = () => useQuery(getTokenCostsQueryOptions());
