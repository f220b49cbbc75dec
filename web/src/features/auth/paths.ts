/** Where a finished Google sign-in or sign-up lands (SPEC §2). */
export const AFTER_SIGN_UP_PATH = '/dashboard';

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
