import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { type TokenCostsResponse, type TokenLedgerResponse, type TokenUsageResponse, tokenQueryKeys } from './tokens-fetch.ts';

export * from './tokens-fetch.ts';

/** The usage guide (public; rarely changes). Same query key as the pricing page uses. */
export function useTokenCosts() {
  return useQuery({
    queryKey: tokenQueryKeys.costs,
    queryFn: ({ signal }) => apiFetch<TokenCostsResponse>('/api/token-costs', { signal }),
    staleTime: 10 * 60_000,
  });
}

/** Tokens spent per day over the last `days` days. */
export function useTokenUsage(userId: string | null, days = 30) {
  return useQuery({
    queryKey: tokenQueryKeys.usage(userId, days),
    queryFn: ({ signal }) => apiFetch<TokenUsageResponse>(`/api/tokens/usage?days=${days}`, { signal }),
    enabled: userId !== null,
    staleTime: 30_000,
  });
}

/** Recent balance changes, newest first. */
export function useTokenLedger(userId: string | null, limit = 8) {
  return useQuery({
    queryKey: [...tokenQueryKeys.ledger(userId), limit],
    queryFn: ({ signal }) => apiFetch<TokenLedgerResponse>(`/api/tokens/ledger?limit=${limit}`, { signal }),
    enabled: userId !== null,
    staleTime: 30_000,
  });
}
