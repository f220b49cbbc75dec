/*
 * A figure's source is stored as the id of its dataset (`yahoo-daily`, `sec-xbrl`, data/sources.json) so
 * an export can be traced; a person reads the publisher. Every page, PDF and title that shows a source
 * writes it with `describeDataSource`; the CSV keeps the id in its machine `source` column.
 */

const SOURCE_NAMES: Readonly<Record<string, string>> = {
  sec: 'SEC filings',
  'sec-xbrl': 'SEC filings (XBRL)',
  'sec-edgar-live': 'SEC EDGAR',
  fmp: 'Financial Modeling Prep',
  'yahoo-daily': 'Yahoo Finance, daily',
  'yahoo-monthly': 'Yahoo Finance, month-end',
  'yahoo-dividends': 'Yahoo Finance, dividends',
  'massive-live': 'Massive',
  'iex-dividends': 'IEX Cloud, dividends',
  'etf-issuers': 'Fund issuers’ holdings',
  'etf-sectors': 'Fund issuers’ holdings by sector',
  stockanalysis: 'stockanalysis.com',
  'nasdaq-listings': 'Nasdaq Trader',
  'nyse-other-listings': 'NYSE and other exchanges',
  'sp500-constituents': 'S&P 500 constituents',
  computed: 'Computed',
  derived: 'Derived from filings',
};

/** A source id as a person reads it: "yahoo-daily" → "Yahoo Finance, daily"; text that is already words ("your input") is kept. */
export function describeDataSource(id: string | null): string {
  if (id === null) return 'source not recorded';
  return SOURCE_NAMES[id] ?? id;
}
