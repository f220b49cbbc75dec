import { describe, expect, it } from 'vitest';
import { safeNextPath } from './paths.ts';

describe('after sign-in, only same-site relative paths are followed', () => {
  it.each([
    ['/settings', '/settings'],
    ['/overview/AAPL?range=1y#chart', '/overview/AAPL?range=1y#chart'],
    [null, '/dashboard'],
    ['', '/dashboard'],
    ['https://evil.example/steal', '/dashboard'],
    ['//evil.example/steal', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['javascript:alert(1)', '/dashboard'],
    ['settings', '/dashboard'],
    ['/login?next=/x', '/dashboard'],
  ])('%s → %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });
});
