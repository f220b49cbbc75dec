import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { findAppRoot } from '../../lib/app-root.ts';
import { createTestApp, readJsonAnswer } from '../../test/app.ts';
import { changePassword, cookieHeaderFrom, signUpAndVerify } from '../../test/auth.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';

/** The stated bound (SESSION_REVOCATION_MS, default 1000) plus room for one request and one small query on a loaded machine. */
const BOUND_MS = 1000;
const SLACK_MS = 1500;

interface AppHandle {
  ctx: { db: Database };
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are asserted field by field
  json(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; headers: Headers; body: any }>;
  stop(): Promise<void>;
}

/** An app process (`node --import tsx server/main.ts`) on the given PostgreSQL database, driven over HTTP. */
async function startAppProcess(databaseUrl: string, db: Database, port: number): Promise<AppHandle> {
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: findAppRoot(),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: base,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      SESSION_REVOCATION_MS: String(BOUND_MS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`app process exited: ${output}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 1200) throw new Error(`app process not healthy: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    ctx: { db },
    async json(method, path, body, headers = {}) {
      const res = await fetch(`${base}${path}`, {
        method,
        redirect: 'manual',
        headers: { origin: base, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return readJsonAnswer(res);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** Milliseconds until `app` answers 401 to the cookie, polling every 25 ms (gives up after BOUND_MS + 4 s). */
async function msUntilRefused(app: AppHandle, cookie: string): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < BOUND_MS + 4000) {
    if ((await app.json('GET', '/api/tokens', undefined, { cookie })).status === 401) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 25));
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
      [a, b] = await Promise.all([startAppProcess(url, db, await freePort()), startAppProcess(url, db, await freePort())]);
    } else {
      // PGlite is one process's database: the two "processes" are two app instances, each with its own session cache.
      const wrap = async (): Promise<AppHandle> => ({
        ...(await createTestApp(db, { env: { SESSION_REVOCATION_MS: String(BOUND_MS) } })),
        stop: async () => {},
      });
      [a, b] = [await wrap(), await wrap()];
    }
  }, 240_000);
  afterAll(async () => {
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
