import { fileURLToPath } from 'node:url';
import { migrate, readMigrations } from './migrate.ts';
import { openPgliteOnWorker } from './pglite-worker-client.ts';
import type { Database } from './types.ts';

export type { Database, Queryable, Row } from './types.ts';
export { prepareStatement, type PreparedStatement } from './prepared.ts';
export { DataDirLockedError } from './dir-lock.ts';

/**
 * How many statements a batcher (batchWhileBusy) should keep in flight: PGlite runs one at a time on its single
 * connection, so a second batch would only queue inside it, while in ours it keeps growing and shares one trip.
 */
export const statementsInFlight = (db: Pick<Database, 'kind'>): number => (db.kind === 'pglite' ? 1 : 2);

export const migrationsDir = fileURLToPath(new URL('../../db/migrations', import.meta.url));

/**
 * PostgreSQL when a URL is given, else file-backed PGlite in `pgliteDir` (in memory without one).
 * Migrations applied. `onFailure` hears if the embedded engine's thread dies after opening.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  pgliteDir?: string;
  migrationsDir?: string;
  onFailure?: (e: Error) => void;
}): Promise<Database> {
  // Each engine's driver is loaded only when used (pg and its drizzle driver cost ~100 ms at start-up).
  const db = options.databaseUrl
    ? (await import('./postgres.ts')).openPostgres(options.databaseUrl)
    : options.pgliteDir
      ? await openPgliteOnWorker(options.pgliteDir, options.onFailure)
      : await (await import('./pglite.ts')).openPglite();
  try {
    await migrate(db, readMigrations(options.migrationsDir ?? migrationsDir));
  } catch (e) {
    await db.close();
    throw e;
  }
  return db;
}
