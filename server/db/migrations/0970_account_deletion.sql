-- Data rights (issue 35): account deletion waits out a grace period in this table; the account feature's job carries
-- it out. The row goes with the user (cancelled, or the account deleted).
CREATE TABLE IF NOT EXISTS account_deletion_requests (
  user_id text PRIMARY KEY REFERENCES "user"(id) ON DELETE CASCADE,
  requested_at timestamptz NOT NULL,
  scheduled_for timestamptz NOT NULL,
  -- How the owner proved it was them: the current password, or a sign-in within the last 10 minutes (no password).
  reauthenticated_by text NOT NULL CHECK (reauthenticated_by IN ('password', 'recent_sign_in')),
  CONSTRAINT account_deletion_after_request CHECK (scheduled_for > requested_at)
);
CREATE INDEX IF NOT EXISTS account_deletion_requests_due_idx ON account_deletion_requests (scheduled_for);

-- The ledger stays append-only. The one change it accepts is a deleted account's anonymisation: inside a transaction
-- that set `stockpilot.anonymise_ledger_to` (set_config(…, true): this transaction only) to a pseudonymous id
-- `deleted_…`, a row's user_id may become that id and nothing else of the row may change. Sums are untouched.
CREATE OR REPLACE FUNCTION token_ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.user_id LIKE 'deleted\_%'
       AND NEW.user_id = current_setting('stockpilot.anonymise_ledger_to', true)
       AND (to_jsonb(NEW) - 'user_id') = (to_jsonb(OLD) - 'user_id') THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'token_ledger is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
