import { apiFetch } from '../../lib/api.ts';

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  image?: string | null;
}

export interface Profile {
  id: string;
  first_name: string | null;
  last_name: string | null;
  avatar_url: string | null;
  updated_at: string | null;
}

export interface AuthConfig {
  providers: { email: boolean; google: boolean };
  mail: 'smtp' | 'outbox';
  password: { min_chars: number; max_chars: number };
}

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  links: string[];
  sent_at: string;
}

/** Where a finished Google sign-in or sign-up lands (SPEC §2). */
export const AFTER_SIGN_UP_PATH = '/dashboard';

export const authApi = {
  getSession: () => apiFetch<{ user: AuthUser; session: { id: string; expiresAt: string } } | null>('/api/auth/get-session'),
  getConfig: () => apiFetch<AuthConfig>('/api/auth-config'),
  signUp: (input: { email: string; password: string; first_name: string; last_name: string }) =>
    apiFetch<{ status: boolean; message: string }>('/api/auth/sign-up/email', { body: input }),
  signIn: (input: { email: string; password: string }) => apiFetch<{ user: AuthUser }>('/api/auth/sign-in/email', { body: input }),
  signOut: () => apiFetch<{ success: boolean }>('/api/auth/sign-out', { method: 'POST', body: {} }),
  /** Starts Google's consent screen; the browser leaves the app. */
  async signInWithGoogle() {
    const { url } = await apiFetch<{ url: string }>('/api/auth/sign-in/social', {
      body: { provider: 'google', callbackURL: AFTER_SIGN_UP_PATH, newUserCallbackURL: AFTER_SIGN_UP_PATH, errorCallbackURL: '/login' },
    });
    window.location.assign(url);
  },
  sendVerificationEmail: (email: string) => apiFetch<{ status: boolean }>('/api/auth/send-verification-email', { body: { email } }),
  requestPasswordReset: (email: string) => apiFetch<{ status: boolean; message: string }>('/api/auth/request-password-reset', { body: { email } }),
  resetPassword: (token: string, newPassword: string) => apiFetch<{ status: boolean }>('/api/auth/reset-password', { body: { token, newPassword } }),
  changePassword: (currentPassword: string, newPassword: string) =>
    apiFetch<{ token: string | null }>('/api/auth/change-password', { body: { currentPassword, newPassword } }),
  getProfile: () => apiFetch<Profile>('/api/profile'),
  updateProfile: (patch: Partial<Pick<Profile, 'first_name' | 'last_name' | 'avatar_url'>>) => apiFetch<Profile>('/api/profile', { method: 'PATCH', body: patch }),
  uploadAvatar: (file: File) => {
    const form = new FormData();
    form.append('avatar', file);
    return apiFetch<Profile>('/api/profile/avatar', { method: 'POST', body: form });
  },
  deleteAvatar: () => apiFetch<Profile>('/api/profile/avatar', { method: 'DELETE' }),
  listOutbox: () => apiFetch<{ mails: OutboxMail[] }>('/api/dev/outbox'),
};

/** Only same-site relative paths are followed after sign-in (no `//host`, no scheme, no backslash tricks). */
export function safeNextPath(next: string | null | undefined, fallback = '/dashboard'): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return fallback;
  try {
    const url = new URL(next, 'http://same.site');
    if (url.origin !== 'http://same.site') return fallback;
    if (['/login', '/signup'].includes(url.pathname)) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
