import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './types.ts';

interface Migration {
  name: string;
  sql: string;
}

/** Migrations are `NNNN_name.sql` files, applied once each in name order. */
export function readMigrations(dir: string): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_-]+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: readFileSync(join(dir, name), 'utf8') }));
}

/**
 * Applies pending migrations in one transaction. On PostgreSQL an advisory lock, taken before anything
 * is created (schema_migrations included), makes concurrent starts of several app processes safe: one
 * applies, the others wait and find nothing to do.
 */
export async function migrate(db: Database, migrations: Migration[]): Promise<string[]> {
  // Fast path for every start after the first: one read, no DDL, no lock, when nothing is pending.
  try {
    const rows = await db.query<{ name: string }>(sql`SELECT name FROM schema_migrations`);
    const done = new Set(rows.map((r) => r.name));
    if (migrations.every((m) => done.has(m.name))) return [];
  } catch {
    // No schema_migrations yet: a new database.
  }
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query(sql`SELECT pg_advisory_xact_lock(727274001)`);
    // Under the lock: two concurrent CREATE TABLE IF NOT EXISTS of one table can both try to create it (23505 on pg_type).
    await tx.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const rows = await tx.query<{ name: string }>(sql`SELECT name FROM schema_migrations`);
    const done = new Set(rows.map((r) => r.name));
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.name)) continue;
      await tx.exec(m.sql);
      await tx.query(sql`INSERT INTO schema_migrations (name) VALUES (${m.name})`);
      applied.push(m.name);
    }
    return applied;
  });
}
