// What the app shell needs at start-up. Form pieces live in ./forms.ts so they stay out of the initial bundle.
export { type AuthConfig, authApi, type OutboxMail } from './auth-api.ts';
export { AFTER_SIGN_UP_PATH, safeNextPath } from './paths.ts';
export { type AuthEvent, type AuthListener, AuthProvider, type AuthState, type AuthUser, type Profile, useAuth } from './auth-context.tsx';
