/**
 * Password rules of OWASP ASVS 5 §6.2, shared by the server and the web forms (pure: no I/O, no DOM).
 * 8 to 128 characters (code points), no composition rules, the most common passwords refused, no truncation.
 */
export const PASSWORD_MIN_CHARS = 8;
export const PASSWORD_MAX_CHARS = 128;

type PasswordProblemCode = 'PASSWORD_TOO_SHORT' | 'PASSWORD_TOO_LONG' | 'PASSWORD_TOO_COMMON';

interface PasswordProblem {
  code: PasswordProblemCode;
  message: string;
}

/** Builds a lookup from the newline-separated list shipped in common-passwords.txt (lower-cased entries). */
export function parseCommonPasswords(list: string): Set<string> {
  return new Set(
    list
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
  );
}

/** The first rule the password breaks, or null when it is acceptable. */
export function checkPassword(password: string, commonPasswords: ReadonlySet<string>): PasswordProblem | null {
  const chars = [...password].length;
  if (chars < PASSWORD_MIN_CHARS) return { code: 'PASSWORD_TOO_SHORT', message: `Use at least ${PASSWORD_MIN_CHARS} characters.` };
  if (chars > PASSWORD_MAX_CHARS) return { code: 'PASSWORD_TOO_LONG', message: `Use at most ${PASSWORD_MAX_CHARS} characters.` };
  if (commonPasswords.has(password.toLowerCase())) {
    return { code: 'PASSWORD_TOO_COMMON', message: 'This password is one of the most common ones. Choose something harder to guess.' };
  }
  return null;
}
