import pg from 'pg';
import { describe } from 'vitest';
import { rmSync } from 'node:fs';
import { openDatabase, type Database } from '../adapters/db/index.ts';
import { openPostgres } from '../adapters/db/postgres.ts';
import { takePgliteDatabase } from './pglite-pool.ts';
import { copyPgliteDirTemplate, ensurePostgresTemplate } from './template.ts';

/** `pglite-worker` is the app's own set-up: a file-backed PGlite on a worker thread (see `openDatabase`). */
export type DatabaseKind = 'pglite' | 'postgres' | 'pglite-worker';

/** The engines a database test runs on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export const testDatabaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

let counter = 0;
/** Each PostgreSQL test database's own URL: what a second connection (a worker thread, a child process) opens. */
const postgresUrls = new WeakMap<Database, string>();

/** The URL of a PostgreSQL database from `createTestDatabase('postgres')`; undefined for PGlite. */
export const readTestDatabaseUrl = (db: Database): string | undefined => postgresUrls.get(db);

/**
 * A fresh, migrated, empty database of the given kind; `close()` also drops it on PostgreSQL. In-memory PGlite
 * databases are emptied and reused within a worker (pglite-pool.ts): after `close()` the handle refuses queries.
 */
export async function createTestDatabase(kind: DatabaseKind = 'pglite'): Promise<Database> {
  if (kind === 'pglite') return takePgliteDatabase();
  if (kind === 'pglite-worker') {
    const dir = await copyPgliteDirTemplate();
    const db = await openDatabase({ pgliteDir: dir });
    const close = db.close;
    return Object.assign(db, {
      async close() {
        await close();
        rmSync(dir, { recursive: true, force: true });
      },
    });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `sp_test_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${await ensurePostgresTemplate(adminUrl)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = openPostgres(url.toString(), { max: 40 });
  postgresUrls.set(db, url.toString());
  const close = db.close;
  return Object.assign(db, {
    async close() {
      await close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  });
}

/**
 * Runs the same suite once per available engine: `describeEachDatabase('ledger', (kind) => { ... })`.
 * `{ alsoOnWorker: true }` adds the app's threaded PGlite, for suites about concurrency and atomicity.
 * `{ pgliteOnly: true }` (or `describeOnPglite`): see describeOnPglite.
 */
export function describeEachDatabase(name: string, suite: (kind: DatabaseKind) => void, options: { alsoOnWorker?: boolean; pgliteOnly?: boolean } = {}): void {
  const engines: DatabaseKind[] = options.pgliteOnly ? ['pglite'] : testDatabaseKinds;
  const kinds: DatabaseKind[] = options.alsoOnWorker ? [...engines, 'pglite-worker'] : engines;
  for (const kind of kinds) describe(`${name} [${kind}]`, () => suite(kind));
}

/**
 * `describeEachDatabase` for suites whose meaning does not depend on the engine (input checks, owner isolation,
 * formatting, pages of read-only data): the same statements on PostgreSQL would test nothing more, so the suite
 * runs on PGlite only (named `… [pglite]` as before). Concurrency, SQL semantics, the ledger and payments keep
 * running on both engines with describeEachDatabase (docs/testing.md).
 */
export function describeOnPglite(name: string, suite: (kind: DatabaseKind) => void): void {
  describeEachDatabase(name, suite, { pgliteOnly: true });
}
