-- "The audited pair" (issue 11 item 8): the least a hold + capture with an audit trail has to do, as the yardstick
-- for the app's ledger. A balance row with a never-negative CHECK, a hold row, and one ledger row per step with a
-- unique key and a (user, time) index. `npm run bench -- ledger` loads this into its scratch database and runs
-- audited-pair.pgbench.sql against it; :clients is the number of seeded users (one per pgbench client).
CREATE TABLE audited_balance (
  user_id text PRIMARY KEY,
  available_mt bigint NOT NULL CHECK (available_mt >= 0),
  held_mt bigint NOT NULL CHECK (held_mt >= 0)
);
CREATE TABLE audited_hold (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id text NOT NULL,
  cost_mt bigint NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE audited_ledger (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id text NOT NULL,
  reason text NOT NULL,
  delta_mt bigint NOT NULL,
  balance_after_mt bigint NOT NULL,
  idempotency_key text NOT NULL,
  hold_id bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX audited_ledger_user_created_idx ON audited_ledger (user_id, created_at);
