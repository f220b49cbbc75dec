import { describe, expect, it } from 'vitest';
import { findAppRoot } from '../../lib/app-root.ts';
import { loadCommonPasswords } from './index.ts';
import { checkPassword } from '../../../core/auth/password-policy.ts';

describe('password rules (OWASP ASVS 5 §6.2)', () => {
  const common = loadCommonPasswords(findAppRoot());

  it('ships at least 10,000 common passwords, all 8–128 characters (shorter ones fail on length anyway)', () => {
    expect(common.size).toBeGreaterThanOrEqual(10_000);
    expect([...common].every((p) => p.length >= 8 && p.length <= 128)).toBe(true);
  });

  it('8 to 128 characters counted as code points; no composition rules', () => {
    expect(checkPassword('sevench', common)?.code).toBe('PASSWORD_TOO_SHORT');
    expect(checkPassword('plain lowercase words', common)).toBeNull();
    // 8 emoji are 16 UTF-16 units but 8 characters: accepted; 7 are too short.
    expect(checkPassword('🦊🦊🦊🦊🦊🦊🦊🦊', common)).toBeNull();
    expect(checkPassword('🦊🦊🦊🦊🦊🦊🦊', common)?.code).toBe('PASSWORD_TOO_SHORT');
    expect(checkPassword('a'.repeat(128), common)).toBeNull();
    expect(checkPassword('a'.repeat(129), common)?.code).toBe('PASSWORD_TOO_LONG');
  });

  it('refuses common passwords whatever their case', () => {
    for (const p of ['password', 'PASSWORD1', 'iloveyou', 'qwertyuiop', '1qaz2wsx']) expect(checkPassword(p, common)?.code).toBe('PASSWORD_TOO_COMMON');
  });
});
