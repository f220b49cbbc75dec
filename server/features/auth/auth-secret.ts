import { randomBytes } from 'node:crypto';
import type { Database } from '../../adapters/db/index.ts';
import { type Env, isProduction } from '../../env.ts';
import { insertDevAuthSecret, selectDevAuthSecret } from './auth-store.ts';

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
  const existing = await selectDevAuthSecret(db);
  if (existing) return existing;
  return insertDevAuthSecret(db, randomBytes(32).toString('base64url'));
}
