import type { TokenTopupRequest, TokenTopupResponse } from '../../../../../server/features/billing/billing.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

/** `POST /api/billing/create-token-topup`: a hosted checkout for `tokens` whole tokens. */
export const createTokenTopup = (tokens: number) =>
  apiFetch<TokenTopupResponse>('/api/billing/create-token-topup', { method: 'POST', body: { tokensToPurchase: tokens } satisfies TokenTopupRequest });
