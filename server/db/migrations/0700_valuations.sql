-- DCF studio (issue 16): valuations a user saved to reopen. Free: no hold, no charge. The inputs are the
-- studio's assumptions (reopening restores them); the result is what the server computed from them on
-- the data day of the save, kept so the list shows a value without recomputing. A "Save with a written
-- note" also links the paid DCF analysis that wrote the note; deleting that analysis only unlinks it.
CREATE TABLE IF NOT EXISTS valuations (
  id uuid PRIMARY KEY,
  user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  symbol text NOT NULL CHECK (length(symbol) BETWEEN 1 AND 32),
  label text CHECK (length(label) BETWEEN 1 AND 80),
  inputs jsonb NOT NULL,
  result jsonb NOT NULL,
  analysis_id uuid REFERENCES analyses(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL
);
-- The list is per user, newest first, optionally for one symbol.
CREATE INDEX IF NOT EXISTS valuations_user_created_idx ON valuations (user_id, created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS valuations_user_symbol_idx ON valuations (user_id, symbol, created_at DESC);
