import type { AuthConfigResponse } from '../../../../../server/features/auth/auth.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

export type { AuthConfigResponse as AuthConfig } from '../../../../../server/features/auth/auth.routes.ts';

/** `GET /api/auth-config`: enabled sign-in methods, where mails go, password bounds. */
export const getAuthConfig = () => apiFetch<AuthConfigResponse>('/api/auth-config');
