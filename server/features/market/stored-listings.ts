import { describeAnalysability } from '../../../core/analysis/runs/analysability.ts';
import type { HistoryRange } from '../../../core/market/ranges.ts';
import { buildListingProfile } from '../../../core/market/listings.ts';
import { lowerBound, rangeStartDate } from '../../../core/market/ranges.ts';
import { buildSearchIndex, type SearchIndex, searchIndex } from '../../../core/market/search.ts';
import { extendDailyBars } from '../../../core/market/stored-bars.ts';
import type { Coverage, PriceHistory, Profile, Quote, SearchHit } from '../../../core/market/types.ts';
import type { CoveredListing } from '../../adapters/market-data/index.ts';
import type { ListingsStore, StoredListing } from './listings-store.ts';
import type { MarketDataStore } from './market-data-store.ts';
import type { StoredSnapshot } from './stored-snapshot.ts';

/** How long a process trusts its copy of the stored listings before asking whether they changed (one index probe). */
const LISTINGS_RECHECK_MS = 60_000;

export interface StoredListingsDeps {
  listings: ListingsStore;
  market: MarketDataStore;
  now: () => Date;
  /**
   * Whether the store holds statements for a symbol the snapshot has none for (the stored statements table of the
   * fundamentals ingestion). Until that is wired, false: a store-only company is analysable by its prices alone.
   */
  hasStoredFundamentals?: (symbol: string) => Promise<boolean>;
}

export interface StoredListingsSnapshot extends StoredSnapshot {
  /** Reloads the stored listings now (after a listings day or a backfill stored something). */
  refreshListings(): Promise<void>;
}

const MATCH_TIER: Record<SearchHit['match'], number> = { symbol: 0, symbol_prefix: 1, name: 1, fuzzy: 2 };
const hasAnyData = (c: Coverage) => c.quote || c.history !== null || c.fundamentals || c.etf || c.dividends;
/** The app's listings are stocks or ETFs; the vendor's other types (ADRs, funds) are shown as stocks. */
const asListingType = (l: StoredListing): 'stock' | 'etf' => (l.type === 'etf' ? 'etf' : 'stock');
const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * The stored snapshot with the stored listings beside it: search covers the snapshot's listings and the store's; a
 * symbol only the store lists resolves, has a profile, and — once its prices are backfilled — daily history and a
 * quote read from market_bars; a delisted one says so; coverage (what the availability check reads) counts what the
 * store holds. Everything else is the stored snapshot's.
 */
export function createStoredListings(inner: StoredSnapshot, deps: StoredListingsDeps): StoredListingsSnapshot {
  const hasStoredFundamentals = deps.hasStoredFundamentals ?? (async () => false);
  let bySymbol = new Map<string, StoredListing>();
  /** Search over the listings the snapshot lacks (the snapshot's own are searched by its own index). */
  let storeOnly: { index: SearchIndex; listings: StoredListing[] } | null = null;
  let version: string | null = null;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let loading: Promise<void> | null = null;

  async function reload(): Promise<void> {
    loading ??= (async () => {
      try {
        const v = await deps.listings.readVersion();
        checkedAt = deps.now().getTime();
        if (v === version) return;
        const rows = await deps.listings.readListings();
        const own = await Promise.all(rows.map((l) => inner.getListing(l.symbol)));
        const only = rows.filter((_, i) => own[i] === null);
        bySymbol = new Map(rows.map((l) => [l.symbol, l]));
        storeOnly =
          only.length === 0
            ? null
            : {
                listings: only,
                index: buildSearchIndex(only.map((l) => ({ symbol: l.symbol, name: l.name, coverage: l.active && l.barsFrom ? 2 : 0 }))),
              };
        version = v;
      } finally {
        loading = null;
      }
    })();
    return loading;
  }

  /** Due for a probe (a minute old), or behind what another reader of the same store has already seen. */
  const isStale = () => deps.now().getTime() - checkedAt > LISTINGS_RECHECK_MS || (deps.listings.readSeenVersion() ?? version) !== version;

  async function readStored(symbol: string): Promise<StoredListing | undefined> {
    if (isStale()) await reload();
    return bySymbol.get(symbol);
  }

  /** What the store adds to a listing's coverage: daily prices once backfilled, statements when stored. */
  async function widen(coverage: Coverage, stored: StoredListing, type: 'stock' | 'etf'): Promise<Coverage> {
    const prices = stored.barsFrom !== null && coverage.history === null;
    const fundamentals = coverage.fundamentals || (type === 'stock' && (await hasStoredFundamentals(stored.symbol)));
    return { ...coverage, quote: coverage.quote || prices, history: prices ? 'daily' : coverage.history, fundamentals };
  }

  const NO_COVERAGE: Coverage = { quote: false, history: null, fundamentals: false, etf: false, dividends: false };

  async function getListing(symbol: string): Promise<CoveredListing | null> {
    const [own, stored] = await Promise.all([inner.getListing(symbol), readStored(symbol)]);
    if (!stored) return own;
    const type = own?.type ?? asListingType(stored);
    const listing: CoveredListing = own ?? { symbol, name: stored.name, exchange: stored.exchange, type, coverage: NO_COVERAGE };
    return { ...listing, coverage: await widen(listing.coverage, stored, type), ...(stored.active ? {} : { delisted_on: stored.delistedOn }) };
  }

  /** A hit as search serves it: the store's coverage and delisting folded in, its analysability stated. */
  async function toHit(hit: SearchHit): Promise<SearchHit> {
    const listing = await getListing(hit.symbol);
    const coverage = listing?.coverage ?? hit.coverage;
    const { symbol, name, exchange, type, match } = hit;
    return { symbol, name, exchange, type, coverage, match, analysis: describeAnalysability({ ...hit, coverage, delisted_on: listing?.delisted_on ?? null }) };
  }

  /** Prices come from the store for a symbol the snapshot has none for and whose backfill stored some. */
  async function readsStoredPrices(symbol: string): Promise<StoredListing | null> {
    const stored = await readStored(symbol);
    if (!stored?.barsFrom) return null;
    const own = await inner.getListing(symbol);
    return own?.coverage.history ? null : stored;
  }

  async function readStoredHistory(symbol: string, range: HistoryRange): Promise<PriceHistory | null> {
    const [bars, splits] = await Promise.all([deps.market.readBars(symbol, null), deps.market.readSplits(symbol)]);
    // Raw bars on today's share basis: every split the store holds moves the bars before it.
    const all = extendDailyBars(
      [],
      null,
      bars,
      splits.map((s) => ({ date: s.exDate, ratio: s.ratio })),
    );
    if (all.length === 0) return null;
    const asOf = all.at(-1)!.date;
    const start = range === 'max' ? null : rangeStartDate(range, asOf);
    const slice =
      start === null
        ? all
        : all.slice(
            lowerBound(
              all.map((b) => b.date),
              start,
            ),
          );
    return { symbol, interval: '1d', adjustment: 'split', bars: slice, source: 'market-store', as_of: asOf };
  }

  return {
    ...inner,
    async preload() {
      await Promise.all([inner.preload(), reload()]);
    },
    refreshListings: async () => {
      checkedAt = Number.NEGATIVE_INFINITY;
      await reload();
    },
    // A new data day may come with new SICs (the EDGAR cycle refreshes the data day after storing them): the listings
    // the profiles are read from are reloaded with it, so the universe rebuilt on the new day sees their sectors.
    async refreshDataDay() {
      checkedAt = Number.NEGATIVE_INFINITY;
      await Promise.all([inner.refreshDataDay(), reload()]);
    },
    getListing,

    async search(query: string, limit: number): Promise<SearchHit[]> {
      if (isStale()) await reload();
      const own = await inner.search(query, limit);
      const only = storeOnly;
      const stored: SearchHit[] = only
        ? searchIndex(only.index, query, limit).map(({ index, match }) => {
            const l = only.listings[index]!;
            return { symbol: l.symbol, name: l.name, exchange: l.exchange, type: asListingType(l), coverage: NO_COVERAGE, match };
          })
        : [];
      const hits = await Promise.all([...own, ...stored].map(toHit));
      // One list: by tier of match, symbols with data before those without; the snapshot's order kept inside (stable sort).
      const rank = (h: SearchHit) => MATCH_TIER[h.match] * 2 + (hasAnyData(h.coverage) && !h.analysis?.delisted_on ? 0 : 1);
      return hits.sort((a, b) => rank(a) - rank(b)).slice(0, limit);
    },

    async getProfile(symbol: string): Promise<Profile | null> {
      const [own, stored] = await Promise.all([inner.getProfile!(symbol), readStored(symbol)]);
      if (own) return own.cik === null && stored?.cik ? { ...own, cik: stored.cik } : own;
      if (!stored) return null;
      // EDGAR's SIC of the filer (stored by the sec-filings cycle) gives the sector and the industry; none: both null.
      return buildListingProfile(
        { symbol, name: stored.name, type: asListingType(stored), exchange: stored.exchange, cik: stored.cik, source: 'massive-reference' },
        stored.sic ? { code: stored.sic, description: stored.sicDescription } : null,
      );
    },

    async getHistory(symbol: string, range: HistoryRange): Promise<PriceHistory | null> {
      return (await readsStoredPrices(symbol)) ? readStoredHistory(symbol, range) : inner.getHistory!(symbol, range);
    },

    async getQuote(symbol: string): Promise<Quote | null> {
      const stored = await readsStoredPrices(symbol);
      if (!stored) return inner.getQuote!(symbol);
      const h = await readStoredHistory(symbol, '1m');
      const last = h?.bars.at(-1);
      if (!h || !last) return null;
      const prev = h.bars.at(-2)?.close ?? null;
      return {
        symbol,
        name: stored.name,
        currency: 'USD',
        price: last.close,
        previous_close: prev,
        change: prev === null ? null : round2(last.close - prev),
        change_percent: prev ? Math.round(((last.close - prev) / prev) * 10_000) / 100 : null,
        change_period: '1d',
        delayed: true,
        source: h.source,
        as_of: last.date,
      };
    },
  };
}
