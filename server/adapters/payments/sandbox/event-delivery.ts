import { sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/index.ts';
import type { ProviderEvent } from '../types.ts';

const RETRY_FIRST_DELAY_MS = 60_000;
const RETRY_MAX_DELAY_MS = 3600_000;
const BATCH = 100;

/**
 * Marks the event handled. The handler calls it inside the transaction that completes its handling, so the
 * mark commits with the handling or not at all.
 */
export type EventAck = (q: Queryable) => Promise<void>;
/** Handles one event; resolves once it is handled (having called `ack` in its transaction), throws to have it retried. */
export type EventSink = (event: ProviderEvent, ack: EventAck) => Promise<void>;

/** Wait after the `attempts`-th delivery of an event: 1 min, doubling, at most 1 h (as Stripe's webhooks back off). */
export function sandboxRetryDelayMs(attempts: number): number {
  return Math.min(RETRY_FIRST_DELAY_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_DELAY_MS);
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 500);
/** An event as stored in `sandbox_event_outbox`, with its dates back as Date objects. */
const reviveEvent = (payload: unknown): ProviderEvent =>
  JSON.parse(typeof payload === 'string' ? payload : JSON.stringify(payload), (key, value) =>
    typeof value === 'string' && ['created', 'currentPeriodStart', 'currentPeriodEnd', 'periodStart', 'periodEnd'].includes(key) ? new Date(value) : value,
  );

/**
 * The sandbox's webhooks, through an outbox (`sandbox_event_outbox`, 0940). An operation writes its events
 * with `record` in the transaction that changes the sandbox's state, so a payment never exists without its
 * events; after the commit `deliver` hands them to the sink the billing feature registers, and the sink's
 * transaction marks them handled. What a crash, a failed handler or another process left pending,
 * `deliverDueEvents` delivers once its lease or backoff has passed (1 min, doubling to 1 h), like a webhook
 * Stripe retries. Every delivery is claimed by one conditional UPDATE on the attempt count, so several
 * processes deliver an event once at a time; the handler's dedup (`billing_event`) makes a replay a no-op.
 */
export function createEventDelivery(db: Database, now: () => Date) {
  let sink: EventSink = async () => {};
  let onSinkError: (e: unknown, event: ProviderEvent) => void = () => {};

  /**
   * Writes the events into the outbox inside the caller's transaction, pending. They are leased for the first
   * backoff (next_attempt_at = now + 1 min): the process that wrote them delivers them right after its commit,
   * and the others (or this one after a restart) only once that lease has run out.
   */
  async function record(tx: Queryable, events: ProviderEvent[]): Promise<void> {
    const at = now();
    const lease = new Date(at.getTime() + sandboxRetryDelayMs(1)).toISOString();
    for (const event of events) {
      await tx.query(sql`
        INSERT INTO sandbox_event_outbox (event_id, type, payload, attempts, next_attempt_at, created_at)
        VALUES (${event.id}, ${event.type}, ${JSON.stringify(event)}::jsonb, 0, ${lease}, ${at.toISOString()})`);
    }
  }

  /** Hands one claimed event to the sink; true when it was handled. A failure is kept for the next due delivery. */
  async function handOver(event: ProviderEvent): Promise<boolean> {
    let acked = false;
    const ack: EventAck = async (q) => {
      await q.query(sql`UPDATE sandbox_event_outbox SET handled_at = ${now().toISOString()}, last_error = NULL WHERE event_id = ${event.id}`);
      acked = true;
    };
    try {
      await sink(event, ack);
    } catch (e) {
      onSinkError(e, event);
      await db.query(sql`UPDATE sandbox_event_outbox SET last_error = ${errorText(e)} WHERE event_id = ${event.id}`).catch((err) => onSinkError(err, event));
      return false;
    }
    // A sink that handled the event without acknowledging it in a transaction of its own: marked now.
    if (!acked) await ack(db);
    return true;
  }

  /**
   * Delivers, in order, events this process has just committed with `record` (first attempt). An event
   * another process already claimed is left to it.
   */
  async function deliver(events: ProviderEvent[]): Promise<void> {
    for (const event of events) {
      const [claimed] = await db.query<{ event_id: string }>(sql`
        UPDATE sandbox_event_outbox SET attempts = 1, next_attempt_at = ${new Date(now().getTime() + sandboxRetryDelayMs(1)).toISOString()}
        WHERE event_id = ${event.id} AND attempts = 0 AND handled_at IS NULL RETURNING event_id`);
      if (claimed) await handOver(event);
    }
  }

  /**
   * Delivers the pending events whose lease or backoff has passed, oldest first: the ones a failed handler,
   * a killed process or a restart left behind. Returns how many were handled.
   */
  async function deliverDueEvents(): Promise<number> {
    const at = now();
    const due = await db.query<{ event_id: string; attempts: number }>(sql`
      SELECT event_id, attempts FROM sandbox_event_outbox
      WHERE handled_at IS NULL AND next_attempt_at <= ${at.toISOString()} ORDER BY next_attempt_at, seq LIMIT ${BATCH}`);
    let handled = 0;
    for (const d of due) {
      const attempt = d.attempts + 1;
      const [claimed] = await db.query<{ payload: unknown }>(sql`
        UPDATE sandbox_event_outbox SET attempts = ${attempt}, next_attempt_at = ${new Date(at.getTime() + sandboxRetryDelayMs(attempt)).toISOString()}
        WHERE event_id = ${d.event_id} AND handled_at IS NULL AND attempts = ${d.attempts} AND next_attempt_at <= ${at.toISOString()}
        RETURNING payload`);
      if (claimed && (await handOver(reviveEvent(claimed.payload)))) handled += 1;
    }
    return handled;
  }

  function setEventSink(s: EventSink, onError: (e: unknown, event: ProviderEvent) => void): void {
    sink = s;
    onSinkError = onError;
  }

  return { record, deliver, deliverDueEvents, setEventSink };
}
