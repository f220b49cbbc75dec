import { sql } from 'drizzle-orm';
import type { Database } from '../../adapters/db/index.ts';

/** Whether the database answers a trivial statement now. */
export async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await db.query(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}

/** The migrations this database has applied (empty when it has none: a database never migrated). */
export async function listAppliedMigrations(db: Database): Promise<string[]> {
  try {
    const rows = await db.query<{ name: string }>(sql`SELECT name FROM schema_migrations ORDER BY name`);
    return rows.map((r) => r.name);
  } catch {
    return [];
  }
}
