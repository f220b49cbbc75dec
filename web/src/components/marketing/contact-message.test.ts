import { describe, expect, it } from 'vitest';
import { type ContactMessage, composeMailto, validateContactMessage } from './contact-message.ts';

const ok: ContactMessage = { name: 'Ada Lovelace', email: 'ada@example.com', topic: 'Billing and tokens', message: 'My top-up of 20 tokens did not arrive.' };

describe('contact form', () => {
  it('accepts a complete message', () => {
    expect(validateContactMessage(ok)).toEqual({});
  });

  it('names every field at fault, with the character count for a short message', () => {
    const errors = validateContactMessage({ name: '  ', email: 'ada@', topic: ok.topic, message: 'too short' });
    expect(Object.keys(errors).sort()).toEqual(['email', 'message', 'name']);
    // "too short" is 9 characters, under the 20 minimum
    expect(errors.message).toContain('(9 so far)');
  });

  it('composes a mailto link whose spaces are %20, not +, and whose body carries the reply address', () => {
    const href = composeMailto('support@stockpilot.app', ok);
    expect(href.startsWith('mailto:support@stockpilot.app?subject=%5BBilling%20and%20tokens%5D%20Message%20from%20Ada%20Lovelace&body=')).toBe(true);
    expect(href).not.toContain('+');
    const body = decodeURIComponent(href.split('&body=')[1]!);
    expect(body).toContain('Reply to: ada@example.com');
    expect(body.startsWith('My top-up of 20 tokens did not arrive.')).toBe(true);
  });
});
