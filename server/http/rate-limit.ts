import { type SQL, sql } from 'drizzle-orm';
import { type Database, prepareStatement } from '../adapters/db/index.ts';
import { AppError } from '../lib/errors.ts';

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
  /** What the user is told when refused, before "try again in N seconds". */
  message: string;
}

/** One request counted in a fixed window: the count so far (this one included) and when the window ends. */
export interface RateWindowHit {
  hits: number;
  /** Whole seconds until the window ends (at least 1). */
  resetSeconds: number;
}

const p = sql.placeholder;

/**
 * The counting upsert over `source`, rows of (key, window_start, n requests): one `INSERT … ON CONFLICT DO
 * UPDATE … RETURNING`, atomic on PostgreSQL and PGlite, so N simultaneous requests from any number of
 * processes get the counts 1…N. A process whose clock lags never moves a window back (GREATEST). Callers
 * may embed it in a larger statement (the API keys count a batch of requests in the round trip that reads
 * their keys); each key may appear once per statement.
 */
export const rateWindowUpsert = (source: SQL) => sql`
    INSERT INTO request_rate_windows AS w (key, window_start, hits) ${source}
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN w.window_start >= EXCLUDED.window_start THEN w.hits + EXCLUDED.hits ELSE EXCLUDED.hits END,
      window_start = GREATEST(w.window_start, EXCLUDED.window_start)
    RETURNING w.key, hits, (extract(epoch FROM window_start) * 1000)::bigint AS window_start_ms`;

/** Start of the fixed window of `windowSeconds` that holds `now`, as the upsert's window_start. */
export const findWindowStart = (now: Date, windowSeconds: number): string =>
  new Date(Math.floor(now.getTime() / (windowSeconds * 1000)) * windowSeconds * 1000).toISOString();

/** The upsert's answer as a count and the seconds left in its window. */
export const toRateWindowHit = (row: { hits: number; window_start_ms: number }, windowSeconds: number, now: Date): RateWindowHit => ({
  hits: Number(row.hits),
  resetSeconds: Math.max(1, Math.ceil((Number(row.window_start_ms) + windowSeconds * 1000 - now.getTime()) / 1000)),
});

const countHitStatement = prepareStatement<{ key: string; windowStart: string }>(
  'rate_window_hit',
  rateWindowUpsert(sql`VALUES (${p('key')}, ${p('windowStart')}, 1)`),
);

/** Counts one request against `key` in the current fixed window of `windowSeconds`. */
async function countRateWindowHit(db: Database, key: string, windowSeconds: number, now: Date): Promise<RateWindowHit> {
  const [row] = await db.run<{ hits: number; window_start_ms: number }>(countHitStatement, { key, windowStart: findWindowStart(now, windowSeconds) });
  return toRateWindowHit(row!, windowSeconds, now);
}

/** 429 RATE_LIMITED with `Retry-After`: the refusal every rate limit gives. */
export const rateLimitedError = (message: string, retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', `${message} Try again in ${retryAfterSeconds} s.`, {
    retryAfterSeconds,
    details: { retry_after_seconds: retryAfterSeconds },
  });

/**
 * Counts one request against `key` in the current fixed window and refuses it with 429 RATE_LIMITED
 * (and `Retry-After`) when the window already holds `rule.limit` requests: exactly `limit` of N
 * simultaneous requests pass, whichever processes they reach.
 */
export async function enforceRateLimit(db: Database, key: string, rule: RateLimitRule, now: Date): Promise<void> {
  const hit = await countRateWindowHit(db, key, rule.windowSeconds, now);
  if (hit.hits > rule.limit) throw rateLimitedError(rule.message, hit.resetSeconds);
}
