import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../adapters/db/index.ts';
import { createLogger } from '../lib/logger.ts';
import type { Feature } from './feature.ts';
import { signUpAndVerify } from '../test/auth.ts';
import { startTestApp, type TestApp } from '../test/app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface LogLine {
  level: number;
  msg: string;
  requestId?: string;
  req?: { id: string; method: string; route: string };
  res?: { status: number };
  ms?: number;
  userId?: string;
}

/** A route that fails as a bug would: its error log must carry the request's id. */
const failingRoute: Feature = {
  name: 'test-failing-route',
  routes(app) {
    app.get('/api/test-fails', () => {
      throw new Error('a bug');
    });
  },
};

describe('request ids and the access log [pglite]', () => {
  const written: string[] = [];
  let db: Database;
  let t: TestApp;
  beforeAll(async () => {
    const logger = createLogger('info', { write: (s: string) => void written.push(s) });
    ({ db, t } = await startTestApp('pglite', { logger, features: [failingRoute] }));
  });
  afterAll(async () => db?.close());

  const lines = (): LogLine[] => written.map((s) => JSON.parse(s) as LogLine);
  const accessLineOf = (id: string) => {
    const found = lines().filter((l) => l.msg === 'request' && l.req?.id === id);
    expect(found).toHaveLength(1);
    return found[0]!;
  };

  it('makes a UUID when the request has none, echoes it and logs one line with method, route, status and ms', async () => {
    const res = await t.json('GET', '/api/token-costs');
    expect(res.status).toBe(200);
    const id = res.headers.get('x-request-id')!;
    expect(id).toMatch(UUID);
    const line = accessLineOf(id);
    expect(line.level).toBe(30);
    expect(line.req).toEqual({ id, method: 'GET', route: '/api/token-costs' });
    expect(line.res).toEqual({ status: 200 });
    expect(line.ms).toBeGreaterThanOrEqual(0);
    expect(line.userId).toBeUndefined();
  });

  it("accepts the caller's X-Request-Id and echoes it", async () => {
    const res = await t.json('GET', '/api/token-costs', undefined, { 'x-request-id': 'edge-7f3a:42/b' });
    expect(res.headers.get('x-request-id')).toBe('edge-7f3a:42/b');
    expect(accessLineOf('edge-7f3a:42/b').res?.status).toBe(200);
  });

  it.each([
    ['a space', 'has space'],
    ['a tab', 'a\tb'],
    ['129 characters', 'x'.repeat(129)],
    ['a non-ASCII letter', 'café'],
  ])('replaces an id with %s by a new one', async (_, bad) => {
    const res = await t.json('GET', '/api/token-costs', undefined, { 'x-request-id': bad });
    const id = res.headers.get('x-request-id')!;
    expect(id).toMatch(UUID);
    accessLineOf(id);
    expect(written.join('')).not.toContain(bad);
  });

  it('logs the route pattern and the user id when signed in, and never the cookie, the session token or the query', async () => {
    const { cookie, userId } = await signUpAndVerify(t);
    const res = await t.json('GET', '/api/market/quote/AAPL?apikey=sekrit-query-value', undefined, { cookie });
    expect(res.status).toBe(200);
    const line = accessLineOf(res.headers.get('x-request-id')!);
    expect(line.req?.route).toBe('/api/market/quote/:symbol');
    expect(line.userId).toBe(userId);
    const all = written.join('');
    // The signed cookie's value, its token part and the query secret appear nowhere in the log.
    const cookieValue = cookie.slice(cookie.indexOf('=') + 1);
    const token = decodeURIComponent(cookieValue).split('.')[0]!;
    expect(token.length).toBeGreaterThan(10);
    expect(all).not.toContain(cookieValue);
    expect(all).not.toContain(token);
    expect(all).not.toContain('sekrit-query-value');
    expect(all.toLowerCase()).not.toContain('"cookie"');
  });

  it('logs a refused check (403 cross-origin) with its status, and the error log of a failing route with the request id', async () => {
    const refused = await t.json('POST', '/api/watchlists', { name: 'x' }, { origin: 'https://evil.example', 'x-request-id': 'cross-origin-1' });
    expect(refused.status).toBe(403);
    expect(accessLineOf('cross-origin-1').res?.status).toBe(403);

    const failed = await t.json('GET', '/api/test-fails', undefined, { 'x-request-id': 'bug-1' });
    expect(failed.status).toBe(500);
    expect(accessLineOf('bug-1')).toMatchObject({ req: { route: '/api/test-fails' }, res: { status: 500 } });
    const errorLines = lines().filter((l) => l.level === 50 && l.requestId === 'bug-1');
    expect(errorLines.map((l) => l.msg)).toEqual(['unhandled error']);
  });
});
