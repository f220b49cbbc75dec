import type { SectorTable } from '../../../core/analysis/fundamentals/sector-grades.ts';
import { addDays } from '../../../core/market/trading-calendar.ts';
import { adjustDividendsForSplits, extendDailyBars } from '../../../core/market/stored-bars.ts';
import type { Coverage, Dividend, Fundamentals, PriceHistory, Profile } from '../../../core/market/types.ts';
import type { CoveredListing, SnapshotCompany } from '../../adapters/market-data/index.ts';
import type { ListingsStore, StoredListing } from './listings-store.ts';
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
  /** The stored universe's version, asking the store when the last look is over a minute old; null: nothing stored. */
  readUniverseKey(): Promise<string | null>;
}

export interface StoredUniverseDeps {
  listings: ListingsStore;
  market: MarketDataStore;
  sec: SecFactsStore;
  now: () => Date;
  /**
   * The per-day sector table computed off this thread (the universe worker's products), or null where this process
   * computes it (PGlite, the worker itself, or a failed worker).
   */
  readBuiltSectorTable?: () => Promise<{ sectorTable: SectorTable | null } | null>;
}

const STORED_COVERAGE: Coverage = { quote: true, history: 'daily', fundamentals: true, etf: false, dividends: true };
/** Symbols read per round of queries (~50,000 bars: ~0.1 s of the driver's parsing), then a turn for the event loop. */
const READ_CHUNK = 100;

const toCoveredListing = (l: StoredListing): CoveredListing => ({
  symbol: l.symbol,
  name: l.name,
  exchange: l.exchange,
  type: 'stock',
  coverage: STORED_COVERAGE,
});
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The universe (`getUniverse`, `listCovered`, the per-day sector table) over the whole stored market: the snapshot's
 * companies and every active stored stock listing the snapshot does not cover that has stored statements and stored
 * daily bars. Read in bulk, never a query per symbol: one query for the listings and one for which have statements
 * (the members, kept per data day: newest prices day | listings version | statements version); then, per 100
 * members, one query each for their statements, bars and dividends since two years and their splits. With no stored
 * listing or statement it is the inner snapshot's, and asks the store at most once a minute.
 */
export function withStoredUniverse(inner: StoredListingsSnapshot, deps: StoredUniverseDeps): StoredUniverseSnapshot {
  let key: string | null = null;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let checking: Promise<void> | null = null;
  let members: { key: string; load: Promise<StoredListing[]> } | null = null;
  let reading: { key: string; load: Promise<StoredUniverseEntry[]> } | null = null;
  let sectorTable: { key: string; load: Promise<SectorTable | null> } | null = null;
  let sectorKnown: { key: string; load: Promise<boolean> } | null = null;

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

  /** The stored listings that join the universe: active stocks the snapshot does not cover, with bars and statements. */
  async function loadMembers(): Promise<StoredListing[]> {
    const covered = new Set((await inner.listCovered()).map((l) => l.symbol));
    const candidates = (await deps.listings.readListings()).filter((l) => l.active && l.type === 'stock' && l.barsFrom !== null && !covered.has(l.symbol));
    const withStatements = await deps.sec.readStatementSymbols(candidates.map((l) => l.symbol));
    return candidates.filter((l) => withStatements.has(l.symbol));
  }

  async function loadEntries(members: readonly StoredListing[]): Promise<StoredUniverseEntry[]> {
    const newest = members.reduce((d, l) => (l.barsThrough && l.barsThrough > d ? l.barsThrough : d), '');
    const since = addDays(newest || deps.now().toISOString().slice(0, 10), -STORED_UNIVERSE_DAYS);
    const out: StoredUniverseEntry[] = [];
    const readChunk = (chunk: readonly StoredListing[]) => {
      const symbols = chunk.map((l) => l.symbol);
      const read = Promise.all([
        deps.sec.readStatementsOf(symbols),
        deps.market.readBarsOf(symbols, since),
        deps.market.readSplitsOf(symbols),
        deps.market.readDividendsOf(symbols, since),
      ]);
      // Awaited in the next round; a failure must not count as unhandled if this round throws first.
      read.catch(() => {});
      return read;
    };
    let next = members.length > 0 ? readChunk(members.slice(0, READ_CHUNK)) : null;
    for (let i = 0; i < members.length; i += READ_CHUNK) {
      // A turn for the event loop between chunks: parsing one chunk's bars is ~1 s of CPU at 500 symbols × 2 years.
      if (i > 0) await yieldToEventLoop();
      const chunk = members.slice(i, i + READ_CHUNK);
      const [statements, bars, splits, dividends] = await next!;
      // The next round is asked for now, so PostgreSQL's side of it runs while this one becomes entries (~5 s of a
      // whole market's read is the server's; bench/market-scale.bench.ts figure 3).
      next = i + READ_CHUNK < members.length ? readChunk(members.slice(i + READ_CHUNK, i + 2 * READ_CHUNK)) : null;
      for (const l of chunk) {
        const document = statements.get(l.symbol)?.document;
        const ownSplits = (splits.get(l.symbol) ?? []).map((s) => ({ date: s.exDate, ratio: s.ratio }));
        const adjusted = extendDailyBars([], null, bars.get(l.symbol) ?? [], ownSplits);
        if (!document || adjusted.length === 0) continue;
        // The snapshot's profile where it has one (sector and industry known), else the listing's (buildListingProfile).
        const profile = await inner.getProfile!(l.symbol);
        if (!profile) continue;
        const divs = (dividends.get(l.symbol) ?? []).map((d) => ({ ex_date: d.exDate, amount: d.cashAmount, pay_date: d.payDate, source: d.source }));
        out.push({
          listing: toCoveredListing(l),
          profile: { ...profile, type: 'stock' },
          history: { symbol: l.symbol, interval: '1d', adjustment: 'split', bars: adjusted, source: 'market-store', as_of: adjusted.at(-1)!.date },
          fundamentals: document,
          dividends: adjustDividendsForSplits(divs, ownSplits),
          etf: null,
        });
      }
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

  async function readMembers(): Promise<StoredListing[]> {
    const k = await readKey();
    if (k === null) return [];
    return cached(members, k, loadMembers, (s) => {
      members = s;
    });
  }

  /**
   * Shared while in flight, not kept after: at a whole market the entries are ~1.4 GB of heap (2.9 M bars, 5,656
   * statements; bench/stored-universe.bench.ts), and their readers keep what they compute from them.
   */
  async function readStoredUniverse(): Promise<StoredUniverseEntry[]> {
    const k = await readKey();
    if (k === null) return [];
    if (reading?.key !== k) {
      const next = { key: k, load: readMembers().then(loadEntries) };
      reading = next;
      next.load.then(
        () => {
          if (reading === next) reading = null;
        },
        () => {
          if (reading === next) reading = null;
        },
      );
    }
    return reading.load;
  }

  async function getUniverse(): Promise<SnapshotCompany[]> {
    const k = await readKey();
    if (k === null) return inner.getUniverse();
    const [own, stored] = await Promise.all([inner.getUniverse(), readStoredUniverse()]);
    if (stored.length === 0) return own;
    const more = stored.map((e) => ({
      profile: e.profile,
      fundamentals: e.fundamentals,
      closes: { dates: e.history.bars.map((b) => b.date), close: Float64Array.from(e.history.bars, (b) => b.close) },
    }));
    return [...own, ...more];
  }

  async function listCovered(): Promise<CoveredListing[]> {
    const [own, stored] = await Promise.all([inner.listCovered(), readMembers()]);
    if (stored.length === 0) return own;
    return [...own, ...stored.map(toCoveredListing)].sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
  }

  /** The per-day sector table with the stored companies that have a sector among the snapshot's. */
  async function getSectorTable(): Promise<SectorTable | null> {
    const k = await readKey();
    if (k === null) return inner.getSectorTable();
    // A company without a sector enters no sector's distribution: the inner table is the same without a rebuild.
    // Asked once per data day: every analysis reads the sector table.
    const anySector = await cached(
      sectorKnown,
      k,
      async () => (await Promise.all((await readMembers()).map((l) => inner.getProfile!(l.symbol)))).some((p) => p?.sector),
      (s) => {
        sectorKnown = s;
      },
    );
    if (!anySector) return inner.getSectorTable();
    const built = await deps.readBuiltSectorTable?.();
    if (built) return built.sectorTable;
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
    readUniverseKey: readKey,
    readUniverseVersion() {
      if (deps.now().getTime() - checkedAt > STORED_RECHECK_MS && !checking) recheck().catch(() => {});
      return key ?? '';
    },
  };
}
