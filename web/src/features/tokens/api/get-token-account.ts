import type { TokenAccountResponse } from '../../../../../server/features/tokens/tokens.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

export type { TokenAccountResponse } from '../../../../../server/features/tokens/tokens.routes.ts';

// Used by the app shell (SubscriptionProvider): a plain fetcher, no TanStack Query (see get-subscription.ts).
/** `GET /api/tokens`: the user_tokens row of SPEC §3 plus the buckets (tokens with ≤ 3 decimals). */
export const getTokenAccount = (signal?: AbortSignal) => apiFetch<TokenAccountResponse>('/api/tokens', { signal });
