import type { AnalysisInputs } from '../../../core/analysis/analysis-types.ts';
import { selectFundamentalsAsOf } from '../../../core/market/point-in-time.ts';
import type { PriceHistory } from '../../../core/market/types.ts';
import { computeScreenerRow } from '../../../core/screener/row-values.ts';
import type { ScreenerRow } from '../../../core/screener/screener-types.ts';
import { isAppError } from '../../lib/errors.ts';
import type { CoveredListing, MarketService } from '../market/index.ts';

/** The benchmark for beta, as the technical analysis uses it. */
const BENCHMARK_SYMBOL = 'SPY';
/**
 * Symbols loaded at once. Live vendors are asked only when the market cache has nothing fresh (history 6 h,
 * statements a day), and then few at a time: SEC EDGAR allows about ten requests a second.
 */
const LOAD_CONCURRENCY = { bundled: 8, live: 3 } as const;

/** A figure the data does not have is left out of the row, not an error. */
async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (e) {
    if (isAppError(e) && e.code === 'NO_DATA') return null;
    throw e;
  }
}

interface SharedInputs {
  benchmark: PriceHistory | null;
  sectorTable: AnalysisInputs['sectorTable'];
  fallbackDay: string;
}

/**
 * What an analysis of this symbol would read today (point in time at its last price bar), loaded the
 * way the analyses feature loads it: through the market service's fallback chain.
 */
async function loadScreenerInputs(market: MarketService, listing: CoveredListing, shared: SharedInputs): Promise<AnalysisInputs | null> {
  const { symbol } = listing;
  const profile = await orNull(() => market.getProfile(symbol));
  if (!profile) return null;
  const [history, fundamentals, dividends, etf] = await Promise.all([
    listing.coverage.history ? orNull(() => market.getHistory(symbol, 'max')) : null,
    listing.coverage.fundamentals && profile.type === 'stock' ? orNull(() => market.getFundamentals(symbol)) : null,
    listing.coverage.dividends ? orNull(() => market.getDividends(symbol)) : null,
    listing.coverage.etf ? orNull(() => market.getEtf(symbol)) : null,
  ]);
  const asOf = history?.bars.at(-1)?.date ?? shared.fallbackDay;
  return {
    symbol,
    asOf,
    profile,
    quote: null,
    daily: history?.interval === '1d' ? history : null,
    monthly: history?.interval === '1mo' ? history : null,
    benchmark: shared.benchmark,
    fundamentals: fundamentals ? selectFundamentalsAsOf(fundamentals, asOf) : null,
    etf,
    compareEtf: null,
    dividends: dividends?.dividends.filter((d) => d.ex_date <= asOf) ?? [],
    sectorTable: shared.sectorTable,
  };
}

/** Runs `work` over `items` with at most `limit` in flight, keeping the items' order in the results. */
async function mapWithLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

// The row engines are synchronous: yielding between symbols keeps requests flowing during a build.
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface LoadedUniverse {
  rows: ScreenerRow[];
  /** The newest price day among the rows. */
  dataAsOf: string;
  stocks: number;
  etfs: number;
}

/** Every covered stock and ETF as a screener row, by symbol. */
export async function loadScreenerRows(market: MarketService): Promise<LoadedUniverse> {
  const listings = await market.listUniverse();
  const [benchmark, sectorTable] = await Promise.all([orNull(() => market.getHistory(BENCHMARK_SYMBOL, 'max')), market.getSectorTable()]);
  const shared: SharedInputs = { benchmark: benchmark?.interval === '1d' ? benchmark : null, sectorTable, fallbackDay: market.dataAsOf() };
  const rows = await mapWithLimit(listings, LOAD_CONCURRENCY[market.mode], async (listing) => {
    const inputs = await loadScreenerInputs(market, listing, shared);
    if (!inputs) return null;
    await yieldToEventLoop();
    return { row: computeScreenerRow(inputs), type: inputs.profile.type, asOf: inputs.asOf };
  });
  const kept = rows.filter((r) => r !== null);
  const dataAsOf = kept.reduce((d, r) => (r.asOf > d ? r.asOf : d), '') || market.dataAsOf();
  return {
    rows: kept.map((r) => r.row),
    dataAsOf,
    stocks: kept.filter((r) => r.type === 'stock').length,
    etfs: kept.filter((r) => r.type === 'etf').length,
  };
}
