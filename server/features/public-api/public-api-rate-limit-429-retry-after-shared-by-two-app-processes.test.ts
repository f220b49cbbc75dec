import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRateLimits } from '../../../core/public-api/limits.ts';
import { startAppProcess } from '../../test/app-process.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { type PublicApiTest, startPublicApiTest } from '../../test/public-api-test-kit.ts';

const READS = apiRateLimits.read.limit; // 120 a minute
const RUNS = apiRateLimits.analyses.limit; // 10 a minute

describeEachDatabase('per-key rate limits', (kind) => {
  let k: PublicApiTest;
  // 15 s into a window: the window ends in 60 − 15 = 45 s.
  let now = new Date('2026-07-02T12:00:15.000Z');
  beforeAll(async () => {
    k = await startPublicApiTest(kind, { now: () => now });
  });
  afterAll(async () => k?.db.close());

  it(`read: ${READS} pass, the ${READS + 1}st is 429 with Retry-After 45 and RateLimit-Remaining 0; 45 s later the next window serves`, async () => {
    const api = k.withKey((await k.createKey(await k.createUser('Pro'), ['read'])).secret);
    for (let i = 1; i <= READS; i++) {
      const res = await api.get('/balance');
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-remaining')).toBe(String(READS - i));
    }
    const refused = await api.get('/balance');
    expect([refused.status, refused.body.error.code]).toEqual([429, 'RATE_LIMITED']);
    expect(refused.headers.get('retry-after')).toBe('45');
    expect([refused.headers.get('ratelimit-limit'), refused.headers.get('ratelimit-remaining'), refused.headers.get('ratelimit-reset')]).toEqual([
      String(READS),
      '0',
      '45',
    ]);
    now = new Date(now.getTime() + 45_000);
    expect((await api.get('/balance')).headers.get('ratelimit-remaining')).toBe(String(READS - 1));
  });

  it(`analyses: their own window of ${RUNS}; one run and ${RUNS - 1} replays pass, the next is 429 and charges nothing; reads of the same key still pass`, async () => {
    const user = await k.createUser('Pro');
    const api = k.withKey((await k.createKey(user)).secret);
    const before = await k.balanceMt(user);
    for (let i = 0; i < RUNS; i++)
      expect((await api.post('/analyses', { symbol: 'AAPL', kind: 'technical' }, { 'idempotency-key': 'same-run' })).status).toBe(i === 0 ? 201 : 200);
    const refused = await api.post('/analyses', { symbol: 'MSFT', kind: 'technical' }, { 'idempotency-key': 'another-run' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await k.balanceMt(user)).toBe(before - 800); // one technical run: 0.8 tokens
    expect((await api.get('/quotes/AAPL')).status).toBe(200);
  });

  it('last used is written at most once a minute per key: requests at 0 s, 30 s and 59 s leave the first time; at 61 s it moves', async () => {
    const user = await k.createUser('Pro');
    const { secret, id } = await k.createKey(user, ['read']);
    const lastUsed = async () => (await k.session(user).list()).body.keys.find((x: { id: string }) => x.id === id).last_used_at;
    const start = now.getTime();
    for (const offset of [0, 30_000, 59_000]) {
      now = new Date(start + offset);
      await k.withKey(secret).get('/balance');
    }
    expect(await lastUsed()).toBe(new Date(start).toISOString());
    now = new Date(start + 61_000);
    await k.withKey(secret).get('/balance');
    expect(await lastUsed()).toBe(new Date(start + 61_000).toISOString());
  });
});

/** A real app process (server/main.ts) on `databaseUrl`, on port 0, its clock standing at `clockMs`. */
async function startAppProcessOn(databaseUrl: string, clockMs: number) {
  return startAppProcess({ env: { DATABASE_URL: databaseUrl }, clockMs });
}

describe.runIf(process.env.TEST_DATABASE_URL)('the read limit shared by two app processes on one PostgreSQL', () => {
  let k: PublicApiTest;
  let procs: Array<Awaited<ReturnType<typeof startAppProcessOn>>> = [];
  beforeAll(async () => {
    // The pepper lives in app_meta outside production: the test app makes it, the processes read the same one.
    k = await startPublicApiTest('postgres');
  }, 60_000);
  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    await k?.db.close();
  });

  it(`${READS + 10} reads alternating between two processes, 8 at a time: exactly ${READS} answered 200, each with its own RateLimit-Remaining ${READS - 1}…0; 10 answered 429 with Retry-After`, {
    timeout: 180_000,
  }, async () => {
    const url = (k.db as unknown as { pool: { options: { connectionString: string } } }).pool.options.connectionString;
    const { secret } = await k.createKey(await k.createUser('Pro'), ['read']);
    // The whole burst falls in one fixed window: both processes' clocks stand 5 s into the next minute.
    const clockMs = Math.floor(Date.now() / 60_000) * 60_000 + 65_000;
    procs = await Promise.all([startAppProcessOn(url, clockMs), startAppProcessOn(url, clockMs)]);
    const answers: Array<{ status: number; remaining: string | null; retryAfter: string | null }> = [];
    const send = (i: number) =>
      fetch(`${procs[i % 2]!.url}/api/v1/balance`, { headers: { authorization: `Bearer ${secret}` } }).then(async (r) => {
        await r.arrayBuffer();
        return { status: r.status, remaining: r.headers.get('ratelimit-remaining'), retryAfter: r.headers.get('retry-after') };
      });
    for (let i = 0; i < READS + 10; i += 8) answers.push(...(await Promise.all(Array.from({ length: Math.min(8, READS + 10 - i) }, (_, j) => send(i + j)))));
    const served = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    expect(served).toHaveLength(READS);
    expect(refused).toHaveLength(10);
    // Requests checked together in one statement are numbered one by one: no two answers share a count.
    expect(served.map((a) => Number(a.remaining)).sort((a, b) => a - b)).toEqual(Array.from({ length: READS }, (_, i) => i));
    for (const a of refused) expect([a.remaining, Number(a.retryAfter) > 0]).toEqual(['0', true]);
  });
});
