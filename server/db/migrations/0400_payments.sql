-- Payments (issue 5): the app's own record of checkouts, provider customers, subscriptions,
-- processed webhook events and granted billing periods. Provider-side sandbox state is in 0410.

CREATE TABLE IF NOT EXISTS billing_customer (
  user_id text PRIMARY KEY REFERENCES "user"(id) ON DELETE CASCADE,
  provider text NOT NULL,
  customer_id text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One row per checkout the server created. The buyer (user_id), plan, tokens and price are fixed here
-- at creation and are the only source fulfilment trusts; the provider's session is only checked against them.
CREATE TABLE IF NOT EXISTS checkout_session (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider text NOT NULL,
  provider_session_id text NOT NULL UNIQUE,
  user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('subscription', 'topup')),
  tier text CHECK (tier IN ('Basic', 'Pro')),
  tokens integer CHECK (tokens BETWEEN 20 AND 10000),
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  currency text NOT NULL DEFAULT 'usd',
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'processing', 'fulfilled', 'failed', 'expired', 'rejected')),
  payment_intent_id text,
  subscription_id text,
  credited_mt bigint NOT NULL DEFAULT 0 CHECK (credited_mt >= 0),
  refunded_mt bigint NOT NULL DEFAULT 0 CHECK (refunded_mt >= 0),
  fulfilled_at timestamptz,
  verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'topup' AND tokens IS NOT NULL) OR (kind = 'subscription' AND tier IS NOT NULL))
);
CREATE INDEX IF NOT EXISTS checkout_session_user_idx ON checkout_session (user_id, created_at DESC);
CREATE INDEX IF NOT EXISTS checkout_session_payment_intent_idx ON checkout_session (payment_intent_id);

-- Every provider event seen, by its unique id; processed_at is set once its handling committed.
CREATE TABLE IF NOT EXISTS billing_event (
  event_id text PRIMARY KEY,
  provider text NOT NULL,
  type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz
);

CREATE TABLE IF NOT EXISTS billing_subscription (
  subscription_id text PRIMARY KEY,
  provider text NOT NULL,
  user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  customer_id text NOT NULL,
  price_id text,
  tier text CHECK (tier IN ('Basic', 'Pro')),
  status text NOT NULL,
  current_period_start timestamptz,
  current_period_end timestamptz,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS billing_subscription_user_idx ON billing_subscription (user_id);

-- A paid billing period is granted once: the primary key is the guard against a repeated invoice.paid.
CREATE TABLE IF NOT EXISTS billing_period (
  subscription_id text NOT NULL,
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  tier text NOT NULL CHECK (tier IN ('Basic', 'Pro')),
  invoice_id text NOT NULL,
  granted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (subscription_id, period_start)
);
