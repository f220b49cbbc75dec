export { AFTER_SIGN_UP_PATH, type AuthConfig, authApi, type OutboxMail, safeNextPath } from './api.ts';
export { type AuthEvent, type AuthListener, AuthProvider, type AuthState, type AuthUser, type Profile, useAuth } from './auth-context.tsx';
export { AuthCard } from './components/auth-card.tsx';
export { GoogleButton } from './components/google-button.tsx';
export { PasswordInput } from './components/password-input.tsx';
export { describePasswordLength, PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS, preloadPasswordRules, validateEmail, validateName, validateNewPassword, validatePasswordLength } from './password-rules.ts';
export { useAuthConfig } from './use-auth-config.ts';
