import type { SignInSocialRequest, SignInSocialResponse } from '../../../../../server/features/auth/auth.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

import { AFTER_SIGN_UP_PATH } from '../paths.ts';

/** `POST /api/auth/sign-in/social`: starts Google's consent screen; the browser leaves the app. */
export async function signInWithGoogle() {
  const body: SignInSocialRequest = { provider: 'google', callbackURL: AFTER_SIGN_UP_PATH, newUserCallbackURL: AFTER_SIGN_UP_PATH, errorCallbackURL: '/login' };
  const { url } = await apiFetch<SignInSocialResponse>('/api/auth/sign-in/social', { body });
  window.location.assign(url);
}
