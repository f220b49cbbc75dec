-- The sandbox payment provider's own state (what Stripe would hold on its side). Used only when
-- STRIPE_SECRET_KEY is unset; kept in the database so several app processes agree.

CREATE TABLE IF NOT EXISTS sandbox_customer (
  id text PRIMARY KEY,
  email text NOT NULL,
  user_ref text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS sandbox_checkout_session (
  id text PRIMARY KEY,
  mode text NOT NULL CHECK (mode IN ('subscription', 'payment')),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'expired')),
  payment_status text NOT NULL DEFAULT 'unpaid' CHECK (payment_status IN ('unpaid', 'paid')),
  customer_id text NOT NULL REFERENCES sandbox_customer(id),
  client_reference_id text,
  price_id text,
  product_name text NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  unit_amount_cents integer NOT NULL CHECK (unit_amount_cents >= 0),
  amount_total_cents integer NOT NULL CHECK (amount_total_cents >= 0),
  currency text NOT NULL DEFAULT 'usd',
  interval text,
  metadata text NOT NULL DEFAULT '{}',
  success_url text NOT NULL,
  cancel_url text NOT NULL,
  subscription_id text,
  payment_intent_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

CREATE TABLE IF NOT EXISTS sandbox_subscription (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES sandbox_customer(id),
  price_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'canceled')),
  current_period_start timestamptz NOT NULL,
  current_period_end timestamptz NOT NULL,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  metadata text NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS sandbox_portal_session (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES sandbox_customer(id),
  return_url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

-- Payment intents and charges for payment-mode sessions, so refunds can be simulated and traced.
CREATE TABLE IF NOT EXISTS sandbox_charge (
  id text PRIMARY KEY,
  payment_intent_id text NOT NULL UNIQUE,
  customer_id text NOT NULL REFERENCES sandbox_customer(id),
  amount_cents integer NOT NULL,
  amount_refunded_cents integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
