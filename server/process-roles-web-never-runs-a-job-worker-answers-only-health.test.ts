import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './adapters/db/index.ts';
import { createTokensService } from './features/tokens/tokens-service.ts';
import { type AppProcess, startAppProcess } from './test/app-process.ts';
import { createTestDatabase } from './test/db.ts';
import { insertTestUser } from './test/users.ts';

// ROLE splits one deployment into web processes (HTTP, no jobs) and workers (jobs, health only). It needs
// PostgreSQL: the embedded database belongs to one process.
describe.runIf(process.env.TEST_DATABASE_URL)('ROLE on one PostgreSQL: a web process never runs a job; a worker runs them and answers only its health', () => {
  let db: Database;
  let url: string;
  const procs: Array<AppProcess & { url: string }> = [];
  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    url = (db as unknown as { pool: { options: { connectionString: string } } }).pool.options.connectionString;
  }, 60_000);
  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    await db?.close();
  });

  const getJson = async (base: string, path: string) => {
    const res = await fetch(`${base}${path}`);
    return { status: res.status, body: await res.json() };
  };

  it('a stale hold stays held beside a web process; the worker’s sweeper returns its 500 mt at start; each answers as its role', {
    timeout: 120_000,
  }, async () => {
    // The hold is taken on a clock an hour behind with a 10-minute TTL: by the processes' (wall) clock it expired 50 minutes ago,
    // so the tokens sweeper returns it on its first tick, which runs at start wherever jobs run.
    const ledger = createTokensService(db, { now: () => new Date(Date.now() - 3_600_000) });
    const { id } = await insertTestUser(db);
    await ledger.openAccount(id);
    const before = (await ledger.getAccount(id)).availableMt;
    await ledger.hold(id, 500, 'stale-hold', { ttlMs: 600_000 });
    const available = async () => (await ledger.getAccount(id)).availableMt;
    expect(await available()).toBe(before - 500);

    const web = await startAppProcess({ env: { DATABASE_URL: url, ROLE: 'web' } });
    procs.push(web);
    // Ready means warmed and serving: sign-in loaded, snapshot read. Jobs would have started by then (500 ms after listening).
    await expect.poll(async () => (await getJson(web.url, '/api/health/ready')).status, { timeout: 60_000 }).toBe(200);
    const webHealth = (await getJson(web.url, '/api/health')).body;
    expect([webHealth.role, webHealth.jobs]).toEqual(['web', []]);
    expect((await getJson(web.url, '/api/market/freshness')).status).toBe(200);
    expect(await available()).toBe(before - 500);

    const worker = await startAppProcess({ env: { DATABASE_URL: url, ROLE: 'worker', METRICS_TOKEN: 'worker-metrics-token-0123456789' } });
    procs.push(worker);
    await expect
      .poll(async () => (await getJson(worker.url, '/api/health')).body.jobs, { timeout: 60_000 })
      .toEqual(expect.arrayContaining(['tokens', 'billing', 'analyses', 'watchlists', 'track-record']));
    expect((await getJson(worker.url, '/api/health')).body.role).toBe('worker');
    const refused = await getJson(worker.url, '/api/market/freshness');
    expect([refused.status, refused.body.error.code]).toEqual([404, 'NOT_FOUND']);
    expect((await fetch(`${worker.url}/`)).status).toBe(404);
    await expect.poll(available, { timeout: 30_000 }).toBe(before);
    // The worker's own /metrics (behind its token) shows the sweeper's tick and the hold it expired.
    const scraped = await fetch(`${worker.url}/metrics`, { headers: { authorization: 'Bearer worker-metrics-token-0123456789' } });
    expect(scraped.status).toBe(200);
    const metrics = await scraped.text();
    expect(metrics).toMatch(/^stockpilot_ledger_expiries_total 1$/m);
    expect(metrics).toMatch(/^stockpilot_job_runs_total\{job="tokens"\} [1-9]/m);
    // The web process still started nothing.
    expect((await getJson(web.url, '/api/health')).body.jobs).toEqual([]);
  });
});
