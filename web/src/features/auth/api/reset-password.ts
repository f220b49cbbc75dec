import type { StatusResponse } from '../../../../../server/features/auth/auth.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

/** `POST /api/auth/reset-password`: a new password with the token from the reset mail. */
export const resetPassword = (token: string, newPassword: string) => apiFetch<StatusResponse>('/api/auth/reset-password', { body: { token, newPassword } });
