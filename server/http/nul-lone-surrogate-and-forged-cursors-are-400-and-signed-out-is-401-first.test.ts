import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../adapters/db/index.ts';
import { createLedgerService } from '../features/tokens/index.ts';
import { startTestApp, type TestApp } from '../test/app.ts';
import { describeEachDatabase } from '../test/db.ts';
import { insertTestUser } from '../test/users.ts';

const cursorOf = (text: string) => Buffer.from(text).toString('base64url');

describeEachDatabase('bad input is a 400 naming the field, never a 500; signed-out is 401 before the body is read', (kind) => {
  let db: Database;
  let t: TestApp;
  let as: Record<string, string>;
  const errorLines: unknown[] = [];
  beforeAll(async () => {
    const logger = pino({ level: 'error' }, { write: (s: string) => void errorLines.push(JSON.parse(s)) });
    ({ db, t } = await startTestApp(kind, { actAsHeader: true, logger }));
    const { id } = await insertTestUser(db);
    await createLedgerService(db).openAccount(id);
    as = { 'x-test-user-id': id };
  });
  afterAll(() => db.close());

  const count = async (table: 'watchlists' | 'saved_screens') =>
    Number((await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]!.n);

  it('a NUL in a JSON field, a nested field, an object key, a query and a path: 400 BAD_REQUEST naming it, nothing stored, nothing logged', async () => {
    const before = await count('watchlists');
    const cases: Array<[method: string, path: string, body: unknown, field: string]> = [
      ['POST', '/api/watchlists', { name: 'Div\u0000idends' }, 'name'],
      ['PATCH', '/api/profile', { first_name: 'Ada\u0000' }, 'first_name'],
      ['POST', '/api/billing/verify-token-purchase', { session_id: 'cs_\u0000' }, 'session_id'],
      ['POST', '/api/screener/query', { filters: [{ field: 'pe\u0000', op: 'lt', value: 1 }] }, 'filters.0.field'],
      ['POST', '/api/watchlists', { 'na\u0000me': 'x' }, 'na\\u0000me'],
      ['GET', '/api/market/search?q=app%00le', undefined, 'q'],
      ['GET', '/api/market/quote/AA%00PL', undefined, 'symbol'],
      ['DELETE', '/api/watchlists/%00', undefined, 'id'],
      ['GET', '/api/auth/get-session?x=%00', undefined, 'x'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await t.json(method, path, body, as);
      expect(res.status, path).toBe(400);
      expect(res.body.error, path).toMatchObject({ code: 'BAD_REQUEST', field });
    }
    expect(await count('watchlists')).toBe(before);
    expect(errorLines).toEqual([]);
  });

  it('a lone surrogate (which PGlite encoded into invalid UTF-8: 500) is 400 too; a whole pair and RTL marks are fine', async () => {
    const lone = await t.json('POST', '/api/billing/verify-token-purchase', JSON.stringify({ session_id: 'cs_\u6185\udd1e' }), as);
    expect(lone.status).toBe(400);
    expect(lone.body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'session_id' });
    const pair = await t.json('POST', '/api/billing/verify-token-purchase', { session_id: 'cs_\ud83d\ude00\u202e\u200f' }, as);
    expect(pair.status).toBe(404);
    const name = await t.json('POST', '/api/watchlists', { name: '\u202eBest\u200f \ud83d\ude00' }, as);
    expect(name.status).toBe(201);
    expect(errorLines).toEqual([]);
  });

  it('forged list cursors that used to reach PostgreSQL (a date Date.parse takes, an id of 36 dashes): 400 BAD_REQUEST naming cursor', async () => {
    const forged = [
      cursorOf(`1|${'-'.repeat(36)}`),
      cursorOf('2026-01-01T00:00:00.000Z|------------------------------------'),
      cursorOf('May 5|6f1c1d2e-0000-4000-8000-000000000000'),
      cursorOf('2026-02-30T00:00:00.000Z|6f1c1d2e-0000-4000-8000-000000000000'),
      cursorOf('2026-01-01T00:00:00.000Z|6f1c1d2e-0000-4000-8000-000000000000|x'),
      'not base64 at all!',
    ];
    for (const list of ['/api/analyses', '/api/copilot/conversations', '/api/watchlists']) {
      for (const cursor of forged) {
        const res = await t.json('GET', `${list}?cursor=${encodeURIComponent(cursor)}`, undefined, as);
        expect(res.status, `${list} ${cursor}`).toBe(400);
        expect(res.body.error, `${list} ${cursor}`).toMatchObject({ code: 'BAD_REQUEST', field: 'cursor' });
      }
      // A well-formed position is a page (empty here), not an error.
      const ok = await t.json('GET', `${list}?cursor=${cursorOf('2026-01-01T00:00:00.000Z|6f1c1d2e-0000-4000-8000-000000000000')}`, undefined, as);
      expect(ok.status, list).toBe(200);
    }
    expect(errorLines).toEqual([]);
  });

  it('signed out, a bad body or query on a signed-in route is 401, not a 400 describing the schema', async () => {
    for (const [method, path, body] of [
      ['POST', '/api/watchlists', { nope: 1 }],
      ['POST', '/api/analyses', { symbol: 5 }],
      ['PATCH', '/api/profile', '{"first_name":'],
      ['GET', '/api/analyses?limit=-1', undefined],
      ['POST', '/api/copilot/messages', { message: 'a\u0000' }],
    ] as const) {
      const res = await t.json(method, path, body);
      expect(res.status, path).toBe(401);
      expect(res.body.error.code, path).toBe('UNAUTHORIZED');
    }
  });
});
