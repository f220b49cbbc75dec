import type { AuthSessionResponse } from '../../../../../server/features/auth/auth.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

export type { AuthSessionResponse, AuthUser } from '../../../../../server/features/auth/auth.routes.ts';

/** `GET /api/auth/get-session`: the session and its user, or null when signed out. */
export const getSession = () => apiFetch<AuthSessionResponse>('/api/auth/get-session');
