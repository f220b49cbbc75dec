-- Market feature: answers of live market-data providers, kept per kind with a TTL (fallback chain live → cache → bundled).
CREATE TABLE IF NOT EXISTS market_cache (
  kind text NOT NULL,
  cache_key text NOT NULL,
  provider text NOT NULL,
  payload jsonb NOT NULL,
  fetched_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (kind, cache_key)
);
CREATE INDEX IF NOT EXISTS market_cache_expires_at_idx ON market_cache (expires_at);
