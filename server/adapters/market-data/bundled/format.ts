/**
 * On-disk shape of the bundled snapshot in `data/` (written by scripts/prepare-data.ts, read by the
 * bundled provider). Gzipped JSON, columnar where it matters: prices are integer cents stored as
 * deltas, dates as day offsets, so the files stay small and decode in a few milliseconds.
 */

import type { SerializedSearchIndex } from '../../../../core/market/search.ts';
import type { DatasetAsOf } from '../../../../core/market/types.ts';

export type { DatasetAsOf } from '../../../../core/market/types.ts';

export const BUNDLE_VERSION = 3;

/** Coverage bits per listing. */
export const COV = { daily: 1, monthly: 2, fundamentals: 4, etf: 8, dividends: 16 } as const;

export interface SourceInfo {
  id: string;
  name: string;
  /** What the source provides, in a few words. */
  provides: string;
  licence: string;
  tier: 'A' | 'B' | 'C' | 'C-FMP';
  as_of: string;
  origin: string;
}

export interface ListingsFile {
  version: number;
  data_as_of: string;
  symbol: string[];
  name: string[];
  /** null where no real source names the exchange. */
  exchange: Array<string | null>;
  etf: number[];
  cov: number[];
  /** Search vocabulary and sorted keys, built by the prepare script so loading only parses JSON. */
  search: SerializedSearchIndex;
}

export interface BundleProfile {
  name: string;
  type: 'stock' | 'etf';
  exchange: string | null;
  sector: string | null;
  industry: string | null;
  sic: string | null;
  cik: string | null;
  hq: string | null;
  founded: string | null;
  fye: string | null;
  sp500: boolean;
  source: string;
}

export interface BundleEtf {
  holdings: Array<[symbol: string, name: string, weightPct: number]> | null;
  holdings_as_of: string | null;
  sectors: Array<[sector: string, weightPct: number]> | null;
  expense_ratio_pct: number | null;
  dividend_yield_pct: number | null;
  aum_musd: number | null;
  overview_as_of: string | null;
  sources: string[];
}

/** Values per line key: [values, refs] where refs index `BundleFundamentals.refs` (null = not reported). */
export interface BundleStatementSet {
  ends: string[];
  lines: Record<string, [Array<number | null>, Array<number | null>]>;
  /**
   * Per line key, the values a restatement replaced: [period index, value, first filing date], oldest first
   * within a period (Figure.earlier). Absent when no served value was restated.
   */
  earlier?: Record<string, Array<[index: number, value: number, asOf: string]>>;
}

export type BundleRef =
  | [source: string, asOf: string]
  | [source: string, asOf: string, estimated: 0 | 1]
  | [source: string, asOf: string, estimated: 0 | 1, note: string];

export interface BundleFundamentals {
  annual: BundleStatementSet;
  quarterly: BundleStatementSet;
  /**
   * [source id, filing date, 1 when the filing date is estimated, note]. A value null whose ref has a
   * note is quarantined (withheld, the note says why); a value with a note was repaired.
   */
  refs: BundleRef[];
  notes: string[];
}

export interface CompaniesFile {
  version: number;
  profiles: Record<string, BundleProfile>;
  etfs: Record<string, BundleEtf>;
  /** [ex_date, amount (split-adjusted), pay_date, source id]. */
  dividends: Record<string, Array<[string, number, string | null, string]>>;
  /** [from, through]: the days a name's dividend records cover (a source ending early is not a cut); absent in older bundles. */
  dividend_records?: Record<string, [string, string]>;
  /** [date, ratio, source id]; source `derived` = found in the figures (share jump + EPS + P/E), dated at the first period on the new basis. */
  splits: Record<string, Array<[string, number, string]>>;
}

export interface FundamentalsFile {
  version: number;
  fundamentals: Record<string, BundleFundamentals>;
}

/** One daily series: first date, then deltas (days between bars; cents between values). */
export interface BundleDaily {
  d0: string;
  dd: number[];
  o: number[];
  h: number[];
  l: number[];
  c: number[];
  v: number[];
}

/** Month-end closes (split- and dividend-adjusted): first month, month deltas, cents deltas. */
export interface BundleMonthly {
  m0: string;
  dm: number[];
  c: number[];
  v: number[];
}

export interface PricesFile {
  version: number;
  daily: Record<string, BundleDaily>;
  monthly: Record<string, BundleMonthly>;
  daily_source: string;
  monthly_source: string;
}

/** sources.json: the snapshot's date, each dataset's own as-of date, and the source catalogue. */
export interface SourcesFile {
  data_as_of: string;
  datasets: DatasetAsOf;
  sources: SourceInfo[];
}

export const BUNDLE_FILES = {
  listings: 'listings.json.gz',
  companies: 'companies.json.gz',
  fundamentals: 'fundamentals.json.gz',
  prices: 'prices.json.gz',
  sources: 'sources.json',
  /** Grade metric distributions per GICS sector (scripts/build-sector-table.ts). */
  sectorTable: 'sector-table.json.gz',
} as const;
