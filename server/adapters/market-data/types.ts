import type { SecTickerEntry } from '../../../core/market/ingest-sec.ts';
import type { IngestDailyBar, IngestDividend, IngestRefusal, IngestSplit, IngestTicker, PreviousClose } from '../../../core/market/ingest-validation.ts';
import type { SectorTable } from '../../../core/analysis/fundamentals/sector-grades.ts';
import type { HistoryRange } from '../../../core/market/ranges.ts';
import type {
  Coverage,
  DatasetAsOf,
  Dividend,
  DividendRecords,
  EtfInfo,
  Fundamentals,
  Listing,
  PriceHistory,
  Profile,
  Quote,
  SearchHit,
  Split,
} from '../../../core/market/types.ts';

/**
 * The one market-data capability interface. A provider implements the capabilities it has; the rest
 * are absent. Contract for every method: resolve `null` when the provider has no data for that symbol
 * (an honest "no data"), throw when the provider failed (network, timeout, bad answer) so the caller
 * can fall back to the cache or the bundled snapshot.
 */
export interface MarketDataProvider {
  readonly id: string;
  getQuote?(symbol: string): Promise<Quote | null>;
  getHistory?(symbol: string, range: HistoryRange): Promise<PriceHistory | null>;
  getFundamentals?(symbol: string): Promise<Fundamentals | null>;
  getProfile?(symbol: string): Promise<Profile | null>;
  getEtfInfo?(symbol: string): Promise<EtfInfo | null>;
  getDividends?(symbol: string): Promise<Dividend[] | null>;
  /** The days the dividend records cover; a provider that does not say leaves it out (then no window is known to be complete). */
  getDividendRecords?(symbol: string): Promise<DividendRecords | null>;
  getSplits?(symbol: string): Promise<Split[] | null>;
  search?(query: string, limit: number): Promise<SearchHit[]>;
}

/** A listed symbol and what the snapshot can answer about it. */
export interface CoveredListing extends Listing {
  coverage: Coverage;
  /** Set when the market-data store knows the symbol was delisted (the bundled snapshot never says). */
  delisted_on?: string | null;
}

/**
 * The provider every deployment has (the bundled snapshot): it knows every listing, answers search,
 * and is the last fallback when live vendors fail.
 */
export interface SnapshotProvider extends MarketDataProvider {
  /** The listing, or null when the symbol is not listed. */
  getListing(symbol: string): Promise<CoveredListing | null>;
  search(query: string, limit: number): Promise<SearchHit[]>;
  /** Every listing with prices or statements in the snapshot (the screener's universe), by symbol. */
  listCovered(): Promise<CoveredListing[]>;
  /** Data-as-of date of the snapshot (its last trading day), as the data states it. */
  dataAsOf(): string;
  /** Each dataset's as-of date (prices, fundamentals, listings, ETFs, dividends), or null when the snapshot does not state them. */
  datasetsAsOf(): DatasetAsOf | null;
  /** Grade metric distributions per GICS sector (sector-relative grades), or null when the snapshot has none. */
  getSectorTable(): Promise<SectorTable | null>;
  /**
   * Every stock of the snapshot with statements (the S&P 500), with its profile and closes: the peer
   * set for cross-sectional statistics such as a sector's score distribution. Read once, then cached.
   */
  getUniverse(): Promise<SnapshotCompany[]>;
  /** Loads everything so the first requests wait less; safe to call in the background. */
  preload(): Promise<void>;
}

/** One company of the snapshot's universe: what cross-sectional statistics read. */
export interface SnapshotCompany {
  profile: Profile;
  fundamentals: Fundamentals;
  /** Closes in dollars, ascending dates (daily bars or month-ends); null without prices. */
  closes: { dates: readonly string[]; close: ArrayLike<number> } | null;
}

export type Capability = Exclude<keyof MarketDataProvider, 'id'>;

/** fetch as the adapters use it; injectable so tests serve recorded fixtures and never touch the network. */
export type FetchLike = (url: string, init?: { headers?: Record<string, string>; signal?: AbortSignal }) => Promise<Response>;

/**
 * One vendor answer for one market day, checked (core/market/ingest-validation.ts): what may be stored, what was
 * refused and why, and — when the answer as a whole cannot be trusted (cut short, an error status, unknown units) —
 * why nothing of it may be stored. Transport failures (network, timeout, 5xx after retries) throw instead.
 */
export interface VendorDay<T> {
  accepted: T[];
  refused: IngestRefusal[];
  /** Set when the whole answer is refused: nothing is stored and the day is retried on a later cycle. */
  wholeAnswerRefused: string | null;
}

/** The vendor side of scheduled ingestion: a licensed EOD vendor's whole-market day and its corporate actions. */
export interface IngestVendor {
  readonly id: string;
  /** Every US stock's raw bars of `day`, checked against each symbol's previous close and the day's splits. */
  fetchDailyBars(
    day: string,
    context: { previousCloses: ReadonlyMap<string, PreviousClose>; splits: readonly IngestSplit[] },
  ): Promise<VendorDay<IngestDailyBar>>;
  /** Splits and dividends whose ex-date is `day`. */
  fetchCorporateActions(day: string): Promise<{ splits: VendorDay<IngestSplit>; dividends: VendorDay<IngestDividend> }>;
}

/**
 * The vendor side of listings ingestion: the price vendor's reference tickers, the SEC's ticker→CIK directory, and one
 * symbol's daily history for the backfill of a listing the bundled snapshot has no prices for.
 */
export interface ListingsVendor {
  readonly id: string;
  /** Active and delisted US common stocks and ETFs; a list that is not whole is refused as a whole. */
  fetchListings(): Promise<{ active: VendorDay<IngestTicker>; delisted: VendorDay<IngestTicker> }>;
  /** The SEC's ticker→CIK directory; absent when EDGAR is not configured (then the vendor's CIKs alone). */
  fetchTickerDirectory?(): Promise<VendorDay<SecTickerEntry>>;
  /** One symbol's raw daily bars from `from` to `to`, checked as a series against its splits, and those splits. */
  fetchPriceHistory(symbol: string, from: string, to: string): Promise<{ bars: VendorDay<IngestDailyBar>; splits: VendorDay<IngestSplit> }>;
}
