-- Share links (issue 19): a read-only, revocable link to one analysis. Only the SHA-256 of the token is
-- kept (a leaked table gives no working links) with its first characters for the owner to tell links apart.
-- Revoking deletes the row: a revoked token is then exactly an unknown one (same query, same answer).
CREATE TABLE IF NOT EXISTS analysis_shares (
  id uuid PRIMARY KEY,
  analysis_id uuid NOT NULL REFERENCES analyses(id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  token_prefix text NOT NULL CHECK (length(token_prefix) BETWEEN 4 AND 12),
  show_owner_name boolean NOT NULL,
  created_at timestamptz NOT NULL,
  view_count integer NOT NULL DEFAULT 0,
  last_viewed_at timestamptz
);
CREATE INDEX IF NOT EXISTS analysis_shares_user_idx ON analysis_shares (user_id, created_at DESC);
