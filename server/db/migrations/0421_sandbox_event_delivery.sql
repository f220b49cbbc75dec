-- Sandbox events whose handler failed, retried with backoff like Stripe's webhooks until handled.
-- A retry is claimed by one conditional UPDATE of next_attempt_at, so several processes deliver it once.
CREATE TABLE IF NOT EXISTS sandbox_event_delivery (
  event_id text PRIMARY KEY,
  type text NOT NULL,
  payload jsonb NOT NULL,
  attempts integer NOT NULL CHECK (attempts >= 1),
  next_attempt_at timestamptz NOT NULL,
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS sandbox_event_delivery_due_idx ON sandbox_event_delivery (next_attempt_at) WHERE delivered_at IS NULL;
