-- Screener (issue 16): screens a user saved to run again (free). The screen itself (filters, sort,
-- columns) is one jsonb document, checked against the field catalog by the app before it is stored.
CREATE TABLE IF NOT EXISTS screener_saved_screens (
  id uuid PRIMARY KEY,
  user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  definition jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
-- A user's list, newest first.
CREATE INDEX IF NOT EXISTS screener_saved_screens_user_created_idx ON screener_saved_screens (user_id, created_at DESC, id DESC);
