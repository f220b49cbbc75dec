-- Analyses feature (issue 14): every run a user paid for. The run's work inserts the row while its token
-- hold is pending; the row is served (history, re-open, idempotent replay) only once that hold is captured
-- (joined on hold_id). A fault between the insert and the capture therefore leaves an unserved row and an
-- uncaptured hold the sweeper returns: never a charge without a served result, nor a served result without one.
CREATE TABLE IF NOT EXISTS analyses (
  id uuid PRIMARY KEY,
  user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  symbol text NOT NULL CHECK (length(symbol) BETWEEN 1 AND 32),
  kind text NOT NULL CHECK (kind IN ('overview', 'fundamental', 'technical', 'balance-sheet', 'etf', 'dcf')),
  subtype text CHECK (subtype IN ('overview', 'profitability', 'growth', 'valuation', 'financial-health', 'dividends', 'cash-flow')),
  -- The data day (last price bar's date), YYYY-MM-DD as text: the same string on both engines.
  as_of text NOT NULL CHECK (as_of ~ '^\d{4}-\d{2}-\d{2}$'),
  -- The client's Idempotency-Key (or a generated one when it sent none) and a hash of what it asked for.
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  request_fingerprint text NOT NULL,
  cost_mt bigint NOT NULL CHECK (cost_mt > 0),
  hold_id uuid NOT NULL UNIQUE,
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  CONSTRAINT analyses_subtype_only_fundamental CHECK ((kind = 'fundamental') = (subtype IS NOT NULL)),
  CONSTRAINT analyses_idempotency UNIQUE (user_id, idempotency_key)
);
-- History pages newest first (keyset on created_at, id); the filters narrow by symbol, kind, subtype and data day.
CREATE INDEX IF NOT EXISTS analyses_user_created_idx ON analyses (user_id, created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS analyses_user_symbol_kind_idx ON analyses (user_id, symbol, kind, as_of, created_at DESC);
