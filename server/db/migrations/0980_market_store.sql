-- The market-data store (issue 32): what scheduled ingestion adds on top of the bundled snapshot. The snapshot's
-- files stay the record for their own days (immutable, versioned with the code); these tables hold every later day
-- and every symbol the snapshot lacks. Prices are stored raw (as the vendor reports the day) and adjusted on read
-- from the splits below, so a split learned later never leaves a stored bar on the wrong basis.
CREATE TABLE IF NOT EXISTS market_bars (
  symbol text NOT NULL,
  day date NOT NULL,
  open numeric NOT NULL CHECK (open > 0),
  high numeric NOT NULL CHECK (high > 0),
  low numeric NOT NULL CHECK (low > 0),
  close numeric NOT NULL CHECK (close > 0),
  volume bigint CHECK (volume >= 0),
  source text NOT NULL,
  ingested_at timestamptz NOT NULL,
  PRIMARY KEY (symbol, day),
  -- A bar is inside its own range: the validation refuses one that is not, and the table refuses it too.
  CONSTRAINT market_bars_in_range CHECK (low <= high AND open BETWEEN low AND high AND close BETWEEN low AND high)
);
CREATE INDEX IF NOT EXISTS market_bars_day_idx ON market_bars (day);

CREATE TABLE IF NOT EXISTS market_splits (
  symbol text NOT NULL,
  ex_date date NOT NULL,
  -- New shares per old share: 4 = 4-for-1; 0.125 = 1-for-8.
  ratio numeric NOT NULL CHECK (ratio > 0),
  source text NOT NULL,
  ingested_at timestamptz NOT NULL,
  PRIMARY KEY (symbol, ex_date)
);

CREATE TABLE IF NOT EXISTS market_dividends (
  symbol text NOT NULL,
  ex_date date NOT NULL,
  pay_date date,
  -- Dollars per share as declared (not adjusted: splits are applied on read, like prices).
  cash_amount numeric NOT NULL CHECK (cash_amount > 0),
  source text NOT NULL,
  ingested_at timestamptz NOT NULL,
  PRIMARY KEY (symbol, ex_date)
);

-- One row per dataset and market day: the claim that makes a day's ingestion happen once across processes (a
-- lease that a killed run gives up when it expires), and its outcome: stored, skipped and refused counts.
CREATE TABLE IF NOT EXISTS market_ingest_runs (
  dataset text NOT NULL CHECK (dataset IN ('prices', 'corporate_actions', 'filings')),
  day date NOT NULL,
  status text NOT NULL CHECK (status IN ('running', 'done', 'refused')),
  lease_until timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 1,
  stored integer NOT NULL DEFAULT 0,
  skipped integer NOT NULL DEFAULT 0,
  refused integer NOT NULL DEFAULT 0,
  detail text,
  started_at timestamptz NOT NULL,
  finished_at timestamptz,
  PRIMARY KEY (dataset, day)
);

-- Items a vendor sent that validation refused: never stored as data, kept with the reason for the operator.
CREATE TABLE IF NOT EXISTS market_refusals (
  id bigserial PRIMARY KEY,
  dataset text NOT NULL,
  day date NOT NULL,
  item_key text NOT NULL,
  code text NOT NULL,
  reason text NOT NULL,
  refused_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS market_refusals_day_idx ON market_refusals (dataset, day);
