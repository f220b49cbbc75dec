import { describe, expect, it } from 'vitest';
import { readCookie } from './session-reader.ts';

const NAME = 'better-auth.session_token';

/** The straightforward reading the scan replaced: split on `;`, first pair whose trimmed name matches. */
function readBySplitting(header: string, name: string): string | null {
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

describe('readCookie', () => {
  it.each([
    [`${NAME}=abc.sig%3D`, 'abc.sig='],
    [`theme=dark; ${NAME}=abc.sig%3D; other=1`, 'abc.sig='],
    [`theme=dark;${NAME}=plain`, 'plain'],
    [`x${NAME}=suffix-of-another-name; ${NAME}=mine`, 'mine'],
    [`note=${NAME}=in-a-value; ${NAME}=mine`, 'mine'],
    [`${NAME}="quoted"`, 'quoted'],
    [`${NAME}=%E0%A4%A; a=b`, '%E0%A4%A'],
    [`${NAME} = spaced ; a=b`, 'spaced'],
    [`${NAME}=first; ${NAME}=second`, 'first'],
    ['theme=dark; lang=en', null],
    [NAME, null],
  ])('%s → %s', (header, expected) => {
    expect(readCookie(header, NAME)).toBe(expected);
    expect(readBySplitting(header, NAME)).toBe(expected);
  });

  it('agrees with splitting the header on 2,000 random headers built from names, values and separators', () => {
    const parts = [NAME, `x${NAME}`, 'a', ' ', ';', '=', '"', '%3D', '%ZZ', 'tok.sig', '\t'];
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 2000; i++) {
      const header = Array.from({ length: 1 + Math.floor(random() * 12) }, () => parts[Math.floor(random() * parts.length)]).join('');
      expect(readCookie(header, NAME), JSON.stringify(header)).toBe(readBySplitting(header, NAME));
    }
  });
});
