import type { SignUpRequest, StatusMessageResponse } from '../../../../../server/features/auth/auth.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

/** `POST /api/auth/sign-up/email`: the same answer whether or not the address was registered. */
export const signUp = (input: SignUpRequest) => apiFetch<StatusMessageResponse>('/api/auth/sign-up/email', { body: input });
