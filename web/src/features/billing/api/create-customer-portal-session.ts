import type { PortalResponse } from '../../../../../server/features/billing/billing.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

/** `POST /api/billing/customer-portal`: the provider's portal URL (switch plan, cancel). */
export const createPortalSession = () => apiFetch<PortalResponse>('/api/billing/customer-portal', { method: 'POST', body: {} });
