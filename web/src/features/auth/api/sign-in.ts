import type { SignInRequest, SignInResponse } from '../../../../../server/features/auth/auth.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

/** `POST /api/auth/sign-in/email`: sets the session cookie. */
export const signIn = (input: SignInRequest) => apiFetch<SignInResponse>('/api/auth/sign-in/email', { body: input });
