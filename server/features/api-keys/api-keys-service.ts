import { randomUUID } from 'node:crypto';
import { toDisplayPrefix } from '../../../core/public-api/api-key-format.ts';
import { type ApiKeyScope, apiKeyScopes, apiKeyTiers, apiRateLimits, MAX_API_KEYS_PER_USER } from '../../../core/public-api/limits.ts';
import { type Database, statementsInFlight } from '../../adapters/db/index.ts';
import type { Env } from '../../env.ts';
import type { ApiCaller } from '../../http/app-env.ts';
import type { RateWindowHit } from '../../http/rate-limit.ts';
import { AppError } from '../../lib/errors.ts';
import type { LedgerService, Tier } from '../tokens/index.ts';
import { generateApiKey, hashApiKey, resolvePepper } from './api-key-secret.ts';
import { batchWhileBusy } from '../../lib/batch-while-busy.ts';
import { UUID_RE } from '../../lib/uuid.ts';
import {
  findActiveKeysAndCount,
  insertKey,
  type KeyCheck,
  type KeyCheckResult,
  listActiveKeys,
  revokeKey,
  type StoredApiKey,
  touchKey,
} from './api-keys-store.ts';

/** last_used_at is written at most this often per key: a busy key costs one write a minute, not one per request. */
const LAST_USED_INTERVAL_MS = 60_000;

interface ApiKeysContext {
  db: Database;
  env: Env;
  ledger: LedgerService;
  now: () => Date;
  /** Resolved once on first use (a database read outside production). */
  pepper: Promise<string> | null;
  /** The hot path's statement, shared by the checks asked while one is in flight (see checkKeys). */
  checkKey: (check: KeyCheck) => Promise<KeyCheckResult>;
}

const getPepper = (ctx: ApiKeysContext) => (ctx.pepper ??= resolvePepper(ctx.env, ctx.db));

const isKeyTier = (tier: Tier | null): boolean => tier !== null && apiKeyTiers.includes(tier);
const planNames = apiKeyTiers.join(' or ');

/** What an account on `tier` may do with keys: the settings card shows the create form only when allowed. */
export async function canCreateKeys(ctx: ApiKeysContext, userId: string): Promise<boolean> {
  return isKeyTier((await ctx.ledger.getAccount(userId)).tier);
}

export async function listKeys(ctx: ApiKeysContext, userId: string): Promise<StoredApiKey[]> {
  return listActiveKeys(ctx.db, userId);
}

/** Creates a key for a Pro user and returns it with its secret, the one time the secret exists outside the caller's hands. */
export async function createKey(ctx: ApiKeysContext, userId: string, input: { name: string; scopes: ApiKeyScope[] }) {
  const { tier } = await ctx.ledger.getAccount(userId);
  if (!isKeyTier(tier)) {
    throw new AppError('PLAN_REQUIRED', `API keys are part of the ${planNames} plan; you are on ${tier}. Upgrade to create a key.`);
  }
  const secret = generateApiKey();
  // Stored in the catalog's order, once each, whatever order the request listed them in.
  const scopes = apiKeyScopes.filter((s) => input.scopes.includes(s));
  const stored = await insertKey(
    ctx.db,
    {
      id: randomUUID(),
      userId,
      name: input.name,
      keyHash: hashApiKey(await getPepper(ctx), secret),
      displayPrefix: toDisplayPrefix(secret),
      scopes,
      createdAt: ctx.now(),
    },
    MAX_API_KEYS_PER_USER,
  );
  if (!stored) throw new AppError('CONFLICT', `You have ${MAX_API_KEYS_PER_USER} active API keys, the most one account keeps; revoke one to create another.`);
  return { key: stored, secret };
}

export async function revokeKeyOrThrow(ctx: ApiKeysContext, userId: string, id: string): Promise<void> {
  if (!UUID_RE.test(id) || !(await revokeKey(ctx.db, userId, id, ctx.now()))) throw new AppError('NOT_FOUND', 'No such API key.');
}

/** One message for a malformed, unknown or revoked key: the answer must not tell a guesser which. */
export const invalidKeyError = () =>
  new AppError('INVALID_API_KEY', 'This API key is not valid. Check that you sent the whole key, or create a new one in Settings → API keys.');

/** An authenticated request: who is calling, and its count in the scope's rate window. */
interface Authenticated {
  caller: ApiCaller;
  limit: number;
  hit: RateWindowHit;
}

/**
 * Checks a batch of keyed requests in one round trip (their keys, owners' tiers and rate-window counts) at the
 * batch's clock, then records last use for the keys not seen this minute: at most one more write a minute per key.
 */
async function checkKeys(ctx: Pick<ApiKeysContext, 'db' | 'now'>, checks: KeyCheck[]): Promise<KeyCheckResult[]> {
  const now = ctx.now();
  const results = await findActiveKeysAndCount(ctx.db, checks, now);
  const isStale = (lastUsedAt: string | null) => !lastUsedAt || now.getTime() - Date.parse(lastUsedAt) >= LAST_USED_INTERVAL_MS;
  const staleIds = new Set(results.flatMap((r) => (r && isStale(r.key.lastUsedAt) ? [r.key.id] : [])));
  await Promise.all([...staleIds].map((id) => touchKey(ctx.db, id, now, LAST_USED_INTERVAL_MS)));
  return results;
}

/**
 * Authenticates a well-formed key for `scope` (shape is checked by the caller) and counts the request in the
 * key's window for that scope, in one round trip shared with the other keyed requests of the moment: unknown
 * or revoked → 401, owner not on a key tier → 403 PLAN_REQUIRED, scope missing → 403 INSUFFICIENT_SCOPE (such
 * requests count too; the caller refuses past the limit).
 */
export async function authenticateKey(ctx: ApiKeysContext, key: string, scope: ApiKeyScope): Promise<Authenticated> {
  const found = await ctx.checkKey({ keyHash: hashApiKey(await getPepper(ctx), key), scope });
  if (!found) throw invalidKeyError();
  const { key: k, hit } = found;
  const rule = apiRateLimits[scope];
  if (!isKeyTier(k.tier)) {
    throw new AppError('PLAN_REQUIRED', `API keys work on the ${planNames} plan and this key's owner is on ${k.tier ?? 'Free'}. Upgrade to use it again.`);
  }
  if (!k.scopes.includes(scope)) {
    throw new AppError('INSUFFICIENT_SCOPE', `This key does not have the \`${scope}\` scope. Create a key with it in Settings → API keys.`, {
      details: { required_scope: scope, key_scopes: k.scopes },
    });
  }
  return { caller: { keyId: k.id, userId: k.userId, scopes: k.scopes }, limit: rule.limit, hit };
}

/** The service bound to one context, for handlers, the middleware and tests. */
export function createApiKeysService(deps: { db: Database; env: Env; ledger: LedgerService; now: () => Date }) {
  const ctx: ApiKeysContext = {
    ...deps,
    pepper: null,
    checkKey: batchWhileBusy((checks: KeyCheck[]) => checkKeys(deps, checks), { maxInFlight: statementsInFlight(deps.db) }),
  };
  return {
    canCreateKeys: (userId: string) => canCreateKeys(ctx, userId),
    listKeys: (userId: string) => listKeys(ctx, userId),
    createKey: (userId: string, input: { name: string; scopes: ApiKeyScope[] }) => createKey(ctx, userId, input),
    revokeKeyOrThrow: (userId: string, id: string) => revokeKeyOrThrow(ctx, userId, id),
    authenticateKey: (key: string, scope: ApiKeyScope) => authenticateKey(ctx, key, scope),
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
