import { sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import type { ProviderEvent } from '../types.ts';

const RETRY_FIRST_DELAY_MS = 60_000;
const RETRY_MAX_DELAY_MS = 3600_000;

export type EventSink = (event: ProviderEvent) => Promise<void>;

/** Wait after the `attempts`-th failed delivery of an event: 1 min, doubling, at most 1 h (as Stripe's webhooks back off). */
export function sandboxRetryDelayMs(attempts: number): number {
  return Math.min(RETRY_FIRST_DELAY_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_DELAY_MS);
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 500);
/** An event as stored in `sandbox_event_delivery`, with its dates back as Date objects. */
const reviveEvent = (payload: unknown): ProviderEvent =>
  JSON.parse(typeof payload === 'string' ? payload : JSON.stringify(payload), (key, value) =>
    typeof value === 'string' && ['created', 'currentPeriodStart', 'currentPeriodEnd', 'periodStart', 'periodEnd'].includes(key) ? new Date(value) : value,
  );

/**
 * The sandbox's webhooks: events go in-process to the sink the billing feature registers. A handler error
 * is reported to `onError` (never to the buyer) and the event is kept in `sandbox_event_delivery` for
 * `retryFailedEvents`, like a webhook Stripe retries.
 */
export function createEventDelivery(db: Database, now: () => Date) {
  let sink: EventSink = async () => {};
  let onSinkError: (e: unknown, event: ProviderEvent) => void = () => {};

  async function deliver(events: ProviderEvent[]): Promise<void> {
    for (const event of events) {
      try {
        await sink(event);
      } catch (e) {
        onSinkError(e, event);
        const at = now();
        await db
          .query(sql`
            INSERT INTO sandbox_event_delivery (event_id, type, payload, attempts, next_attempt_at, last_error, created_at)
            VALUES (${event.id}, ${event.type}, ${JSON.stringify(event)}::jsonb, 1, ${new Date(at.getTime() + sandboxRetryDelayMs(1)).toISOString()},
              ${errorText(e)}, ${at.toISOString()})
            ON CONFLICT (event_id) DO NOTHING`)
          .catch((err) => onSinkError(err, event));
      }
    }
  }

  /**
   * Delivers again the events whose handler failed and whose backoff has passed. Each retry is claimed
   * by one conditional UPDATE (on the attempt count), so several processes deliver it once.
   */
  async function retryFailedEvents(): Promise<number> {
    const at = now();
    const due = await db.query<{ event_id: string; attempts: number }>(sql`
      SELECT event_id, attempts FROM sandbox_event_delivery
      WHERE delivered_at IS NULL AND next_attempt_at <= ${at.toISOString()} ORDER BY next_attempt_at LIMIT 100`);
    let delivered = 0;
    for (const d of due) {
      const attempt = d.attempts + 1;
      const [claimed] = await db.query<{ payload: unknown }>(sql`
        UPDATE sandbox_event_delivery SET attempts = ${attempt}, next_attempt_at = ${new Date(at.getTime() + sandboxRetryDelayMs(attempt)).toISOString()}
        WHERE event_id = ${d.event_id} AND delivered_at IS NULL AND attempts = ${d.attempts} RETURNING payload`);
      if (!claimed) continue;
      const e = reviveEvent(claimed.payload);
      try {
        await sink(e);
      } catch (err) {
        onSinkError(err, e);
        await db.query(sql`UPDATE sandbox_event_delivery SET last_error = ${errorText(err)} WHERE event_id = ${d.event_id}`);
        continue;
      }
      await db.query(sql`UPDATE sandbox_event_delivery SET delivered_at = ${now().toISOString()}, last_error = NULL WHERE event_id = ${d.event_id}`);
      delivered += 1;
    }
    return delivered;
  }

  function setEventSink(s: EventSink, onError: (e: unknown, event: ProviderEvent) => void): void {
    sink = s;
    onSinkError = onError;
  }

  return { deliver, retryFailedEvents, setEventSink };
}
