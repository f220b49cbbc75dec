import type { Result } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { MAX_REMEMBERED_PATH, MemoRouter } from './memo-router.ts';

// The shapes the app registers: app-wide and prefix middleware, static and parameterised routes, and the pair
// the regexp router refuses (a static POST beside a deeper parameterised POST at the same segment).
const routes: Array<[method: string, path: string, handler: string]> = [
  ['ALL', '/*', 'global layer'],
  ['ALL', '/api/*', 'session'],
  ['ALL', '/api/v1/*', 'api key'],
  ['GET', '/api/token-costs', 'token costs'],
  ['POST', '/api/analyses/stream', 'stream'],
  ['POST', '/api/analyses/:id/shares', 'share'],
  ['GET', '/api/analyses/:id', 'analysis'],
  ['GET', '/api/v1/quotes/:symbol', 'v1 quote'],
  ['ALL', '/api/*', 'unknown api route'],
];
const requests: Array<[string, string]> = [
  ['GET', '/api/token-costs'],
  ['POST', '/api/analyses/stream'],
  ['POST', '/api/analyses/abc/shares'],
  ['GET', '/api/analyses/abc'],
  ['GET', '/api/v1/quotes/AAPL'],
  ['GET', '/api/v1/quotes/MSFT'],
  ['DELETE', '/api/token-costs'],
  ['GET', '/dashboard'],
];

const build = <R extends { add(m: string, p: string, h: string): void }>(router: R) => {
  for (const [m, p, h] of routes) router.add(m, p, h);
  return router;
};
/** Handlers in order with their params: what Hono runs for a request. */
const describeMatch = (r: Result<string>) => r[0].map(([h, params]) => [h, Array.isArray(params) ? params : { ...params }]);

describe('MemoRouter', () => {
  it('answers every request exactly as Hono’s default router does, the first time and from memory', () => {
    const hono = build(new SmartRouter<string>({ routers: [new RegExpRouter(), new TrieRouter()] }));
    const memo = build(new MemoRouter<string>());
    for (const [m, p] of requests) {
      const expected = describeMatch(hono.match(m, p));
      expect(describeMatch(memo.match(m, p)), `${m} ${p}`).toEqual(expected);
      expect(describeMatch(memo.match(m, p)), `${m} ${p} again`).toEqual(expected);
    }
    // A param reaches the handler from the remembered answer too: quotes for AAPL and MSFT stay apart.
    expect(memo.match('GET', '/api/v1/quotes/MSFT')[0].find(([h]) => h === 'v1 quote')?.[1]).toEqual({ symbol: 'MSFT' });
    expect(memo.size).toBe(requests.length);
  });

  it('remembers at most maxEntries: the 4th distinct path with room for 3 starts the memory over (size 1)', () => {
    const memo = build(new MemoRouter<string>(undefined, 3));
    for (const s of ['A', 'B', 'C']) memo.match('GET', `/api/v1/quotes/${s}`);
    expect(memo.size).toBe(3);
    memo.match('GET', '/api/v1/quotes/D');
    expect(memo.size).toBe(1);
  });

  it(`never remembers a path longer than ${MAX_REMEMBERED_PATH} characters, and still matches it`, () => {
    const memo = build(new MemoRouter<string>());
    const long = `/api/analyses/${'x'.repeat(MAX_REMEMBERED_PATH)}`;
    expect(memo.match('GET', long)[0].map(([h]) => h)).toContain('analysis');
    expect(memo.size).toBe(0);
  });
});
