-- Issue 26 item 1: the sandbox's events are written in the same transaction as the payment (or plan change,
-- renewal, refund…) they report, and delivered from here. Before, they were handed to the billing handler in
-- memory after the commit and stored only when the handler threw: a process killed between the two kept the
-- payment and lost its events (the subscription paid and active, the user still Free).
-- A row is pending until the handler's own transaction sets handled_at, so a restart delivers what is pending
-- and a replay of a handled event is a no-op. Each delivery is claimed by one conditional UPDATE of
-- attempts (a lease until next_attempt_at), so several processes deliver it once; failures back off
-- 1 min doubling to 1 h. This replaces sandbox_event_delivery (0421): its pending rows move here.
CREATE TABLE IF NOT EXISTS sandbox_event_outbox (
  event_id text PRIMARY KEY,
  seq bigserial NOT NULL,
  type text NOT NULL,
  payload jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz NOT NULL,
  last_error text,
  handled_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS sandbox_event_outbox_due_idx ON sandbox_event_outbox (next_attempt_at, seq) WHERE handled_at IS NULL;

INSERT INTO sandbox_event_outbox (event_id, type, payload, attempts, next_attempt_at, last_error, handled_at, created_at)
  SELECT event_id, type, payload, attempts, next_attempt_at, last_error, delivered_at, created_at FROM sandbox_event_delivery
  ORDER BY created_at
  ON CONFLICT (event_id) DO NOTHING;
DROP TABLE IF EXISTS sandbox_event_delivery;
