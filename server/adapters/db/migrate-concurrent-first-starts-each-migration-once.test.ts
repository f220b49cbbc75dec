import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrationsDir } from './index.ts';
import { migrate, readMigrations } from './migrate.ts';
import { openPostgres } from './postgres.ts';
import { createTestDatabase } from '../../test/db.ts';

// Several app processes started at once on a new database each run migrate(). The first statement that
// touches the database is the CREATE of schema_migrations; two concurrent CREATE TABLE IF NOT EXISTS of
// the same table can fail on PostgreSQL (23505 on pg_type), so it must happen under the advisory lock.
const PROCESSES = 8;
const ROUNDS = 4;
const migrations = readMigrations(migrationsDir);

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('migrate: concurrent first starts on an empty PostgreSQL database', () => {
  it(`${PROCESSES} processes at once, ${ROUNDS} fresh databases: every start succeeds and each migration is recorded once`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const name = `sp_test_migrate_${process.pid}_${Date.now().toString(36)}_${round}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(adminUrl!);
      url.pathname = `/${name}`;
      // One pool per "process", as separate app instances would have.
      const processes = Array.from({ length: PROCESSES }, () => openPostgres(url.toString(), { max: 2 }));
      try {
        const results = await Promise.allSettled(processes.map((db) => migrate(db, migrations)));
        const failures = results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason));
        expect(failures).toEqual([]);
        const applied = results.map((r) => (r as PromiseFulfilledResult<string[]>).value);
        // Exactly one process applied all of them; the other 7 found nothing to do.
        expect(applied.filter((a) => a.length > 0)).toEqual([migrations.map((m) => m.name)]);
        expect(applied.filter((a) => a.length === 0)).toHaveLength(PROCESSES - 1);
        const rows = await processes[0]!.query<{ name: string; n: number }>(
          sql`SELECT name, count(*)::int AS n FROM schema_migrations GROUP BY name ORDER BY name`,
        );
        expect(rows).toEqual(migrations.map((m) => ({ name: m.name, n: 1 })));
      } finally {
        await Promise.all(processes.map((db) => db.close()));
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    }
  });
});

describe('migrate: concurrent first calls on an empty PGlite database', () => {
  it(`${PROCESSES} calls at once: every call succeeds and each migration is recorded once`, async () => {
    // PGlite has one connection and no advisory locks: its transactions queue. Small migrations keep this quick;
    // the second one would fail if run twice (CREATE TABLE without IF NOT EXISTS).
    const small = [
      { name: '0001_a.sql', sql: 'CREATE TABLE IF NOT EXISTS mig_a (n int)' },
      { name: '0002_b.sql', sql: 'CREATE TABLE mig_b (n int); INSERT INTO mig_b VALUES (1)' },
    ];
    // From the migrated template (creating an empty PGlite takes seconds), without its schema_migrations.
    const db = await createTestDatabase('pglite');
    await db.exec('DROP TABLE schema_migrations');
    try {
      const applied = await Promise.all(Array.from({ length: PROCESSES }, () => migrate(db, small)));
      expect(applied.filter((a) => a.length > 0)).toEqual([small.map((m) => m.name)]);
      const rows = await db.query<{ name: string; n: number }>(sql`SELECT name, count(*)::int AS n FROM schema_migrations GROUP BY name ORDER BY name`);
      expect(rows).toEqual(small.map((m) => ({ name: m.name, n: 1 })));
      expect(await db.query(sql`SELECT count(*)::int AS n FROM mig_b`)).toEqual([{ n: 1 }]);
    } finally {
      await db.close();
    }
  });
});
