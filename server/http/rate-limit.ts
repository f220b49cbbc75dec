import { sql } from 'drizzle-orm';
import type { Database } from '../adapters/db/index.ts';
import { AppError } from '../lib/errors.ts';

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
  /** What the user is told when refused, before "try again in N seconds". */
  message: string;
}

/**
 * Counts one request against `key` in the current fixed window and refuses it with 429 RATE_LIMITED
 * (and `Retry-After`) when the window already holds `rule.limit` requests.
 *
 * Concurrency: the count is one `INSERT … ON CONFLICT DO UPDATE … RETURNING`, atomic on PostgreSQL and
 * PGlite, so N simultaneous requests from any number of processes get the counts 1…N and exactly
 * `limit` pass. A process whose clock lags never moves a window back (GREATEST).
 */
export async function enforceRateLimit(db: Database, key: string, rule: RateLimitRule, now: Date): Promise<void> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db.query<{ hits: number; window_start_ms: number }>(sql`
    INSERT INTO request_rate_windows AS w (key, window_start, hits) VALUES (${key}, ${windowStart.toISOString()}, 1)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN w.window_start >= EXCLUDED.window_start THEN w.hits + 1 ELSE 1 END,
      window_start = GREATEST(w.window_start, EXCLUDED.window_start)
    RETURNING hits, (extract(epoch FROM window_start) * 1000)::bigint AS window_start_ms`);
  if (!row || row.hits <= rule.limit) return;
  const windowEndMs = row.window_start_ms + windowMs;
  const retryAfterSeconds = Math.max(1, Math.ceil((windowEndMs - now.getTime()) / 1000));
  throw new AppError('RATE_LIMITED', `${rule.message} Try again in ${retryAfterSeconds} s.`, {
    retryAfterSeconds,
    details: { retry_after_seconds: retryAfterSeconds },
  });
}
