import { describe, expect, it } from 'vitest';
import { getAvatarFallback } from './avatar.ts';

describe('avatar fallback (SPEC §1)', () => {
  it('uses the initials of first and last name', () => {
    expect(getAvatarFallback({ firstName: 'ada', lastName: 'Lovelace', email: 'x@y.z' })).toBe('AL');
  });
  it('uses one initial when only one name is known', () => {
    expect(getAvatarFallback({ firstName: 'Grace', lastName: '' })).toBe('G');
  });
  it('falls back to the first two letters of the e-mail, upper-cased', () => {
    expect(getAvatarFallback({ firstName: null, lastName: '  ', email: 'jo@example.com' })).toBe('JO');
  });
  it('ends with U when nothing is known', () => {
    expect(getAvatarFallback({})).toBe('U');
  });
});
