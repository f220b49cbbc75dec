import type { VerifyTokenPurchaseRequest, VerifyTokenPurchaseResponse } from '../../../../../server/features/billing/billing.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

/** `POST /api/billing/verify-token-purchase`: confirms a purchase on return from checkout (idempotent). */
export const verifyTokenPurchase = (sessionId: string) =>
  apiFetch<VerifyTokenPurchaseResponse>('/api/billing/verify-token-purchase', {
    method: 'POST',
    body: { session_id: sessionId } satisfies VerifyTokenPurchaseRequest,
  });
