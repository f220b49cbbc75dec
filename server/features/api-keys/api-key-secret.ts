import { createHmac, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '../../../core/public-api/limits.ts';
import type { Database } from '../../adapters/db/index.ts';
import { type Env, isProduction } from '../../env.ts';
import { keepMetaValueOnce } from './api-keys-store.ts';

/** A new key: the prefix and 32 random bytes in base64url (43 characters). Shown once, then only its hash exists. */
export const generateApiKey = (): string => `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;

/**
 * HMAC-SHA-256 under the pepper: a few microseconds, so every request can afford it (argon2 costs
 * milliseconds: see bench/api-keys.bench.ts). A slow hash protects low-entropy passwords; a key has
 * 256 random bits, so a database leak without the pepper still reveals nothing usable.
 */
export const hashApiKey = (pepper: string, key: string): string => createHmac('sha256', pepper).update(key).digest('base64url');

const MIN_PEPPER_CHARS = 32;
const DEV_PEPPER_KEY = 'api_key_pepper_dev';

/** Refuses a short configured pepper at start-up rather than at the first request. */
export function checkPepperConfig(env: Env): void {
  if (env.API_KEY_PEPPER && isProduction(env) && env.API_KEY_PEPPER.length < MIN_PEPPER_CHARS) {
    throw new Error(`API_KEY_PEPPER must be at least ${MIN_PEPPER_CHARS} characters in production (e.g. \`openssl rand -base64 48\`).`);
  }
}

/**
 * API_KEY_PEPPER when set. Otherwise in production a value derived from AUTH_SECRET (which production
 * requires; rotating it then invalidates every key), and elsewhere a random one created once per database
 * in `app_meta`, so every process on one database agrees and keys survive restarts.
 */
export async function resolvePepper(env: Env, db: Database): Promise<string> {
  if (env.API_KEY_PEPPER) return env.API_KEY_PEPPER;
  if (isProduction(env) && env.AUTH_SECRET) return createHmac('sha256', env.AUTH_SECRET).update('stockpilot:api-key-pepper').digest('base64url');
  return keepMetaValueOnce(db, DEV_PEPPER_KEY, randomBytes(32).toString('base64url'));
}
