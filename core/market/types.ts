/** Shared market-data shapes: what providers return and the API serves. Pure types, no I/O. */

/** Where a figure came from: a key into the source catalogue, and the date the figure is as of. */
interface SourceRef {
  source: string;
  as_of: string;
}

/** Which tier of the fallback chain answered (live vendor, database cache, or the bundled snapshot). */
type ServedBy = 'live' | 'cache' | 'bundled';

export interface Served {
  served_by: ServedBy;
  /** Provider that produced the data, e.g. `bundled`, `yahoo`, `sec-edgar`. */
  provider: string;
  /** True when a cached answer older than its TTL was served because the live provider failed. */
  stale?: boolean;
}

export interface PriceBar {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number | null;
}

type Interval = '1d' | '1mo';
/** `split` = split-adjusted only (raw closes); `split_dividend` = also adjusted for dividends. */
type PriceAdjustment = 'split' | 'split_dividend';

export interface PriceHistory extends SourceRef {
  symbol: string;
  interval: Interval;
  adjustment: PriceAdjustment;
  bars: PriceBar[];
}

export interface Quote extends SourceRef {
  symbol: string;
  name: string;
  currency: string;
  price: number;
  previous_close: number | null;
  change: number | null;
  change_percent: number | null;
  /** Length of the period the change covers: one trading day, or one month for month-end-only symbols. */
  change_period: '1d' | '1mo';
  delayed: true;
}

export type StatementKind = 'income' | 'balance' | 'cash_flow';
export type LineUnit = 'USD' | 'USD/share' | 'shares';

/** One figure: null means "not reported" (shown as "—", never as 0). */
export interface Figure {
  value: number | null;
  source: string | null;
  /** Filing date of the figure (point in time): an analysis as of a day uses only figures filed by then. */
  as_of: string | null;
  /** The filing date is estimated (borrowed from another source for the period, or period end + the SEC deadline). */
  as_of_estimated?: true;
  /** Why a value was repaired, why it is withheld (value null: quarantined), or why it is flagged (served as reported). */
  note?: string;
  /**
   * The values a restatement replaced, oldest first, each with the first filing that reported it: a view as of a
   * day before `as_of` shows the latest of them filed by then (core/market/point-in-time.ts).
   */
  earlier?: Array<{ value: number; as_of: string }>;
}

export interface StatementLine {
  key: string;
  label: string;
  unit: LineUnit;
  values: Figure[];
}

export interface Period {
  end: string;
  /** Fiscal year named after the end date (e.g. FY2025 for a year ending 2025-09-27). */
  fiscal_year: number;
  label: string;
}

export interface StatementSet {
  periods: Period[];
  income: StatementLine[];
  balance: StatementLine[];
  cash_flow: StatementLine[];
}

export interface Fundamentals {
  symbol: string;
  currency: 'USD';
  annual: StatementSet;
  quarterly: StatementSet;
  /** Per-share values and share counts are restated for every later true split. */
  split_adjusted: true;
  notes: string[];
}

export interface Profile {
  symbol: string;
  name: string;
  type: 'stock' | 'etf';
  exchange: string | null;
  sector: string | null;
  industry: string | null;
  sic_description: string | null;
  cik: string | null;
  headquarters: string | null;
  founded: string | null;
  fiscal_year_end: string | null;
  sp500: boolean;
  source: string;
}

export interface EtfHolding {
  symbol: string;
  name: string;
  weight_pct: number;
}

export interface EtfInfo {
  symbol: string;
  name: string;
  holdings: EtfHolding[] | null;
  holdings_as_of: string | null;
  sector_weights: Array<{ sector: string; weight_pct: number }> | null;
  expense_ratio_pct: number | null;
  dividend_yield_pct: number | null;
  aum_musd: number | null;
  overview_as_of: string | null;
  sources: string[];
}

export interface Dividend {
  ex_date: string;
  /** Amount per share, adjusted for later true splits. */
  amount: number;
  pay_date: string | null;
  source: string;
}

/** The first and last day a name's dividend records cover (a source that stops early must not read as a cut). */
export interface DividendRecords {
  from: string;
  through: string;
}

export interface Split {
  date: string;
  /** New shares per old share (4 = 4-for-1; 0.125 = 1-for-8 reverse split). */
  ratio: number;
  source: string;
}

/** How current each dataset of the snapshot is (YYYY-MM-DD; null when the dataset is empty or not stated). */
export interface DatasetAsOf {
  /** Last daily bar. */
  prices: string | null;
  /** Latest date a served figure is as of (its filing date). */
  fundamentals: string | null;
  /** Latest listing directory. */
  listings: string | null;
  /** Latest ETF holdings or overview. */
  etfs: string | null;
  /** Latest dividend source. */
  dividends: string | null;
  /** Day of the risk-free rate the DCF uses (the snapshot's pair, or the newest Treasury day stored); absent where not read. */
  risk_free?: string | null;
}

export const DATASETS = ['prices', 'fundamentals', 'listings', 'etfs', 'dividends', 'risk_free'] as const satisfies ReadonlyArray<keyof DatasetAsOf>;

/** What can be analysed for a symbol. */
export interface Coverage {
  quote: boolean;
  history: 'daily' | 'monthly' | null;
  fundamentals: boolean;
  etf: boolean;
  dividends: boolean;
}

export interface Listing {
  symbol: string;
  name: string;
  /** null where no source names the exchange (never a placeholder). */
  exchange: string | null;
  type: 'stock' | 'etf';
}

export interface SearchHit extends Listing {
  coverage: Coverage;
  match: 'symbol' | 'symbol_prefix' | 'name' | 'fuzzy';
  /** Whether analyses can run on the symbol and what the kinds that cannot lack (added by the market service). */
  analysis?: SearchHitAnalysis;
}

/** What a search hit says about running analyses on its symbol: the check a run makes before any charge. */
export interface SearchHitAnalysis {
  /** At least one kind that applies to the symbol can run. */
  analysable: boolean;
  /** Set when the symbol is no longer listed: nothing runs on it. */
  delisted_on: string | null;
  /** The kinds that apply to the symbol (an ETF's, a company's) and cannot run, each with the input it lacks. */
  unavailable: Array<{ kind: string; needs: string; reason: string }>;
}
