import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TokenLedgerResponse } from '../../../../../server/features/tokens/tokens.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

export type { TokenLedgerResponse } from '../../../../../server/features/tokens/tokens.routes.ts';

/** `GET /api/tokens/ledger?limit=`: recent balance changes, newest first. */
export const getTokenLedger = (limit: number, signal?: AbortSignal) => apiFetch<TokenLedgerResponse>(`/api/tokens/ledger?limit=${limit}`, { signal });

const getTokenLedgerQueryOptions = (userId: string | null, limit: number) =>
  queryOptions({
    queryKey: ['tokens', userId, 'ledger', limit],
    queryFn: ({ signal }) => getTokenLedger(limit, signal),
    enabled: userId !== null,
    staleTime: 30_000,
  });

/** Recent balance changes, newest first. */
export const useTokenLedger = (userId: string | null, limit = 8) => useQuery(getTokenLedgerQueryOptions(userId, limit));
