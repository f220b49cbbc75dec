import { AppError } from '../../lib/errors.ts';

export interface WindowRule {
  limit: number;
  windowMs: number;
}

/** Counts per client in fixed windows. */
export interface RequestWindows {
  hits: Map<string, { windowStart: number; hits: number }>;
}

/** Beyond this many tracked clients, windows that have ended are dropped before counting a new one. */
const PRUNE_ABOVE = 10_000;

/**
 * Counts one request of `key` and refuses it with 429 RATE_LIMITED once its window holds `rule.limit`.
 * In process, with no database round trip: the screener's public reads are free and cheap, so this only
 * stops one client from hogging a process (each process of a scale-out counts on its own).
 */
export function takeRequestSlot(windows: RequestWindows, key: string, rule: WindowRule, nowMs: number): void {
  const windowStart = Math.floor(nowMs / rule.windowMs) * rule.windowMs;
  if (windows.hits.size > PRUNE_ABOVE) {
    for (const [k, w] of windows.hits) if (w.windowStart < windowStart) windows.hits.delete(k);
  }
  const w = windows.hits.get(key);
  if (!w || w.windowStart !== windowStart) {
    windows.hits.set(key, { windowStart, hits: 1 });
    return;
  }
  w.hits++;
  if (w.hits <= rule.limit) return;
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + rule.windowMs - nowMs) / 1000));
  throw new AppError('RATE_LIMITED', `Too many screener requests. Try again in ${retryAfterSeconds} s.`, {
    retryAfterSeconds,
    details: { retry_after_seconds: retryAfterSeconds },
  });
}
