import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../adapters/db/index.ts';
import { type Env, isProduction } from '../../env.ts';

/**
 * AUTH_SECRET signs cookies and tokens. Production requires it; elsewhere a random secret is created once
 * and kept in `app_meta`, so sessions survive restarts and every process on one database agrees on it.
 */
export async function resolveAuthSecret(env: Env, db: Database): Promise<string> {
  if (env.AUTH_SECRET) {
    if (isProduction(env) && env.AUTH_SECRET.length < 32)
      throw new Error('AUTH_SECRET must be at least 32 characters in production (e.g. `openssl rand -base64 48`).');
    return env.AUTH_SECRET;
  }
  if (isProduction(env))
    throw new Error('AUTH_SECRET is required in production: set it to a random string of at least 32 characters (e.g. `openssl rand -base64 48`).');
  // Read first: every start after the first needs no write (a write costs a WAL flush on PGlite).
  const [existing] = await db.query<{ value: string }>(sql`SELECT value FROM app_meta WHERE key = 'auth_secret_dev'`);
  if (existing) return existing.value;
  const generated = randomBytes(32).toString('base64url');
  await db.query(sql`INSERT INTO app_meta (key, value) VALUES ('auth_secret_dev', ${generated}) ON CONFLICT (key) DO NOTHING`);
  const [row] = await db.query<{ value: string }>(sql`SELECT value FROM app_meta WHERE key = 'auth_secret_dev'`);
  return row!.value;
}
