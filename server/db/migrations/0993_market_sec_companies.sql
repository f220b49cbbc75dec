-- What EDGAR says each filer does (issue 32): the SIC code and its title from the filer's submissions answer, which the
-- `sec-filings` cycle already fetches every turn. A company only the store has (a listing from the price vendor, its
-- statements from EDGAR) gets its sector from this (core/market/sic-sector.ts) and its industry from the title, so it
-- enters its sector's table and peers and is classified (bank, insurer, …) like a snapshot company.
-- One row per CIK (share classes share it). The bulk backfill (companyfacts archive) carries no SIC and writes none.
CREATE TABLE IF NOT EXISTS market_sec_companies (
  cik text PRIMARY KEY CHECK (cik ~ '^[0-9]{10}$'),
  -- Four digits, as EDGAR writes it ("6022"); a code that is not is refused before it gets here.
  sic text NOT NULL CHECK (sic ~ '^[0-9]{4}$'),
  sic_description text,
  -- When the code or title last changed (an upsert that changes nothing writes nothing): the listings' read version
  -- moves with it, so a process reloads its listings and the universe built on them.
  updated_at timestamptz NOT NULL
);

-- The newest change, for the listings' version probe.
CREATE INDEX IF NOT EXISTS market_sec_companies_updated_at ON market_sec_companies (updated_at);
