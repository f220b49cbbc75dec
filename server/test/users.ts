import { sql } from 'drizzle-orm';
import type { Queryable } from '../adapters/db/index.ts';

let n = 0;

/** Inserts a bare user row (no password, verified) for service and route tests that do not exercise sign-in. */
export async function insertTestUser(db: Queryable, overrides: { id?: string; email?: string; name?: string } = {}) {
  n += 1;
  const id = overrides.id ?? `user_${process.pid}_${Date.now().toString(36)}_${n}`;
  const email = overrides.email ?? `${id}@example.test`;
  await db.query(sql`INSERT INTO "user" (id, name, email, email_verified) VALUES (${id}, ${overrides.name ?? 'Test User'}, ${email}, true)`);
  return { id, email };
}
