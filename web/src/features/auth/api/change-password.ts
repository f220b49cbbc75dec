import type { ChangePasswordResponse } from '../../../../../server/features/auth/auth.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

/** `POST /api/auth/change-password`: signs out the user's other sessions. */
export const changePassword = (currentPassword: string, newPassword: string) =>
  apiFetch<ChangePasswordResponse>('/api/auth/change-password', { body: { currentPassword, newPassword } });
