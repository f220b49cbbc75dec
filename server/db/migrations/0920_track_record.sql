-- Track record (issue 19, part 3): every verdict re-scored as newer prices arrive. One row per run: a
-- user's analysis (source 'live') or one kind re-run by the point-in-time backtest on one symbol and
-- month-end (source 'backtest'). The outcome depends on the symbol and data day only, so it is stored
-- once per run; which verdicts held is judged from `verdicts` when the summary is built.
CREATE TABLE IF NOT EXISTS track_record_runs (
  -- 'live:<analysis id>' or 'backtest:<kind>:<symbol>:<month-end>'
  run_key text PRIMARY KEY,
  source text NOT NULL CHECK (source IN ('backtest', 'live')),
  analysis_id uuid UNIQUE REFERENCES analyses(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('overview', 'fundamental', 'technical', 'balance-sheet', 'etf', 'dcf')),
  symbol text NOT NULL CHECK (length(symbol) BETWEEN 1 AND 32),
  as_of text NOT NULL CHECK (as_of ~ '^\d{4}-\d{2}-\d{2}$'),
  -- {"technical_rating":"Buy","grade_value":"A","piotroski_f":7,"dcf_upside":23.4,…}; {} when it stated none
  verdicts jsonb NOT NULL,
  -- Percent price changes of the stock and of SPY from the data day's close, per horizon; null while pending.
  change_1m double precision, spy_change_1m double precision,
  change_3m double precision, spy_change_3m double precision,
  change_6m double precision, spy_change_6m double precision,
  change_12m double precision, spy_change_12m double precision,
  -- Every horizon matured (or never can): never scored again.
  final boolean NOT NULL DEFAULT false,
  -- The data day of the last scoring, and how many scorings the row has had (once per new data day).
  scored_through text,
  scored_count integer NOT NULL DEFAULT 0,
  -- A process scoring the row holds it (claim, claimed_at); a claim older than a few minutes is taken over.
  claim uuid,
  claimed_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS track_record_runs_open_idx ON track_record_runs (scored_through) WHERE NOT final;
CREATE INDEX IF NOT EXISTS track_record_runs_updated_idx ON track_record_runs (updated_at);

-- The backtest's units of work: one month-end each. A process claims a pending month (or one whose claim
-- went stale), computes it and stores its runs and 'done' in one transaction that checks its claim.
CREATE TABLE IF NOT EXISTS track_record_backtest_months (
  month text PRIMARY KEY CHECK (month ~ '^\d{4}-\d{2}$'),
  day text NOT NULL CHECK (day ~ '^\d{4}-\d{2}-\d{2}$'),
  status text NOT NULL CHECK (status IN ('pending', 'running', 'done')),
  claim uuid,
  claimed_at timestamptz,
  runs integer,
  took_ms integer,
  done_at timestamptz
);
