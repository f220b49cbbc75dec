-- Per-key request counters for rate limits that every app process shares (fixed windows).
-- One row per key (e.g. 'billing:<user id>'): bounded by users × limited actions, so no clean-up job.
CREATE TABLE IF NOT EXISTS request_rate_windows (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL CHECK (hits > 0)
);
