-- Token ledger (DESIGN §4). Amounts are integer milli-tokens (1 token = 1000 mt).
-- user_tokens holds the cached balances; token_ledger is the append-only history they must add up to.
CREATE TABLE IF NOT EXISTS user_tokens (
  user_id text PRIMARY KEY REFERENCES "user"(id) ON DELETE CASCADE,
  subscription_tier text NOT NULL DEFAULT 'Free' CHECK (subscription_tier IN ('Free', 'Basic', 'Pro')),
  pending_tier text CHECK (pending_tier IN ('Free', 'Basic', 'Pro')),
  -- Unreserved buckets; held_* are what pending holds took from each bucket.
  allocation_mt bigint NOT NULL DEFAULT 0 CHECK (allocation_mt >= 0),
  purchased_mt bigint NOT NULL DEFAULT 0 CHECK (purchased_mt >= 0),
  held_allocation_mt bigint NOT NULL DEFAULT 0 CHECK (held_allocation_mt >= 0),
  held_purchased_mt bigint NOT NULL DEFAULT 0 CHECK (held_purchased_mt >= 0),
  -- Periods are anchored: the k-th period starts at period_anchor + k months.
  period_anchor timestamptz NOT NULL,
  period_start timestamptz NOT NULL,
  next_reset_date timestamptz NOT NULL,
  actual_billing_period_end timestamptz,
  last_tier_change timestamptz,
  previous_tier text CHECK (previous_tier IN ('Free', 'Basic', 'Pro')),
  proration_factor double precision CHECK (proration_factor >= 0 AND proration_factor <= 1),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS user_tokens_next_reset_idx ON user_tokens (next_reset_date);

-- No foreign key to "user": the history outlives a deleted account, and a cascade would need DELETE.
CREATE TABLE IF NOT EXISTS token_ledger (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id text NOT NULL,
  reason text NOT NULL CHECK (reason IN ('open', 'allocation_grant', 'reset', 'purchase', 'refund', 'hold', 'capture', 'release', 'expire', 'tier_change', 'operator_grant', 'operator_revoke')),
  delta_allocation_mt bigint NOT NULL DEFAULT 0,
  delta_purchased_mt bigint NOT NULL DEFAULT 0,
  delta_held_allocation_mt bigint NOT NULL DEFAULT 0,
  delta_held_purchased_mt bigint NOT NULL DEFAULT 0,
  balance_before_mt bigint NOT NULL CHECK (balance_before_mt >= 0),
  balance_after_mt bigint NOT NULL CHECK (balance_after_mt >= 0),
  actor text NOT NULL CHECK (length(actor) > 0),
  idempotency_key text NOT NULL CHECK (length(idempotency_key) > 0),
  hold_id uuid,
  meta jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT token_ledger_balance_moves CHECK (balance_after_mt - balance_before_mt = delta_allocation_mt + delta_purchased_mt),
  CONSTRAINT token_ledger_idempotency UNIQUE (user_id, idempotency_key)
);
CREATE INDEX IF NOT EXISTS token_ledger_user_created_idx ON token_ledger (user_id, created_at);

CREATE OR REPLACE FUNCTION token_ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'token_ledger is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
DROP TRIGGER IF EXISTS token_ledger_append_only ON token_ledger;
CREATE TRIGGER token_ledger_append_only BEFORE UPDATE OR DELETE ON token_ledger
  FOR EACH ROW EXECUTE FUNCTION token_ledger_refuse_change();
DROP TRIGGER IF EXISTS token_ledger_no_truncate ON token_ledger;
CREATE TRIGGER token_ledger_no_truncate BEFORE TRUNCATE ON token_ledger
  FOR EACH STATEMENT EXECUTE FUNCTION token_ledger_refuse_change();

CREATE TABLE IF NOT EXISTS token_holds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id text NOT NULL REFERENCES user_tokens(user_id) ON DELETE CASCADE,
  idempotency_key text NOT NULL CHECK (length(idempotency_key) > 0),
  cost_mt bigint NOT NULL CHECK (cost_mt > 0),
  from_allocation_mt bigint NOT NULL CHECK (from_allocation_mt >= 0),
  from_purchased_mt bigint NOT NULL CHECK (from_purchased_mt >= 0),
  -- The period the allocation part was drawn in: released allocation from an earlier period has expired.
  period_start timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'captured', 'released', 'expired')),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  settled_at timestamptz,
  CONSTRAINT token_holds_split CHECK (from_allocation_mt + from_purchased_mt = cost_mt),
  CONSTRAINT token_holds_idempotency UNIQUE (user_id, idempotency_key)
);
CREATE INDEX IF NOT EXISTS token_holds_pending_expiry_idx ON token_holds (expires_at) WHERE status = 'pending';
