import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, readMigrations } from '../adapters/db/migrate.ts';
import { openPglite } from '../adapters/db/pglite.ts';
import { migrationsDir, openDatabase } from '../adapters/db/index.ts';
import { findAppRoot } from '../lib/app-root.ts';

/**
 * Creating a PGlite database takes seconds; loading a dump takes well under one. The dump of a
 * freshly migrated database is cached by the hash of the migrations, so it is rebuilt only when they change.
 */
export function pgliteTemplatePath(): string {
  const migrations = readMigrations(migrationsDir);
  const hash = createHash('sha256').update(JSON.stringify(migrations)).digest('hex').slice(0, 16);
  return join(findAppRoot(), 'node_modules/.cache/stockpilot', `pglite-template-${hash}.tar`);
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
