-- Issue 10 (items 3, 5, 8): the checkout row is written before the provider is called, so it exists
-- without a provider session id until the provider answers (or is marked failed); a subscription paid
-- while the user already had a live one is `superseded` (turned into a plan change, then cancelled and
-- refunded at the provider), and `resolution` records what was done with it.
ALTER TABLE checkout_session ALTER COLUMN provider_session_id DROP NOT NULL;
ALTER TABLE checkout_session ADD COLUMN IF NOT EXISTS resolution jsonb;
ALTER TABLE checkout_session DROP CONSTRAINT IF EXISTS checkout_session_status_check;
ALTER TABLE checkout_session ADD CONSTRAINT checkout_session_status_check
  CHECK (status IN ('open', 'processing', 'fulfilled', 'failed', 'expired', 'rejected', 'superseded'));
CREATE INDEX IF NOT EXISTS checkout_session_open_idx ON checkout_session (user_id, kind) WHERE status = 'open';

-- The sandbox keeps which checkout a charge paid (subscription payments too), so it can refund one in full.
ALTER TABLE sandbox_charge ADD COLUMN IF NOT EXISTS checkout_session_id text;
CREATE INDEX IF NOT EXISTS sandbox_charge_session_idx ON sandbox_charge (checkout_session_id);
