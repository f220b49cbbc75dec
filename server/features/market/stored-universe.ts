import type { SectorTable } from '../../../core/analysis/fundamentals/sector-grades.ts';
import { addDays } from '../../../core/market/trading-calendar.ts';
import { adjustDividendsForSplits, extendDailyBars } from '../../../core/market/stored-bars.ts';
import type { Coverage, Dividend, Fundamentals, PriceHistory, Profile } from '../../../core/market/types.ts';
import type { CoveredListing, SnapshotCompany } from '../../adapters/market-data/index.ts';
import type { ListingsStore } from './listings-store.ts';
import type { MarketDataStore } from './market-data-store.ts';
import type { SecFactsStore } from './sec-facts-store.ts';
import type { StoredListingsSnapshot } from './stored-listings.ts';
import { buildStoredSectorTable } from './stored-sector-table.ts';

/** How long a process trusts its idea of what is stored before asking again (three index probes). */
const STORED_RECHECK_MS = 60_000;
/**
 * Bars read per company: the longest window a screener row reads (1-year return and beta, the 200-day average, the
 * 1-year sparkline) and the scorecards' price at the latest annual report (filed within ~15 months).
 */
const STORED_UNIVERSE_DAYS = 2 * 366;

/** A company only the store has, with everything the screener's row and the sector peers read of it. */
export interface StoredUniverseEntry {
  listing: CoveredListing;
  profile: Profile;
  /** Daily bars of the last two years, raw bars on today's split basis. */
  history: PriceHistory;
  fundamentals: Fundamentals;
  dividends: Dividend[];
  etf: null;
}

export interface StoredUniverseSnapshot extends StoredListingsSnapshot {
  /** The companies only the store has (empty with nothing stored): read in bulk, once per data day. */
  readStoredUniverse(): Promise<StoredUniverseEntry[]>;
  /**
   * What the universe was last known to be built on (prices day | listings version | statements version; '' with
   * nothing stored). Synchronous, for the readers' "is my table current" check; a stale idea starts a recheck in
   * the background, so a new listing or statement reaches the screener and the peers within a minute.
   */
  readUniverseVersion(): string;
}

export interface StoredUniverseDeps {
  listings: ListingsStore;
  market: MarketDataStore;
  sec: SecFactsStore;
  now: () => Date;
}

const STORED_COVERAGE: Coverage = { quote: true, history: 'daily', fundamentals: true, etf: false, dividends: true };

/**
 * The universe (`getUniverse`, `listCovered`, the per-day sector table) over the whole stored market: the snapshot's
 * companies and every active stored stock listing the snapshot does not cover that has stored statements and stored
 * daily bars. Read in bulk — one query for the listings, one for their statements, one each for their bars, splits
 * and dividends since two years — and kept per data day (newest prices day | listings version | statements
 * version). With no stored listing or statement it is the inner snapshot's, and asks the store at most once a minute.
 */
export function withStoredUniverse(inner: StoredListingsSnapshot, deps: StoredUniverseDeps): StoredUniverseSnapshot {
  let key: string | null = null;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let checking: Promise<void> | null = null;
  let entries: { key: string; load: Promise<StoredUniverseEntry[]> } | null = null;
  let universe: { key: string; load: Promise<SnapshotCompany[]> } | null = null;
  let sectorTable: { key: string; load: Promise<SectorTable | null> } | null = null;

  async function recheck(): Promise<void> {
    checking ??= (async () => {
      try {
        const [prices, listings, statements] = await Promise.all([
          deps.market.readNewestDay('prices'),
          deps.listings.readVersion(),
          deps.sec.readStatementsDay(),
        ]);
        checkedAt = deps.now().getTime();
        // Nothing to add without a stored listing and a stored statement: the snapshot's universe as it is.
        key = listings === null || statements.version === null ? null : `${prices}|${listings}|${statements.version}`;
      } finally {
        checking = null;
      }
    })();
    return checking;
  }

  async function readKey(): Promise<string | null> {
    if (deps.now().getTime() - checkedAt > STORED_RECHECK_MS) await recheck();
    return key;
  }

  async function loadEntries(): Promise<StoredUniverseEntry[]> {
    const covered = new Set((await inner.listCovered()).map((l) => l.symbol));
    const candidates = (await deps.listings.readListings()).filter((l) => l.active && l.type === 'stock' && l.barsFrom !== null && !covered.has(l.symbol));
    if (candidates.length === 0) return [];
    const statements = await deps.sec.readStatementsOf(candidates.map((l) => l.symbol));
    const withStatements = candidates.filter((l) => statements.has(l.symbol));
    if (withStatements.length === 0) return [];
    const symbols = withStatements.map((l) => l.symbol);
    const newest = withStatements.reduce((d, l) => (l.barsThrough && l.barsThrough > d ? l.barsThrough : d), '');
    const since = addDays(newest || deps.now().toISOString().slice(0, 10), -STORED_UNIVERSE_DAYS);
    const [bars, splits, dividends] = await Promise.all([
      deps.market.readBarsOf(symbols, since),
      deps.market.readSplitsOf(symbols),
      deps.market.readDividendsOf(symbols, since),
    ]);
    const out: StoredUniverseEntry[] = [];
    for (const l of withStatements) {
      const ownSplits = (splits.get(l.symbol) ?? []).map((s) => ({ date: s.exDate, ratio: s.ratio }));
      const adjusted = extendDailyBars([], null, bars.get(l.symbol) ?? [], ownSplits);
      if (adjusted.length === 0) continue;
      // The snapshot's profile where it has one (a listing it knows without prices: sector and industry known), else the listing's.
      const profile = await inner.getProfile!(l.symbol);
      if (!profile) continue;
      const listing: CoveredListing = { symbol: l.symbol, name: l.name, exchange: l.exchange, type: 'stock', coverage: STORED_COVERAGE };
      const divs = (dividends.get(l.symbol) ?? []).map((d) => ({ ex_date: d.exDate, amount: d.cashAmount, pay_date: d.payDate, source: d.source }));
      out.push({
        listing,
        profile: { ...profile, type: 'stock' },
        history: { symbol: l.symbol, interval: '1d', adjustment: 'split', bars: adjusted, source: 'market-store', as_of: adjusted.at(-1)!.date },
        fundamentals: statements.get(l.symbol)!.document,
        dividends: adjustDividendsForSplits(divs, ownSplits),
        etf: null,
      });
    }
    return out;
  }

  /** Kept per data day; a failed read is not kept (the next caller tries again). */
  function cached<T>(
    slot: { key: string; load: Promise<T> } | null,
    k: string,
    load: () => Promise<T>,
    set: (s: { key: string; load: Promise<T> } | null) => void,
  ) {
    if (slot?.key === k) return slot.load;
    const next = { key: k, load: load() };
    set(next);
    next.load.catch(() => set(null));
    return next.load;
  }

  async function readStoredUniverse(): Promise<StoredUniverseEntry[]> {
    const k = await readKey();
    if (k === null) return [];
    return cached(entries, k, loadEntries, (s) => {
      entries = s;
    });
  }

  async function getUniverse(): Promise<SnapshotCompany[]> {
    const k = await readKey();
    if (k === null) return inner.getUniverse();
    return cached(
      universe,
      k,
      async () => {
        const [own, stored] = await Promise.all([inner.getUniverse(), readStoredUniverse()]);
        if (stored.length === 0) return own;
        const more = stored.map((e) => ({
          profile: e.profile,
          fundamentals: e.fundamentals,
          closes: { dates: e.history.bars.map((b) => b.date), close: Float64Array.from(e.history.bars, (b) => b.close) },
        }));
        return [...own, ...more];
      },
      (s) => {
        universe = s;
      },
    );
  }

  async function listCovered(): Promise<CoveredListing[]> {
    const [own, stored] = await Promise.all([inner.listCovered(), readStoredUniverse()]);
    if (stored.length === 0) return own;
    return [...own, ...stored.map((e) => e.listing)].sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
  }

  /** The per-day sector table with the stored companies that have a sector among the snapshot's. */
  async function getSectorTable(): Promise<SectorTable | null> {
    const k = await readKey();
    if (k === null) return inner.getSectorTable();
    const stored = await readStoredUniverse();
    // A company without a sector enters no sector's distribution: the inner table is the same without a rebuild.
    if (!stored.some((e) => e.profile.sector)) return inner.getSectorTable();
    return cached(
      sectorTable,
      k,
      async () => {
        const [companies, covered, spy] = await Promise.all([getUniverse(), listCovered(), inner.getHistory!('SPY', 'max')]);
        const day = companies.reduce((d, c) => {
          const last = c.closes?.dates.at(-1);
          return last && last > d ? last : d;
        }, inner.dataAsOf());
        return buildStoredSectorTable(companies, covered, spy, day);
      },
      (s) => {
        sectorTable = s;
      },
    );
  }

  return {
    ...inner,
    async refreshDataDay() {
      await Promise.all([inner.refreshDataDay(), recheck()]);
    },
    async refreshListings() {
      await Promise.all([inner.refreshListings(), recheck()]);
    },
    async preload() {
      await Promise.all([inner.preload(), recheck()]);
    },
    getUniverse,
    listCovered,
    getSectorTable,
    readStoredUniverse,
    readUniverseVersion() {
      if (deps.now().getTime() - checkedAt > STORED_RECHECK_MS && !checking) recheck().catch(() => {});
      return key ?? '';
    },
  };
}
