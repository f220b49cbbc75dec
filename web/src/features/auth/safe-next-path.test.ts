import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeNextPath } from './paths.ts';

describe('after sign-in, only same-site relative paths are followed', () => {
  it.each([
    ['/settings', '/settings'],
    ['/overview/AAPL?range=1y#chart', '/overview/AAPL?range=1y#chart'],
    ['/./settings', '/settings'],
    ['/a/../watchlists', '/watchlists'],
    ['/screener?q=a%2Fb', '/screener?q=a%2Fb'],
    [null, '/dashboard'],
    ['', '/dashboard'],
    ['settings', '/dashboard'],
    ['/login?next=/x', '/dashboard'],
  ])('%s → %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  // Each of these, followed as-is by the router or the browser, leaves the site.
  it.each([
    'https://evil.example/steal',
    '//evil.example/steal',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    // Dot segments normalize into a protocol-relative URL.
    '/.//evil.example',
    '/././/evil.example',
    '/a/..//evil.example',
    '/.%2F/evil.example',
    // Backslashes read as slashes.
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    // Encoded slashes and backslashes.
    '/%2F/evil.example',
    '/%2f%2fevil.example',
    '/%5C/evil.example',
    '/%5cevil.example',
    // Tabs and newlines are dropped by the URL parser.
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '\t//evil.example',
    '/\u0000/evil.example',
    // Schemes behind a slash or in other cases.
    '/\u0000/evil.example'.replace('\u0000', '\u000b'),
    'HTTPS://evil.example',
    ' //evil.example',
  ])('%j → /dashboard', (next) => {
    expect(safeNextPath(next)).toBe('/dashboard');
  });
});

describe('whatever it is given, what it returns stays on the site', () => {
  it('generated paths built from the dangerous pieces never resolve to another origin', () => {
    const piece = fc.constantFrom(
      '/',
      '//',
      '\\',
      '.',
      '..',
      '%2F',
      '%5C',
      '%2e',
      '\t',
      '\n',
      '\r',
      'evil.example',
      'https:',
      ':',
      '@',
      '?',
      '#',
      ' ',
      '\u0000',
      'a',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), fc.string(), (pieces, tail) => {
        const out = safeNextPath(`/${pieces.join('')}${tail}`);
        expect(out.startsWith('/') && !out.startsWith('//') && !out.startsWith('/\\')).toBe(true);
        expect(new URL(out, 'https://stockpilot.example').origin).toBe('https://stockpilot.example');
      }),
      { numRuns: 2000, seed: 26 },
    );
  });
});
