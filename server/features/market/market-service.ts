import type { SectorTable } from '../../../core/analysis/fundamentals/sector-grades.ts';
import { describeAnalysability } from '../../../core/analysis/runs/analysability.ts';
import type { HistoryRange } from '../../../core/market/ranges.ts';
import { normalizeSymbol } from '../../../core/market/symbol.ts';
import type {
  Coverage,
  DatasetAsOf,
  Dividend,
  DividendRecords,
  EtfInfo,
  Fundamentals,
  PriceHistory,
  Profile,
  Quote,
  SearchHit,
  Served,
  Split,
} from '../../../core/market/types.ts';
import type { CoveredListing, MarketDataProvider, SnapshotCompany, SnapshotProvider } from '../../adapters/market-data/index.ts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createBundledProvider } from '../../adapters/market-data/bundled/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { CacheKind, MarketCache } from './market-store.ts';
import { SNAPSHOT_CAPM_PAIR } from './stored-reference.ts';
import type { StoredUniverseEntry } from './stored-universe.ts';
import type { CapmPair } from '../../../core/market/reference-data.ts';

export type WithServed<T> = T & Served;

interface MarketReads {
  readonly mode: 'bundled' | 'live';
  /** Date of the bundled snapshot, as the data states it. */
  dataAsOf(): string;
  /** Each dataset's as-of date in the snapshot, or null when it does not state them. */
  datasetsAsOf(): DatasetAsOf | null;
  /**
   * The day of the newest daily bar this process serves: the snapshot's in bundled mode; in live mode the newest
   * bar a vendor (or the cache) has delivered since start-up, null before the first.
   */
  pricesAsOf(): string | null;
  /** Grade metric distributions per GICS sector from the bundled snapshot (null when it has none): `AnalysisInputs.sectorTable`. */
  getSectorTable(): Promise<SectorTable | null>;
  /** The bundled snapshot's companies with statements (peers for sector distributions), whatever the mode: never a live call per company. */
  getSnapshotUniverse(): Promise<SnapshotCompany[]>;
  /** Canonical symbol for user input, or INVALID_SYMBOL (400) / UNKNOWN_SYMBOL (404). A delisted symbol resolves (its history, a watchlist's row). */
  resolveSymbol(raw: string): Promise<string>;
  /** resolveSymbol, and DELISTED_SYMBOL (404) for a symbol the store knows was delisted: what a run checks before any charge. */
  resolveListedSymbol(raw: string): Promise<string>;
  coverage(symbol: string): Promise<Coverage>;
  search(query: string, limit: number): Promise<SearchHit[]>;
  /** The symbols the bundled snapshot has prices or statements for, by symbol: the universe a screen runs over (live mode refreshes their figures, not the list). */
  listUniverse(): Promise<CoveredListing[]>;
  getQuote(symbol: string): Promise<WithServed<Quote>>;
  getHistory(symbol: string, range: HistoryRange): Promise<WithServed<PriceHistory>>;
  getFundamentals(symbol: string): Promise<WithServed<Fundamentals>>;
  getProfile(symbol: string): Promise<WithServed<Profile>>;
  getEtf(symbol: string): Promise<WithServed<EtfInfo>>;
  /** `records`: the days the dividend records cover, from the provider that served them; null when it does not say. */
  getDividends(symbol: string): Promise<WithServed<{ symbol: string; dividends: Dividend[]; records: DividendRecords | null; splits: Split[] }>>;
  /** The risk-free rate and ERP every valuation discounts with, each with its as-of day and source: the one source of the pair. */
  getCapmPair(): Promise<CapmPair>;
  /**
   * The companies only the market-data store has (in `listUniverse` too), read in bulk once per data day: the
   * universe read takes these instead of reading each through the per-symbol chain. Absent or empty: none.
   */
  readStoredUniverse?(): Promise<StoredUniverseEntry[]>;
  /**
   * The universe's data day: the prices' data day and what the store adds to the universe (listings, statements).
   * A table or peer set built on another is rebuilt. Absent: `dataAsOf()`.
   */
  universeDay?(): string;
}

interface MarketServiceDeps {
  bundled: SnapshotProvider;
  /** Live providers in order of preference; each capability is asked of the first that has it. */
  live: MarketDataProvider[];
  cache: MarketCache | null;
  logger: Logger;
  /** The risk-free/ERP pair continued by the store (stored-reference.ts); without it, the snapshot's pair. */
  readCapmPair?: () => Promise<CapmPair>;
  /** The stored-only companies of the universe (stored-universe.ts); without it, none. */
  readStoredUniverse?: () => Promise<StoredUniverseEntry[]>;
  /** What the stored companies of the universe were read on (stored-universe.ts); '' with none. */
  readUniverseVersion?: () => string;
  /**
   * Whether the store holds a company's statements (the `sec-filings` job keeps them current, every 15 minutes in
   * market hours): in live mode those are read from the store, and EDGAR is asked per request only for the rest.
   */
  hasStoredStatements?: (symbol: string) => Promise<boolean>;
}

const NO_COVERAGE: Coverage = { quote: false, history: null, fundamentals: false, etf: false, dividends: false };

type Capability = 'getQuote' | 'getHistory' | 'getFundamentals' | 'getProfile' | 'getEtfInfo' | 'getDividends' | 'getSplits';

const missing: Record<Exclude<Capability, 'getSplits'>, string> = {
  getQuote: 'No price data for {s}: the bundled snapshot has daily prices for 125 stocks and ETFs and month-end closes for the rest of the S&P 500.',
  getHistory: 'No price history for {s}: the bundled snapshot has daily prices for 125 stocks and ETFs and month-end closes for the rest of the S&P 500.',
  getFundamentals: 'No fundamentals for {s}: the bundled snapshot has SEC financial statements for S&P 500 companies only.',
  getProfile: 'No profile for {s}.',
  getEtfInfo: 'No ETF information for {s}: holdings exist for SPY, QQQ and IWM, expense ratios and yields for 11 ETFs.',
  getDividends: 'No dividend or split history for {s} in the bundled snapshot.',
};

/**
 * Market data with the fallback chain live → cache → bundled. A fresh cache entry is served without
 * calling the vendor; otherwise the live provider is asked (its answer cached), and if it fails the
 * cached answer is served even when stale, then the bundled snapshot. Every answer says which tier
 * served it (`served_by`), which provider produced it and whether it is stale.
 */
export function createMarketService(deps: MarketServiceDeps): MarketReads {
  const { bundled, live, cache, logger } = deps;
  const mode = live.length > 0 ? 'live' : 'bundled';
  let newestLiveBar: string | null = null;

  async function serve<T>(
    kind: CacheKind,
    capability: Capability,
    key: string,
    call: (p: MarketDataProvider) => Promise<T | null> | undefined,
  ): Promise<WithServed<T> | null> {
    const provider = live.find((p) => typeof p[capability] === 'function');
    if (provider) {
      const cached = cache ? await cache.get<T>(kind, key).catch(() => null) : null;
      if (cached?.fresh) return { ...cached.payload, served_by: 'cache', provider: cached.provider };
      try {
        const data = await call(provider);
        if (data !== null && data !== undefined) {
          await cache?.put(kind, key, provider.id, data).catch((e) => logger.warn({ err: e, kind, key }, 'market cache write failed'));
          return { ...data, served_by: 'live', provider: provider.id };
        }
      } catch (e) {
        logger.warn({ err: e, provider: provider.id, kind, key }, 'live market provider failed; falling back');
      }
      if (cached) return { ...cached.payload, served_by: 'cache', provider: cached.provider, stale: true };
    }
    const data = await call(bundled);
    return data === null || data === undefined ? null : { ...data, served_by: 'bundled', provider: bundled.id };
  }

  /** In live mode the vendors cover (nearly) every listed stock: say so, the snapshot's gaps no longer apply. */
  const liveHas = (c: Capability) => live.some((p) => typeof p[c] === 'function');
  const withLive = (c: Coverage, isEtf: boolean): Coverage =>
    mode === 'bundled'
      ? c
      : {
          ...c,
          quote: c.quote || liveHas('getQuote'),
          history: liveHas('getHistory') ? 'daily' : c.history,
          fundamentals: c.fundamentals || (!isEtf && liveHas('getFundamentals')),
          dividends: c.dividends || liveHas('getDividends'),
        };

  const orNoData = <T>(value: T | null, capability: Exclude<Capability, 'getSplits'>, symbol: string): T => {
    if (value === null) throw new AppError('NO_DATA', missing[capability].replace('{s}', symbol));
    return value;
  };

  async function resolveListing(raw: string) {
    const n = normalizeSymbol(raw);
    if (!n.ok) throw new AppError('INVALID_SYMBOL', n.reason, { field: 'symbol' });
    const listing = await bundled.getListing(n.symbol);
    if (!listing) throw new AppError('UNKNOWN_SYMBOL', `${n.symbol} is not a listed symbol we know.`, { field: 'symbol' });
    return { symbol: n.symbol, listing };
  }

  return {
    mode,
    dataAsOf: () => bundled.dataAsOf(),
    pricesAsOf: () => (mode === 'bundled' ? (bundled.datasetsAsOf()?.prices ?? bundled.dataAsOf()) : newestLiveBar),
    datasetsAsOf: () => bundled.datasetsAsOf(),
    getSectorTable: () => bundled.getSectorTable(),
    getCapmPair: () => deps.readCapmPair?.() ?? Promise.resolve(SNAPSHOT_CAPM_PAIR),
    getSnapshotUniverse: () => bundled.getUniverse(),
    resolveSymbol: async (raw) => (await resolveListing(raw)).symbol,
    async resolveListedSymbol(raw) {
      const { symbol, listing } = await resolveListing(raw);
      if (listing.delisted_on) throw new AppError('DELISTED_SYMBOL', `${symbol} was delisted on ${listing.delisted_on}.`, { field: 'symbol' });
      return symbol;
    },
    async coverage(symbol) {
      const listing = await bundled.getListing(symbol);
      return withLive(listing?.coverage ?? NO_COVERAGE, listing?.type === 'etf');
    },
    listUniverse: () => bundled.listCovered(),
    readStoredUniverse: async () => (await deps.readStoredUniverse?.()) ?? [],
    universeDay: () => `${bundled.dataAsOf()}|${deps.readUniverseVersion?.() ?? ''}`,
    async search(query, limit) {
      const hits = await bundled.search(query, limit);
      const served = mode === 'live' ? hits.map((h) => ({ ...h, coverage: withLive(h.coverage, h.type === 'etf') })) : hits;
      // Whether each hit can be analysed, from the coverage served (the store's listings say which are delisted).
      return served.map((h) => ({ ...h, analysis: describeAnalysability({ ...h, delisted_on: h.analysis?.delisted_on }) }));
    },
    async getQuote(symbol) {
      return orNoData(await serve<Quote>('quote', 'getQuote', symbol, (p) => p.getQuote?.(symbol)), 'getQuote', symbol);
    },
    async getHistory(symbol, range) {
      const h = orNoData(await serve<PriceHistory>('history', 'getHistory', `${symbol}|${range}`, (p) => p.getHistory?.(symbol, range)), 'getHistory', symbol);
      const last = h.served_by === 'bundled' || h.stale ? undefined : h.bars.at(-1)?.date;
      if (last && (newestLiveBar === null || last > newestLiveBar)) newestLiveBar = last;
      return h;
    },
    async getFundamentals(symbol) {
      // The store first: the filings job already read EDGAR for it, and a request should not ask again.
      if (mode === 'live' && (await deps.hasStoredStatements?.(symbol))) {
        const stored = await bundled.getFundamentals?.(symbol);
        if (stored) return { ...stored, served_by: 'bundled', provider: bundled.id };
      }
      return orNoData(await serve<Fundamentals>('fundamentals', 'getFundamentals', symbol, (p) => p.getFundamentals?.(symbol)), 'getFundamentals', symbol);
    },
    async getProfile(symbol) {
      return orNoData(await serve<Profile>('profile', 'getProfile', symbol, (p) => p.getProfile?.(symbol)), 'getProfile', symbol);
    },
    async getEtf(symbol) {
      return orNoData(await serve<EtfInfo>('etf', 'getEtfInfo', symbol, (p) => p.getEtfInfo?.(symbol)), 'getEtfInfo', symbol);
    },
    async getDividends(symbol) {
      const wrap = <T>(list: T[] | null | undefined) => (list ? { list } : null);
      // The span comes from the provider that served the payments: another's span would not describe them.
      const withRecords = async (p: MarketDataProvider, list: Dividend[] | null | undefined) =>
        list ? { list, records: (await p.getDividendRecords?.(symbol)) ?? null } : null;
      const d = await serve<{ list: Dividend[]; records?: DividendRecords | null }>('dividends', 'getDividends', symbol, (p) =>
        p.getDividends?.(symbol).then((list) => withRecords(p, list)),
      );
      const s = await serve<{ list: Split[] }>('splits', 'getSplits', symbol, (p) => p.getSplits?.(symbol).then(wrap));
      if (!d && !s) throw new AppError('NO_DATA', missing.getDividends.replace('{s}', symbol));
      const primary = d ?? s!;
      return {
        symbol,
        dividends: d?.list ?? [],
        records: d?.records ?? null,
        splits: s?.list ?? [],
        served_by: primary.served_by,
        provider: primary.provider,
        ...(primary.stale ? { stale: true } : {}),
      };
    },
  };
}

/** What other features (analyses, copilot, screener) use for market data. */
export type MarketService = ReturnType<typeof createMarketService>;

/** The bundled snapshot alone as a market service, whatever MARKET_PROVIDER says: the track record's backtest re-runs the engines over it. */
export function createSnapshotMarketService(dataDir: string, logger: Logger): MarketService {
  return createMarketService({ bundled: createBundledProvider(dataDir), live: [], cache: null, logger });
}

/** data/QUALITY.md as data:prepare wrote it, read once on first success; NOT_FOUND until it exists. */
export function createQualityReportReader(dataDir: string): () => string {
  let qualityReport: string | undefined;
  return () => {
    const file = join(dataDir, 'QUALITY.md');
    if (qualityReport === undefined && !existsSync(file))
      throw new AppError('NOT_FOUND', 'The data quality report has not been written: run npm run data:prepare.');
    qualityReport ??= readFileSync(file, 'utf8');
    return qualityReport;
  };
}
