import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { createSessionReader, type SessionHit } from './session-reader.ts';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const COOKIE = 'stockpilot.session_token';
const DAY_S = 24 * 60 * 60;
const sign = (token: string) => encodeURIComponent(`${token}.${createHmac('sha256', SECRET).update(token).digest('base64')}`);

describeEachDatabase('session cache and revocation bound (1000 ms)', (kind) => {
  let db: Database;
  let statements = 0;
  let clockMs = 0;
  const slowPath: string[] = [];
  let n = 0;

  /** A user with one session that expires in `expiresInDays` (of a 30-day life: extended 30 − that many days ago). */
  async function createSession(expiresInDays = 30) {
    const id = `u_${kind}_${++n}`;
    const token = `tok_${kind}_${n}_abcdefghijklmnopqrstuvwxyz`;
    await db.query(sql`INSERT INTO "user" (id, name, email, email_verified) VALUES (${id}, 'Ada Lovelace', ${`${id}@example.test`}, true)`);
    await db.query(sql`
      INSERT INTO session (id, user_id, token, expires_at) VALUES (${`s_${id}`}, ${id}, ${token}, now() + make_interval(days => ${expiresInDays}))`);
    return { userId: id, sessionId: `s_${id}`, token, cookie: `theme=dark; ${COOKIE}=${sign(token)}` };
  }

  function createReader() {
    // Counts statements from this reader only; the test's own inserts and deletes go to `db` directly.
    const query = ((q: never) => {
      statements++;
      return db.query(q);
    }) as Database['query'];
    const counted: Database = { ...db, query };
    return createSessionReader({
      db: counted,
      cookieName: COOKIE,
      secret: SECRET,
      expiresInSeconds: 30 * DAY_S,
      updateAgeSeconds: DAY_S,
      readThroughBetterAuth: async (cookie) => {
        slowPath.push(cookie);
        return null;
      },
      revisionCheckMs: 1000,
      nowMs: () => clockMs,
    });
  }

  const count = async <T>(f: () => Promise<T>) => {
    const before = statements;
    const value = await f();
    return { value, statements: statements - before };
  };

  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(async () => db?.close());

  it('first request: revision + session = 2 statements; the next ones within the bound: 0', async () => {
    const s = await createSession();
    const reader = createReader();
    clockMs = 10_000;
    const first = await count(() => reader.readSession(s.cookie));
    expect(first.value).toMatchObject({ sessionId: s.sessionId, user: { id: s.userId, name: 'Ada Lovelace', emailVerified: true } });
    expect(first.statements).toBe(2);
    clockMs = 10_999;
    const again = await count(() => reader.readSession(s.cookie));
    expect([again.value?.sessionId, again.statements]).toEqual([s.sessionId, 0]);
    // 1000 ms after the last revision read: 1 statement (the revision), the session still from the cache.
    clockMs = 11_000;
    expect((await count(() => reader.readSession(s.cookie))).statements).toBe(1);
  });

  it('a session deleted elsewhere (another process, an operator) is served until the revision is 1000 ms old, refused from then on', async () => {
    const s = await createSession();
    const reader = createReader();
    clockMs = 50_000;
    expect((await reader.readSession(s.cookie))?.sessionId).toBe(s.sessionId);
    await db.query(sql`DELETE FROM session WHERE user_id = ${s.userId}`);
    clockMs = 50_999;
    expect((await reader.readSession(s.cookie))?.sessionId).toBe(s.sessionId);
    clockMs = 51_000;
    // The revision moved: cache dropped, revision + session re-read, the row is gone.
    const refused = await count(() => reader.readSession(s.cookie));
    expect([refused.value, refused.statements]).toEqual([null, 2]);
  });

  it('forgetAll (an auth request in this process) refuses a deleted session at once', async () => {
    const s = await createSession();
    const reader = createReader();
    clockMs = 80_000;
    expect((await reader.readSession(s.cookie))?.sessionId).toBe(s.sessionId);
    await db.query(sql`DELETE FROM session WHERE id = ${s.sessionId}`);
    reader.forgetAll();
    expect(await reader.readSession(s.cookie)).toBeNull();
  });

  it('a changed e-mail reaches the cache within the bound (the user trigger moves the revision)', async () => {
    const s = await createSession();
    const reader = createReader();
    clockMs = 90_000;
    expect((await reader.readSession(s.cookie))?.user.email).toBe(`${s.userId}@example.test`);
    await db.query(sql`UPDATE "user" SET email = ${`new.${s.userId}@example.test`} WHERE id = ${s.userId}`);
    clockMs = 91_000;
    expect((await reader.readSession(s.cookie))?.user.email).toBe(`new.${s.userId}@example.test`);
  });

  it('a wrong signature or a forged token costs no session read and is refused', async () => {
    const s = await createSession();
    const reader = createReader();
    clockMs = 120_000;
    await reader.readSession(s.cookie);
    // The real token with someone else's signature, and a made-up token with a well-formed one.
    const tampered = `${COOKIE}=${encodeURIComponent(`${s.token}.${'A'.repeat(43)}=`)}`;
    const forged = `${COOKIE}=${encodeURIComponent(`tok_forged.${'A'.repeat(43)}=`)}`;
    for (const cookie of [tampered, forged, `${COOKIE}=no-signature`, 'theme=dark']) {
      const r = await count(() => reader.readSession(cookie));
      expect([r.value, r.statements], cookie).toEqual([null, 0]);
    }
  });

  it('a session due for its daily extension (last extended 2 days ago) goes through better-auth', async () => {
    // expires in 28 days of a 30-day life: extended 2 days ago, over the 1-day update age.
    const s = await createSession(28);
    const reader = createReader();
    clockMs = 150_000;
    slowPath.length = 0;
    const hit: SessionHit | null = await reader.readSession(s.cookie);
    expect(hit).toBeNull();
    expect(slowPath).toEqual([s.cookie]);
  });
});
