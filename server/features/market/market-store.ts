import { sql } from 'drizzle-orm';
import type { Database } from '../../adapters/db/index.ts';

export type CacheKind = 'quote' | 'history' | 'fundamentals' | 'profile' | 'etf' | 'dividends' | 'splits';

/** Per-kind freshness: quotes move, statements change quarterly, profiles hardly ever. */
const CACHE_TTL_SECONDS: Record<CacheKind, number> = {
  quote: 60,
  history: 6 * 3600,
  fundamentals: 24 * 3600,
  profile: 7 * 24 * 3600,
  etf: 7 * 24 * 3600,
  dividends: 24 * 3600,
  splits: 7 * 24 * 3600,
};

interface CachedEntry<T> {
  payload: T;
  provider: string;
  fetchedAt: string;
  fresh: boolean;
}

export interface MarketCache {
  get<T>(kind: CacheKind, key: string): Promise<CachedEntry<T> | null>;
  /** Upsert: the latest answer replaces the previous one. Concurrent writers simply race; last one wins. */
  put(kind: CacheKind, key: string, provider: string, payload: unknown): Promise<void>;
  /** Deletes entries expired for longer than `graceSeconds` (stale entries are still useful as a fallback). */
  purge(graceSeconds: number): Promise<number>;
}

export function createMarketCache(db: Database, now: () => Date): MarketCache {
  return {
    async get<T>(kind: CacheKind, key: string) {
      const at = now().toISOString();
      const [row] = await db.query<{ payload: unknown; provider: string; fetched_at: string; fresh: boolean }>(
        sql`SELECT payload, provider, fetched_at, (expires_at > ${at}::timestamptz) AS fresh FROM market_cache WHERE kind = ${kind} AND cache_key = ${key}`,
      );
      if (!row) return null;
      const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as T;
      return { payload, provider: row.provider, fetchedAt: String(row.fetched_at), fresh: row.fresh === true };
    },
    async put(kind, key, provider, payload) {
      const fetched = now();
      const expires = new Date(fetched.getTime() + CACHE_TTL_SECONDS[kind] * 1000);
      await db.query(sql`
        INSERT INTO market_cache (kind, cache_key, provider, payload, fetched_at, expires_at)
        VALUES (${kind}, ${key}, ${provider}, ${JSON.stringify(payload)}::jsonb, ${fetched.toISOString()}::timestamptz, ${expires.toISOString()}::timestamptz)
        ON CONFLICT (kind, cache_key) DO UPDATE SET provider = EXCLUDED.provider, payload = EXCLUDED.payload,
          fetched_at = EXCLUDED.fetched_at, expires_at = EXCLUDED.expires_at`);
    },
    async purge(graceSeconds) {
      const before = new Date(now().getTime() - graceSeconds * 1000).toISOString();
      const rows = await db.query<{ kind: string }>(sql`DELETE FROM market_cache WHERE expires_at < ${before}::timestamptz RETURNING kind`);
      return rows.length;
    },
  };
}
