// Public surface for the account pages (route chunks): form components and the shared password rules.
export { AuthCard } from './components/auth-card.tsx';
export { GoogleButton } from './components/google-button.tsx';
export { PasswordInput } from './components/password-input.tsx';
export {
  describePasswordLength,
  PASSWORD_MAX_CHARS,
  PASSWORD_MIN_CHARS,
  preloadPasswordRules,
  validateEmail,
  validateName,
  validateNewPassword,
  validatePasswordLength,
} from './password-rules.ts';
export { useAuthConfig } from './use-auth-config.ts';
