import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TokenUsageResponse } from '../../../../../server/features/tokens/tokens.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

export type { TokenUsageResponse } from '../../../../../server/features/tokens/tokens.routes.ts';

/** `GET /api/tokens/usage?days=`: tokens spent per UTC day, oldest first. */
export const getTokenUsage = (days: number, signal?: AbortSignal) => apiFetch<TokenUsageResponse>(`/api/tokens/usage?days=${days}`, { signal });

const getTokenUsageQueryOptions = (userId: string | null, days: number) =>
  queryOptions({
    queryKey: ['tokens', userId, 'usage', days],
    queryFn: ({ signal }) => getTokenUsage(days, signal),
    enabled: userId !== null,
    staleTime: 30_000,
  });

/** Tokens spent per day over the last `days` days. */
export const useTokenUsage = (userId: string | null, days = 30) => useQuery(getTokenUsageQueryOptions(userId, days));
