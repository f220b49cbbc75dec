-- Fundamentals from SEC EDGAR in the market-data store (issue 32): every fact point in time as filed, the filings
-- seen, and the statements the analyses read, re-normalised from companyfacts after each new filing. Like prices,
-- these continue the bundled snapshot: a company's stored statements are served once they are newer than its own.

-- One reported value as filed: a later filing's different value for the same period is another row (its accession),
-- so a read "as of" a day uses only rows filed by then.
CREATE TABLE IF NOT EXISTS market_sec_facts (
  cik text NOT NULL,
  -- Taxonomy and tag, e.g. us-gaap:Revenues.
  concept text NOT NULL,
  unit text NOT NULL,
  -- Null for an instant (a balance); the start of a duration otherwise.
  period_start date,
  period_end date NOT NULL,
  value numeric NOT NULL,
  form text,
  accession text NOT NULL,
  filed date NOT NULL,
  -- The fiscal year and period the filer gave (FY, Q1…), as EDGAR states them.
  fy integer,
  fp text,
  ingested_at timestamptz NOT NULL
);
-- Idempotent upserts: the same fact of the same filing is one row (an instant's missing start counts as one value).
CREATE UNIQUE INDEX IF NOT EXISTS market_sec_facts_key ON market_sec_facts (cik, concept, unit, period_end, (coalesce(period_start, '0001-01-01'::date)), accession);
CREATE INDEX IF NOT EXISTS market_sec_facts_filed_idx ON market_sec_facts (cik, filed);

-- Every tracked filing ingestion has seen, with what became of it: stored (its company's facts and statements are in
-- the store), or refused (the companyfacts answer was refused; retried on the next cycle).
CREATE TABLE IF NOT EXISTS market_sec_filings (
  accession text PRIMARY KEY,
  cik text NOT NULL,
  form text NOT NULL,
  filed date NOT NULL,
  report_date date,
  outcome text NOT NULL CHECK (outcome IN ('stored', 'refused')),
  detail text,
  processed_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS market_sec_filings_cik_idx ON market_sec_filings (cik, filed);

-- The statements the analyses read (the `Fundamentals` document the normaliser builds from companyfacts), per
-- symbol, with the newest filing date they include: served in place of the snapshot's when newer.
-- `revision` grows with every write (whatever the clocks say): a process that sees max(revision) move knows some
-- company's statements changed, even when the newest filing date did not.
CREATE SEQUENCE IF NOT EXISTS market_sec_statements_revision;
CREATE TABLE IF NOT EXISTS market_sec_statements (
  symbol text PRIMARY KEY,
  cik text NOT NULL,
  document jsonb NOT NULL,
  filed_through date NOT NULL,
  revision bigint NOT NULL DEFAULT nextval('market_sec_statements_revision'),
  updated_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS market_sec_statements_filed_idx ON market_sec_statements (filed_through);
CREATE INDEX IF NOT EXISTS market_sec_statements_revision_idx ON market_sec_statements (revision);

-- The filers the 15-minute cycle checks, oldest-checked first (a bounded batch a cycle, see docs/market-data-store.md).
CREATE TABLE IF NOT EXISTS market_sec_filers (
  cik text PRIMARY KEY,
  symbol text NOT NULL,
  checked_at timestamptz
);
CREATE INDEX IF NOT EXISTS market_sec_filers_checked_idx ON market_sec_filers (checked_at NULLS FIRST, cik);

-- A named lease: one process at a time runs the EDGAR cycle, so the SEC's 10 requests a second holds across processes.
CREATE TABLE IF NOT EXISTS market_leases (
  name text PRIMARY KEY,
  holder text NOT NULL,
  lease_until timestamptz NOT NULL
);
