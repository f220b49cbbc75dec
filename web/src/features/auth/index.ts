// What the app shell needs at start-up. Form pieces live in ./forms.ts so they stay out of the initial bundle.
export { AFTER_SIGN_UP_PATH, type AuthConfig, authApi, type OutboxMail, safeNextPath } from './api.ts';
export { type AuthEvent, type AuthListener, AuthProvider, type AuthState, type AuthUser, type Profile, useAuth } from './auth-context.tsx';
