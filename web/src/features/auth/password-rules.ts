import { checkPassword, PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS } from '../../../../core/auth/password-policy.ts';

export { PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS };

let common: Promise<ReadonlySet<string>> | null = null;

/** The same list the server checks (about 18,000 entries), loaded on first use so it never weighs on other pages. */
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('../../../../server/features/auth/common-passwords.txt?raw').then((m) => new Set((m.default as string).split('\n').filter(Boolean)));
  return common;
}

/** Starts the download early (call when a password form mounts). */
export function preloadPasswordRules(): void {
  void loadCommonPasswords();
}

/** The message for the first rule the password breaks, or null. Same rules as the server (OWASP ASVS 5 §6.2). */
export async function validateNewPassword(password: string): Promise<string | null> {
  if (!password) return 'Enter a password.';
  return checkPassword(password, await loadCommonPasswords())?.message ?? null;
}

const noList: ReadonlySet<string> = new Set();
/** The length rule alone, synchronously (as-you-type validation before the list has loaded). */
export function validatePasswordLength(password: string): string | null {
  if (!password) return 'Enter a password.';
  return checkPassword(password, noList)?.message ?? null;
}

/** Synchronous part (length only) for as-you-type hints. */
export function describePasswordLength(password: string): string | null {
  const n = [...password].length;
  if (n === 0) return null;
  if (n < PASSWORD_MIN_CHARS) return `${PASSWORD_MIN_CHARS - n} more character${PASSWORD_MIN_CHARS - n === 1 ? '' : 's'} needed.`;
  if (n > PASSWORD_MAX_CHARS) return `${n - PASSWORD_MAX_CHARS} characters too many.`;
  return null;
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function validateEmail(email: string): string | null {
  const v = email.trim();
  if (!v) return 'Enter your e-mail address.';
  if (v.length > 254 || !EMAIL_RE.test(v)) return 'Enter a valid e-mail address, like name@example.com.';
  return null;
}

export function validateName(value: string, label: string): string | null {
  const v = value.trim();
  if (!v) return `Enter your ${label}.`;
  if ([...v].length > 100) return `Use at most 100 characters for your ${label}.`;
  return null;
}
