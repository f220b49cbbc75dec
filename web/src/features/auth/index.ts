export { AuthProvider, useAuth, type AuthState, type AuthUser, type Profile } from './auth-context.tsx';
