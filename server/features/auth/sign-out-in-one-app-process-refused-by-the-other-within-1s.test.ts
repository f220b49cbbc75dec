import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { createTestApp, readJsonAnswer } from '../../test/app.ts';
import { appProcessOrigin, startAppProcess } from '../../test/app-process.ts';
import { changePassword, cookieHeaderFrom, signUpAndVerify } from '../../test/auth.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';

/** The stated bound (SESSION_REVOCATION_MS, default 1000) plus slack; on the test's standing clock a refusal comes within the bound + one 25 ms step. */
const BOUND_MS = 1000;
const SLACK_MS = 1500;

interface AppHandle {
  ctx: { db: Database };
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are asserted field by field
  json(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; headers: Headers; body: any }>;
  stop(): Promise<void>;
}

/**
 * The clock both app instances read (ms since the epoch). It stands still: only `advanceClock` moves it, so a
 * cache's age is what the test says it is, however long a request takes on a loaded machine.
 */
// Starts at the wall clock's now: PostgreSQL's own now() (session expiry in SQL) stays in step with it.
let clockMs = Date.now();
let setClock: (ms: number) => Promise<void> = async () => {};
const advanceClock = async (ms: number) => {
  clockMs += ms;
  await setClock(clockMs);
};

/** An app process (`node --import tsx server/main.ts`) on the given PostgreSQL database, on port 0, on the test's clock; driven over HTTP. */
async function startAppProcessOn(databaseUrl: string, db: Database): Promise<AppHandle & { setClock(ms: number): Promise<void> }> {
  const p = await startAppProcess({
    env: { DATABASE_URL: databaseUrl, NODE_ENV: 'test', SESSION_REVOCATION_MS: String(BOUND_MS) },
    clockMs,
  });
  return {
    ctx: { db },
    async json(method, path, body, headers = {}) {
      const res = await fetch(`${p.url}${path}`, {
        method,
        redirect: 'manual',
        headers: { origin: appProcessOrigin, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return readJsonAnswer(res);
    },
    setClock: p.setClock,
    stop: p.stop,
  };
}

/** Test-clock milliseconds until `app` answers 401 to the cookie, moving the clock 25 ms between tries (gives up after BOUND_MS + 4 s). */
async function msUntilRefused(app: AppHandle, cookie: string): Promise<number> {
  const started = clockMs;
  while (clockMs - started < BOUND_MS + 4000) {
    if ((await app.json('GET', '/api/tokens', undefined, { cookie })).status === 401) return clockMs - started;
    await advanceClock(25);
  }
  return Number.POSITIVE_INFINITY;
}

describeEachDatabase('revocation across two app processes on one database', (kind) => {
  let db: Database;
  let a: AppHandle;
  let b: AppHandle;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    if (kind === 'postgres') {
      const url = (db as unknown as { pool: { options: { connectionString: string } } }).pool.options.connectionString;
      const [pa, pb] = await Promise.all([startAppProcessOn(url, db), startAppProcessOn(url, db)]);
      [a, b] = [pa, pb];
      setClock = async (ms) => void (await Promise.all([pa.setClock(ms), pb.setClock(ms)]));
    } else {
      // PGlite is one process's database: the two "processes" are two app instances, each with its own session cache,
      // both on this process's clock, which stands still from here on (restored in afterAll).
      vi.useFakeTimers({ toFake: ['Date'], now: clockMs });
      setClock = async (ms) => {
        vi.setSystemTime(ms);
      };
      const wrap = async (): Promise<AppHandle> => ({
        ...(await createTestApp(db, { env: { SESSION_REVOCATION_MS: String(BOUND_MS) } })),
        stop: async () => {},
      });
      [a, b] = [await wrap(), await wrap()];
    }
  }, 240_000);
  afterAll(async () => {
    vi.useRealTimers();
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
  });

  it(`sign-out in A: A refuses the cookie at once, B within ${BOUND_MS} ms (+ slack)`, async () => {
    const u = await signUpAndVerify(a);
    // B has seen the session: it is in B's cache.
    expect((await b.json('GET', '/api/tokens', undefined, { cookie: u.cookie })).status).toBe(200);
    expect((await b.json('GET', '/api/tokens', undefined, { cookie: u.cookie })).status).toBe(200);
    const out = await a.json('POST', '/api/auth/sign-out', {}, { cookie: u.cookie });
    expect(out.status).toBe(200);
    expect((await a.json('GET', '/api/tokens', undefined, { cookie: u.cookie })).status).toBe(401);
    expect(await msUntilRefused(b, u.cookie)).toBeLessThanOrEqual(BOUND_MS + SLACK_MS);
  }, 60_000);

  it('password change in A revokes the other device in B; the new session works in both', async () => {
    const u = await signUpAndVerify(a);
    const other = u.cookie;
    expect((await b.json('GET', '/api/tokens', undefined, { cookie: other })).status).toBe(200);
    const again = await a.json('POST', '/api/auth/sign-in/email', { email: u.email, password: u.password });
    const thisDevice = cookieHeaderFrom(again.headers);
    const current = await changePassword(a, thisDevice, u.password, 'a changed passphrase 7');
    expect(await msUntilRefused(b, other)).toBeLessThanOrEqual(BOUND_MS + SLACK_MS);
    expect((await b.json('GET', '/api/tokens', undefined, { cookie: current })).status).toBe(200);
    expect((await a.json('GET', '/api/tokens', undefined, { cookie: current })).status).toBe(200);
  }, 60_000);

  it('an operator deleting the sessions in SQL: both processes refuse within the bound', async () => {
    const u = await signUpAndVerify(a);
    for (const app of [a, b]) expect((await app.json('GET', '/api/tokens', undefined, { cookie: u.cookie })).status).toBe(200);
    await db.query(sql`DELETE FROM session WHERE user_id = ${u.userId}`);
    const [inA, inB] = await Promise.all([msUntilRefused(a, u.cookie), msUntilRefused(b, u.cookie)]);
    expect(Math.max(inA, inB)).toBeLessThanOrEqual(BOUND_MS + SLACK_MS);
  }, 60_000);
});
