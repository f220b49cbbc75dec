import type { SignOutResponse } from '../../../../../server/features/auth/auth.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

/** `POST /api/auth/sign-out`: ends the session. */
export const signOut = () => apiFetch<SignOutResponse>('/api/auth/sign-out', { method: 'POST', body: {} });
