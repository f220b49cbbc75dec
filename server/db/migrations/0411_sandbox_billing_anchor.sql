-- Sandbox subscriptions keep their billing anchor (like Stripe's billing_cycle_anchor), so Jan 31 renews
-- on Feb 28 and then on Mar 31, in step with the ledger's periods.
ALTER TABLE sandbox_subscription ADD COLUMN IF NOT EXISTS billing_anchor timestamptz;
