import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrate, readMigrations } from '../adapters/db/migrate.ts';
import { openPglite } from '../adapters/db/pglite.ts';
import { migrationsDir, openDatabase } from '../adapters/db/index.ts';
import { openPostgres } from '../adapters/db/postgres.ts';
import { findAppRoot } from '../lib/app-root.ts';

/**
 * Creating a PGlite database takes seconds; loading a dump takes well under one. The dump of a
 * freshly migrated database is cached by the hash of the migrations, so it is rebuilt only when they change.
 */
export function pgliteTemplatePath(): string {
  return join(findAppRoot(), 'node_modules/.cache/stockpilot', `pglite-template-${hashMigrations()}.tar`);
}

/** The migrations' hash: a template made from other migrations is never reused. */
export function hashMigrations(): string {
  return createHash('sha256')
    .update(JSON.stringify(readMigrations(migrationsDir)))
    .digest('hex')
    .slice(0, 16);
}

let postgresTemplate: Promise<string> | undefined;

/**
 * The name of a migrated PostgreSQL database to copy test databases from (`CREATE DATABASE x TEMPLATE y`
 * takes ~0.1 s where migrating a new database takes over a second). Built once per migrations hash and kept
 * between runs; `ALLOW_CONNECTIONS false` keeps anyone from connecting to it, which would block the copies.
 */
export function ensurePostgresTemplate(adminUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `sp_template_${hashMigrations()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const [found] = (await admin.query('SELECT datistemplate FROM pg_database WHERE datname = $1', [name])).rows;
      if (found?.datistemplate) return name;
      const building = `${name}_${process.pid}_${Date.now().toString(36)}`;
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const db = openPostgres(url.toString(), { max: 1 });
      try {
        await migrate(db, readMigrations(migrationsDir));
      } finally {
        await db.close();
      }
      try {
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
        await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
      } catch (e) {
        // Another worker renamed its copy first (the name is taken): use that one once it is marked.
        await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        if ((e as { code?: string }).code !== '42P04') throw e;
        for (let i = 0; i < 100; i++) {
          const [row] = (await admin.query('SELECT datistemplate FROM pg_database WHERE datname = $1', [name])).rows;
          if (row?.datistemplate) return name;
          await new Promise((r) => setTimeout(r, 50));
        }
        throw new Error(`${name} was never marked as a template`);
      }
      return name;
    } finally {
      await admin.end();
    }
  })();
  postgresTemplate.catch(() => (postgresTemplate = undefined));
  return postgresTemplate;
}

export async function ensurePgliteTemplate(): Promise<string> {
  const path = pgliteTemplatePath();
  if (existsSync(path)) return path;
  mkdirSync(join(path, '..'), { recursive: true });
  const db = await openPglite();
  await migrate(db, readMigrations(migrationsDir));
  const client = (db as unknown as { client: import('@electric-sql/pglite').PGlite }).client;
  const dump = await client.dumpDataDir('none');
  await db.close();
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  renameSync(tmp, path);
  return path;
}

export function readPgliteTemplate(): Blob {
  return new Blob([readFileSync(pgliteTemplatePath())]);
}

/**
 * A new file-backed PGlite directory holding a freshly migrated database, copied from a template
 * directory that is built once per migrations hash (initdb takes seconds, a copy milliseconds).
 */
export async function copyPgliteDirTemplate(): Promise<string> {
  const template = pgliteTemplatePath().replace(/\.tar$/, '-dir');
  if (!existsSync(template)) {
    const building = `${template}.${process.pid}.tmp`;
    rmSync(building, { recursive: true, force: true });
    const db = await openDatabase({ pgliteDir: building });
    await db.close();
    rmSync(join(building, 'stockpilot.lock'), { force: true });
    try {
      renameSync(building, template);
    } catch {
      rmSync(building, { recursive: true, force: true }); // another test file built it first
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'sp-pglite-'));
  cpSync(template, dir, { recursive: true });
  return dir;
}
