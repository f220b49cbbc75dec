-- Issue 10 (items 4 and 6): the ledger follows what the provider was paid.
-- upgrade_grant_mt: what this period's prorated upgrade added, taken back (unspent part) by a downgrade the
-- provider applies at once. paid_through: end of the latest period the provider says is paid (NULL for
-- accounts no provider bills: their resets follow the calendar). awaiting_payment: the current period's
-- allocation is withheld until its invoice is paid.
ALTER TABLE user_tokens ADD COLUMN IF NOT EXISTS upgrade_grant_mt bigint NOT NULL DEFAULT 0 CHECK (upgrade_grant_mt >= 0);
ALTER TABLE user_tokens ADD COLUMN IF NOT EXISTS paid_through timestamptz;
ALTER TABLE user_tokens ADD COLUMN IF NOT EXISTS awaiting_payment boolean NOT NULL DEFAULT false;
