import type { StatusMessageResponse } from '../../../../../server/features/auth/auth.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

/** `POST /api/auth/request-password-reset`: mails a reset link; the same answer for unknown addresses. */
export const requestPasswordReset = (email: string) => apiFetch<StatusMessageResponse>('/api/auth/request-password-reset', { body: { email } });
