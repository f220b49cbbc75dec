-- Reference data of the market-data store (issue 32): ETF holdings and costs with their dates, and the
-- risk-free/ERP pair the DCF discounts with. Like prices, the bundled snapshot is the base layer (its ETF facts in
-- data/companies.json.gz, its pair in core/analysis/dcf/assumptions.ts); these tables hold what came later, and a
-- stored row newer than the snapshot's wins on read (docs/market-data-store.md).

-- One ETF's holdings as its issuer (or a vendor) stated them on one day. A later day replaces the whole list.
CREATE TABLE IF NOT EXISTS market_etf_holdings (
  etf text NOT NULL,
  as_of date NOT NULL,
  holding_symbol text NOT NULL,
  holding_name text NOT NULL,
  -- Percent of the fund (6.69 = 6.69 %), as the holdings files give it.
  weight_pct numeric NOT NULL CHECK (weight_pct > 0 AND weight_pct <= 100),
  source text NOT NULL,
  loaded_at timestamptz NOT NULL,
  PRIMARY KEY (etf, as_of, holding_symbol)
);

-- One ETF's costs and size on one day; a figure the source does not give is null, never 0.
CREATE TABLE IF NOT EXISTS market_etf_costs (
  etf text NOT NULL,
  as_of date NOT NULL,
  -- Percent a year (0.09 = 0.09 %).
  expense_ratio_pct numeric CHECK (expense_ratio_pct >= 0 AND expense_ratio_pct < 10),
  dividend_yield_pct numeric CHECK (dividend_yield_pct >= 0 AND dividend_yield_pct < 100),
  -- Assets under management, millions of US dollars.
  assets_musd numeric CHECK (assets_musd >= 0),
  source text NOT NULL,
  loaded_at timestamptz NOT NULL,
  PRIMARY KEY (etf, as_of)
);

-- The risk-free rate and the equity risk premium by day, each with its source. Rates in basis points (458 = 4.58 %):
-- the Treasury publishes the par yield to two decimals of a percent, so a basis point holds it exactly. A day has
-- the risk-free rate (ingested daily from the Treasury), an ERP (set by the operator), or both; a read takes the
-- newest of each.
CREATE TABLE IF NOT EXISTS market_rate_pairs (
  as_of date PRIMARY KEY,
  risk_free_rate_bps integer CHECK (risk_free_rate_bps >= 0 AND risk_free_rate_bps <= 2500),
  risk_free_source text,
  equity_risk_premium_bps integer CHECK (equity_risk_premium_bps > 0 AND equity_risk_premium_bps <= 2500),
  equity_risk_premium_source text,
  updated_at timestamptz NOT NULL,
  CONSTRAINT market_rate_pairs_sourced CHECK (
    (risk_free_rate_bps IS NULL) = (risk_free_source IS NULL)
    AND (equity_risk_premium_bps IS NULL) = (equity_risk_premium_source IS NULL)
    AND (risk_free_rate_bps IS NOT NULL OR equity_risk_premium_bps IS NOT NULL)
  )
);
