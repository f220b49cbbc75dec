-- Listings with their identifiers (issue 32 items 1, 2, 5): every US stock and ETF the price vendor lists, active or
-- delisted, joined with the SEC's ticker→CIK directory. One row per symbol (a ticker reused by another company after a
-- delisting is the newest holder's row). A symbol gone from the vendor's active list is marked delisted, never deleted:
-- its stored bars and the analyses run on it keep their meaning.
CREATE TABLE IF NOT EXISTS market_listings (
  symbol text PRIMARY KEY,
  name text NOT NULL,
  -- Ten digits, zero-padded as EDGAR writes it; null for a listing no filer maps to (most ETFs, foreign issuers).
  cik text CHECK (cik ~ '^[0-9]{10}$'),
  -- The exchange's name as the app shows it (NASDAQ, NYSE, NYSE Arca…); null when the vendor names none.
  exchange text,
  type text NOT NULL CHECK (type IN ('stock', 'etf', 'other')),
  active boolean NOT NULL,
  delisted_on date,
  first_seen_on date NOT NULL,
  last_seen_on date NOT NULL,
  -- Which answers the row came from (massive-reference, massive-reference+sec-tickers).
  source text NOT NULL,
  updated_at timestamptz NOT NULL,
  -- The price backfill of a listing the bundled snapshot has no prices for: the span of raw bars stored in
  -- market_bars (null before it ran, or when the vendor had none), the day it ran through, and a lease so two
  -- processes never fetch the same symbol at once.
  bars_from date,
  bars_through date,
  backfilled_through date,
  backfill_lease_until timestamptz,
  CONSTRAINT market_listings_delisted_when_inactive CHECK (active OR delisted_on IS NOT NULL),
  CONSTRAINT market_listings_seen_in_order CHECK (first_seen_on <= last_seen_on)
);
-- A process learns that listings changed by the newest updated_at (one index probe a minute).
CREATE INDEX IF NOT EXISTS market_listings_updated_idx ON market_listings (updated_at);
-- The backfill's queue: active stocks and ETFs it has not run for yet.
CREATE INDEX IF NOT EXISTS market_listings_backfill_idx ON market_listings (symbol) WHERE active AND backfilled_through IS NULL;

-- One row per listings day: the claim (a lease) that makes the day's ingestion happen once across processes, and its
-- outcome. Its own table, not market_ingest_runs: that table's dataset list is a CHECK other migrations may change.
CREATE TABLE IF NOT EXISTS market_listings_runs (
  day date PRIMARY KEY,
  status text NOT NULL CHECK (status IN ('running', 'done', 'refused')),
  lease_until timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 1,
  stored integer NOT NULL DEFAULT 0,
  delisted integer NOT NULL DEFAULT 0,
  refused integer NOT NULL DEFAULT 0,
  detail text,
  started_at timestamptz NOT NULL,
  finished_at timestamptz
);
