import { sql } from 'drizzle-orm';
import { type ApiKeyScope, apiRateLimits } from '../../../core/public-api/limits.ts';
import { type Database, prepareStatement } from '../../adapters/db/index.ts';
import { findWindowStart, type RateWindowHit, rateWindowUpsert, toRateWindowHit } from '../../http/rate-limit.ts';
import type { Tier } from '../tokens/index.ts';

/** A key as its owner sees it: never the secret, never the hash. */
export interface StoredApiKey {
  id: string;
  name: string;
  displayPrefix: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  lastUsedAt: string | null;
}

/** What one /api/v1 request learns about its key in one read: who owns it, what it may do, the owner's tier now. */
interface KeyForRequest {
  id: string;
  userId: string;
  scopes: ApiKeyScope[];
  lastUsedAt: string | null;
  /** null when the owner has no token account yet (never happens after sign-up; treated as not allowed). */
  tier: Tier | null;
}

interface KeyRow {
  id: string;
  name: string;
  display_prefix: string;
  scopes: ApiKeyScope[];
  created_at: string | Date;
  last_used_at: string | Date | null;
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

const toStoredKey = (r: KeyRow): StoredApiKey => ({
  id: r.id,
  name: r.name,
  displayPrefix: r.display_prefix,
  scopes: r.scopes,
  createdAt: iso(r.created_at)!,
  lastUsedAt: iso(r.last_used_at),
});

const KEY_COLUMNS = sql`id, name, display_prefix, scopes, created_at, last_used_at`;

/** The user's active keys, newest first. */
export async function listActiveKeys(db: Database, userId: string): Promise<StoredApiKey[]> {
  const rows = await db.query<KeyRow>(sql`
    SELECT ${KEY_COLUMNS} FROM api_keys WHERE user_id = ${userId} AND revoked_at IS NULL ORDER BY created_at DESC, id DESC`);
  return rows.map(toStoredKey);
}

/**
 * Inserts the key unless the user already has `limit` active ones (null then). Count and insert run under
 * a per-user advisory lock, so parallel creations from several processes cannot pass the limit together.
 */
export async function insertKey(
  db: Database,
  key: { id: string; userId: string; name: string; keyHash: string; displayPrefix: string; scopes: ApiKeyScope[]; createdAt: Date },
  limit: number,
): Promise<StoredApiKey | null> {
  return db.transaction(async (tx) => {
    await tx.query(sql`SELECT pg_advisory_xact_lock(hashtext(${`api-keys:${key.userId}`}))`);
    const [count] = await tx.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM api_keys WHERE user_id = ${key.userId} AND revoked_at IS NULL`);
    if (Number(count?.n ?? 0) >= limit) return null;
    const [row] = await tx.query<KeyRow>(sql`
      INSERT INTO api_keys (id, user_id, name, key_hash, display_prefix, scopes, created_at)
      VALUES (${key.id}, ${key.userId}, ${key.name}, ${key.keyHash}, ${key.displayPrefix},
        string_to_array(${key.scopes.join(',')}, ','), ${key.createdAt.toISOString()})
      RETURNING ${KEY_COLUMNS}`);
    return toStoredKey(row!);
  });
}

/** Revokes the user's active key; false when there is none with that id for this user. */
export async function revokeKey(db: Database, userId: string, id: string, at: Date): Promise<boolean> {
  const rows = await db.query<{ id: string }>(sql`
    UPDATE api_keys SET revoked_at = ${at.toISOString()} WHERE id = ${id} AND user_id = ${userId} AND revoked_at IS NULL RETURNING id`);
  return rows.length > 0;
}

const p = sql.placeholder;

/** One keyed request waiting for its check: the key's hash and the scope whose window it counts in. */
export interface KeyCheck {
  keyHash: string;
  scope: ApiKeyScope;
}

/** What a check learns: the key (null when unknown or revoked, nothing counted) and this request's place in its window. */
export type KeyCheckResult = { key: KeyForRequest; hit: RateWindowHit } | null;

/*
 * The hot path: one prepared statement, one round trip for a whole batch of checks. It reads each active key
 * with its owner's tier (an indexed join on the ledger's user_tokens, read-only, so a downgrade stops the key on
 * the very next statement) and counts the batch's n requests per key and scope in the shared rate window. No
 * row for a group: unknown or revoked, and nothing counted. Groups arrive as JSON (one text parameter on
 * both engines): [{ g, key_hash, scope, window_start, n }].
 */
const findAndCountStatement = prepareStatement<{ groups: string }>(
  'api_keys_for_requests',
  sql`
    WITH r AS (
      SELECT * FROM jsonb_to_recordset(${p('groups')}::jsonb) AS r(g int, key_hash text, scope text, window_start timestamptz, n int)
    ), k AS (
      SELECT r.g, r.n, r.window_start, k.id, k.user_id, k.scopes, k.last_used_at, t.subscription_tier AS tier,
        'api-key:' || k.id::text || ':' || r.scope AS bucket
      FROM r JOIN api_keys k ON k.key_hash = r.key_hash AND k.revoked_at IS NULL
      LEFT JOIN user_tokens t ON t.user_id = k.user_id
    ), hit AS (
      ${rateWindowUpsert(sql`SELECT bucket, window_start, n FROM k`)}
    )
    SELECT k.g, k.n, k.id, k.user_id, k.scopes, k.last_used_at, k.tier, hit.hits, hit.window_start_ms FROM k JOIN hit ON hit.key = k.bucket`,
);

/**
 * Checks a batch of keyed requests at `now` in one round trip, each in its scope's window. Requests for the same key and scope are
 * counted together and numbered in arrival order: the group's count after the upsert is T, so its n requests
 * are T − n + 1 … T, exactly what n statements of one request each would have answered.
 */
export async function findActiveKeysAndCount(db: Database, checks: KeyCheck[], now: Date): Promise<KeyCheckResult[]> {
  // One group per key and scope, numbered in first-seen order; `members` are the checks' indexes in arrival order.
  const groupOf = new Map<string, { g: number; key_hash: string; scope: ApiKeyScope; window_start: string; members: number[] }>();
  checks.forEach((check, i) => {
    const id = `${check.scope}:${check.keyHash}`;
    let group = groupOf.get(id);
    if (!group) {
      const window_start = findWindowStart(now, apiRateLimits[check.scope].windowSeconds);
      group = { g: groupOf.size, key_hash: check.keyHash, scope: check.scope, window_start, members: [] };
      groupOf.set(id, group);
    }
    group.members.push(i);
  });
  const groups = [...groupOf.values()];
  const rows = await db.run<{
    g: number;
    n: number;
    id: string;
    user_id: string;
    scopes: ApiKeyScope[];
    last_used_at: string | Date | null;
    tier: Tier | null;
    hits: number;
    window_start_ms: number;
  }>(findAndCountStatement, {
    groups: JSON.stringify(groups.map(({ members, ...group }) => ({ ...group, n: members.length }))),
  });
  const results: KeyCheckResult[] = checks.map(() => null);
  for (const r of rows) {
    const key: KeyForRequest = { id: r.id, userId: r.user_id, scopes: r.scopes, lastUsedAt: iso(r.last_used_at), tier: r.tier };
    const first = Number(r.hits) - Number(r.n) + 1;
    const group = groups[Number(r.g)]!;
    const { windowSeconds } = apiRateLimits[group.scope];
    group.members.forEach((index, j) => {
      results[index] = { key, hit: toRateWindowHit({ hits: first + j, window_start_ms: r.window_start_ms }, windowSeconds, now) };
    });
  }
  return results;
}

const touchStatement = prepareStatement<{ id: string; at: string; before: string }>(
  'api_key_touch',
  sql`UPDATE api_keys SET last_used_at = ${p('at')} WHERE id = ${p('id')} AND (last_used_at IS NULL OR last_used_at < ${p('before')})`,
);

/** Sets last-used unless another request (any process) did within the interval: at most one write per key per interval. */
export async function touchKey(db: Database, id: string, at: Date, intervalMs: number): Promise<void> {
  await db.run(touchStatement, { id, at: at.toISOString(), before: new Date(at.getTime() - intervalMs).toISOString() });
}

/** Stores `value` under `key` in `app_meta` unless a value is there already, and answers the one that is kept: the first writer wins. */
export async function keepMetaValueOnce(db: Database, key: string, value: string): Promise<string> {
  await db.query(sql`INSERT INTO app_meta (key, value) VALUES (${key}, ${value}) ON CONFLICT (key) DO NOTHING`);
  const [row] = await db.query<{ value: string }>(sql`SELECT value FROM app_meta WHERE key = ${key}`);
  return row!.value;
}

/** The user's API keys for the account export: names, prefixes, scopes and dates — never the secret or its hash. */
export async function readApiKeysForExport(q: Pick<Database, 'query'>, userId: string): Promise<Array<Record<string, unknown>>> {
  const rows = await q.query<{ r: Record<string, unknown> }>(sql`
    SELECT row_to_json(t) AS r FROM (
      SELECT id, name, display_prefix, scopes, created_at, last_used_at, revoked_at FROM api_keys WHERE user_id = ${userId} ORDER BY created_at, id) t`);
  return rows.map((x) => x.r);
}
