import { sql } from 'drizzle-orm';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { parseEnv } from '../../env.ts';
import { findAppRoot } from '../../lib/app-root.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';

const migrationFiles = readdirSync(join(findAppRoot(), 'server/db/migrations')).filter((f) => f.endsWith('.sql'));

describeEachDatabase('GET /api/health/ready: every part this process needs, named', (kind) => {
  let db: Database;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    t = await createTestApp(db);
  });
  afterAll(() => db.close());

  it('ready: the database answers, all of this build’s migrations are applied, sign-in and the market snapshot load', async () => {
    const res = await t.json('GET', '/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.body.ready).toBe(true);
    expect(res.body.role).toBe('all');
    const byPart = Object.fromEntries(res.body.checks.map((c: { part: string; ok: boolean; detail: string }) => [c.part, c]));
    expect(Object.keys(byPart).sort()).toEqual(['auth', 'database', 'market data', 'migrations']);
    expect(byPart.migrations.detail).toBe(`${migrationFiles.length} of ${migrationFiles.length} applied`);
    expect(byPart['market data'].detail).toBe('bundled snapshot as of 2026-07-02');
  });

  it('a migration of this build not applied to the database: 503, the migration named; liveness (/api/health) stays 200', async () => {
    const last = migrationFiles.sort().at(-1)!;
    await db.query(sql`DELETE FROM schema_migrations WHERE name = ${last}`);
    try {
      const res = await t.json('GET', '/api/health/ready');
      expect(res.status).toBe(503);
      expect(res.body.ready).toBe(false);
      const failing = res.body.checks.filter((c: { ok: boolean }) => !c.ok);
      expect(failing).toEqual([{ part: 'migrations', ok: false, detail: `1 of ${migrationFiles.length} not applied: ${last}` }]);
      expect((await t.json('GET', '/api/health')).status).toBe(200);
    } finally {
      await db.query(sql`INSERT INTO schema_migrations (name) VALUES (${last})`);
    }
  });

  it('/api/health says what the process is: role "all", and (jobs not started in a test app) no jobs', async () => {
    const res = await t.json('GET', '/api/health');
    expect([res.body.role, res.body.jobs]).toEqual(['all', []]);
  });
});

it('ROLE=web or worker without DATABASE_URL stops at start-up naming ROLE: the embedded database belongs to one process', () => {
  expect(() => parseEnv({ ROLE: 'web' })).toThrow(/ROLE.*web needs DATABASE_URL/s);
  expect(() => parseEnv({ ROLE: 'worker', PGLITE_DIR: '/tmp/x' })).toThrow(/ROLE.*worker needs DATABASE_URL/s);
  expect(() => parseEnv({ ROLE: 'cook', DATABASE_URL: 'postgres://x@127.0.0.1/db' })).toThrow(/ROLE/);
  expect(parseEnv({ ROLE: 'web', DATABASE_URL: 'postgres://x@127.0.0.1/db' }).ROLE).toBe('web');
  expect(parseEnv({}).ROLE).toBe('all');
});
