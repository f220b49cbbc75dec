-- Issue 10 (items 4 and 6). Sandbox subscriptions can fail to renew (the card saved on them is charged at
-- each renewal; 4000 0000 0000 0341 attaches but declines) and then stay past_due with an open invoice
-- until a card pays it; a downgrade chosen in the sandbox portal is scheduled for the period end.
ALTER TABLE sandbox_subscription DROP CONSTRAINT IF EXISTS sandbox_subscription_status_check;
ALTER TABLE sandbox_subscription ADD CONSTRAINT sandbox_subscription_status_check CHECK (status IN ('active', 'past_due', 'canceled'));
ALTER TABLE sandbox_subscription ADD COLUMN IF NOT EXISTS card_number text NOT NULL DEFAULT '4242424242424242';
ALTER TABLE sandbox_subscription ADD COLUMN IF NOT EXISTS open_invoice_id text;
ALTER TABLE sandbox_subscription ADD COLUMN IF NOT EXISTS scheduled_price_id text;
-- The app's copy of a scheduled plan change, so an event that only schedules one is not "nothing new".
ALTER TABLE billing_subscription ADD COLUMN IF NOT EXISTS scheduled_price_id text;
