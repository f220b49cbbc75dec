import type { StatusResponse } from '../../../../../server/features/auth/auth.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

/** `POST /api/auth/send-verification-email`: a new verification link (throttled per address). */
export const sendVerificationEmail = (email: string) => apiFetch<StatusResponse>('/api/auth/send-verification-email', { body: { email } });
