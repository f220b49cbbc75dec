import type { CheckoutRequest, CheckoutResponse } from '../../../../../server/features/billing/billing.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

/** `POST /api/billing/create-checkout`: a hosted checkout URL, or the portal's when the user already subscribes. */
export const createCheckout = (plan: NonNullable<CheckoutRequest['plan']> & ('basic' | 'pro')) =>
  apiFetch<CheckoutResponse>('/api/billing/create-checkout', { method: 'POST', body: { plan } satisfies CheckoutRequest });
