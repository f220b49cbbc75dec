import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { createSessionReader } from './session-reader.ts';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const COOKIE = 'stockpilot.session_token';
const IDLE_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const sign = (token: string) => encodeURIComponent(`${token}.${createHmac('sha256', SECRET).update(token).digest('base64')}`);

describeEachDatabase('session cache and revocation bound (1000 ms)', (kind) => {
  let db: Database;
  let statements = 0;
  let clockMs = 0;
  let n = 0;

  /**
   * A user with one session. By default it was last used at the database's now() and ends 30 days later;
   * `at` gives its last use and absolute expiry in the test clock's milliseconds instead.
   */
  async function createSession(at?: { lastUsedMs: number; expiresMs: number }) {
    const id = `u_${kind}_${++n}`;
    const token = `tok_${kind}_${n}_abcdefghijklmnopqrstuvwxyz`;
    await db.query(sql`INSERT INTO "user" (id, name, email, email_verified) VALUES (${id}, 'Ada Lovelace', ${`${id}@example.test`}, true)`);
    if (at) {
      const iso = (ms: number) => new Date(ms).toISOString();
      await db.query(sql`
        INSERT INTO session (id, user_id, token, expires_at, created_at, updated_at)
        VALUES (${`s_${id}`}, ${id}, ${token}, ${iso(at.expiresMs)}, ${iso(at.lastUsedMs)}, ${iso(at.lastUsedMs)})`);
    } else {
      await db.query(sql`INSERT INTO session (id, user_id, token, expires_at) VALUES (${`s_${id}`}, ${id}, ${token}, now() + make_interval(days => 30))`);
    }
    return { userId: id, sessionId: `s_${id}`, token, cookie: `theme=dark; ${COOKIE}=${sign(token)}` };
  }

  const readLastUseMs = async (sessionId: string) => {
    const [row] = await db.query<{ ms: number }>(sql`SELECT (extract(epoch FROM updated_at) * 1000)::float8 AS ms FROM session WHERE id = ${sessionId}`);
    return row ? Number(row.ms) : null;
  };

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
      idleTimeoutMs: IDLE_MS,
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

  it('idle timeout: a use within it is recorded at most once per touch interval (6 min of 60); unused for 60 min, the session is deleted', async () => {
    const t0 = Date.UTC(2030, 0, 1);
    const s = await createSession({ lastUsedMs: t0, expiresMs: t0 + 30 * 24 * 60 * MINUTE_MS });
    const reader = createReader();
    // 5 min after the last use: served, nothing written (revision + session only).
    clockMs = t0 + 5 * MINUTE_MS;
    const early = await count(() => reader.readSession(s.cookie));
    expect([early.value?.sessionId, early.statements]).toEqual([s.sessionId, 2]);
    expect(await readLastUseMs(s.sessionId)).toBe(t0);
    // 59 min: the cache entry is older than its 60 s, so the row is read again; 6 min since the last use recorded → recorded now.
    clockMs = t0 + 59 * MINUTE_MS;
    const used = await count(() => reader.readSession(s.cookie));
    expect([used.value?.sessionId, used.statements]).toEqual([s.sessionId, 3]);
    expect(used.value?.expiresAtMs).toBe(clockMs + IDLE_MS);
    expect(await readLastUseMs(s.sessionId)).toBe(t0 + 59 * MINUTE_MS);
    // 118 min (59 after that use): still alive. 59 + 60 = 119 min: idle for the whole timeout, deleted.
    clockMs = t0 + 118 * MINUTE_MS;
    expect((await reader.readSession(s.cookie))?.sessionId).toBe(s.sessionId);
    const other = await createSession({ lastUsedMs: t0, expiresMs: t0 + 30 * 24 * 60 * MINUTE_MS });
    clockMs = t0 + 60 * MINUTE_MS;
    expect(await createReader().readSession(other.cookie)).toBeNull();
    expect(await readLastUseMs(other.sessionId)).toBeNull();
  });

  it('absolute timeout: a session past its expiry is deleted and refused however recently it was used', async () => {
    const t0 = Date.UTC(2031, 0, 1);
    const s = await createSession({ lastUsedMs: t0, expiresMs: t0 + 10 * MINUTE_MS });
    const reader = createReader();
    clockMs = t0 + 9 * MINUTE_MS;
    const hit = await reader.readSession(s.cookie);
    // The cache never serves it past the earlier deadline (the absolute one here).
    expect(hit?.expiresAtMs).toBe(t0 + 10 * MINUTE_MS);
    clockMs = t0 + 10 * MINUTE_MS;
    expect(await reader.readSession(s.cookie)).toBeNull();
    expect(await readLastUseMs(s.sessionId)).toBeNull();
  });
});
