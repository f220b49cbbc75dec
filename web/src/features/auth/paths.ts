/** Where a finished Google sign-in or sign-up lands (SPEC §2). */
export const AFTER_SIGN_UP_PATH = '/dashboard';

// Control characters (tab, newline: the URL parser drops them, so `/\t/evil` became `//evil`) and
// backslashes (browsers read `\` as `/`) anywhere; percent-encoded slashes or backslashes in the path
// (a later hop may decode them). An encoded slash in the query (`?q=a%2Fb`) is data and stays.
const hasUnsafeCharacter = (s: string) => {
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c /* backslash */) return true;
  }
  return false;
};
const encodedSlash = /%2f|%5c/i;
const pathPart = (s: string) => s.split(/[?#]/, 1)[0]!;

/**
 * Only same-site relative paths are followed after sign-in. The input is refused if it could mean
 * another host, and so is the normalized result: `/.//evil.example` normalizes to `//evil.example`, which a
 * browser reads as a protocol-relative URL to another site.
 */
export function safeNextPath(next: string | null | undefined, fallback = '/dashboard'): string {
  if (!next?.startsWith('/') || next.startsWith('//') || hasUnsafeCharacter(next) || encodedSlash.test(pathPart(next))) return fallback;
  try {
    const url = new URL(next, 'http://same.site');
    if (url.origin !== 'http://same.site') return fallback;
    if (url.pathname.startsWith('//') || ['/login', '/signup'].includes(url.pathname)) return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    // What is followed must read back as the same same-site path.
    return new URL(path, 'http://same.site').origin === 'http://same.site' && !path.startsWith('//') ? path : fallback;
  } catch {
    return fallback;
  }
}
