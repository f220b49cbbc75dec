import { sql } from 'drizzle-orm';
import type { Queryable } from '../../adapters/db/index.ts';

/** The billing feature's SQL (moved here as code is touched; issue 26). */

/**
 * Records a provider event id as seen; false when it was seen before and its handling already committed
 * (a replay), true when it is to be handled (new, or seen but never finished).
 */
export async function recordEventToHandle(q: Queryable, event: { id: string; provider: string; type: string }): Promise<boolean> {
  const inserted = await q.query(sql`
    INSERT INTO billing_event (event_id, provider, type) VALUES (${event.id}, ${event.provider}, ${event.type})
    ON CONFLICT (event_id) DO NOTHING RETURNING event_id`);
  if (inserted.length > 0) return true;
  const [seen] = await q.query<{ processed_at: string | null }>(sql`SELECT processed_at FROM billing_event WHERE event_id = ${event.id}`);
  return !seen?.processed_at;
}

/** Marks a provider event's handling committed: a later delivery of it is a replay. */
export async function markEventProcessed(q: Queryable, eventId: string): Promise<void> {
  await q.query(sql`UPDATE billing_event SET processed_at = now() WHERE event_id = ${eventId} AND processed_at IS NULL`);
}
