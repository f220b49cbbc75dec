import type { Dividend, EtfInfo, Fundamentals, PriceHistory, Profile } from '../../../core/market/types.ts';
import type { CoveredListing } from '../../adapters/market-data/index.ts';
import { isAppError } from '../../lib/errors.ts';
import type { MarketService } from './market-service.ts';

/** One covered symbol with everything a cross-sectional reader (screener rows, sector peers) reads of it. */
export interface UniverseEntry {
  listing: CoveredListing;
  profile: Profile;
  /** The whole history (`max`): daily bars, or month-end closes where the snapshot has only those. */
  history: PriceHistory | null;
  /** Statements of a stock (null for an ETF or without statements). */
  fundamentals: Fundamentals | null;
  dividends: Dividend[];
  etf: EtfInfo | null;
}

/**
 * The universe read once per process and shared: the screener's table and the scorecards' sector peers
 * both come from it, so the snapshot is walked once however many features ask.
 */
export interface UniverseRead {
  /**
   * Every covered symbol with a profile, by symbol. A read in flight or done is shared until the data day
   * changes; with `maxAgeMs` (live data), one that began longer ago than that is replaced by a new read.
   */
  read(options?: { maxAgeMs?: number | null }): Promise<UniverseEntry[]>;
}

/**
 * Symbols loaded at once. Live vendors are asked only when the market cache has nothing fresh (history 6 h,
 * statements a day), and then few at a time: SEC EDGAR allows about ten requests a second.
 */
const LOAD_CONCURRENCY = { bundled: 8, live: 3 } as const;

/** A figure the data does not have is left out, not an error. */
export async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (e) {
    if (isAppError(e) && e.code === 'NO_DATA') return null;
    throw e;
  }
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

/** One symbol as an analysis of it would read it today: through the market service's fallback chain. */
async function readEntry(market: MarketService, listing: CoveredListing): Promise<UniverseEntry | null> {
  const { symbol } = listing;
  const profile = await orNull(() => market.getProfile(symbol));
  if (!profile) return null;
  const [history, fundamentals, dividends, etf] = await Promise.all([
    listing.coverage.history ? orNull(() => market.getHistory(symbol, 'max')) : null,
    listing.coverage.fundamentals && profile.type === 'stock' ? orNull(() => market.getFundamentals(symbol)) : null,
    listing.coverage.dividends ? orNull(() => market.getDividends(symbol)) : null,
    listing.coverage.etf ? orNull(() => market.getEtf(symbol)) : null,
  ]);
  return { listing, profile, history, fundamentals, dividends: dividends?.dividends ?? [], etf };
}

async function readUniverse(market: MarketService): Promise<UniverseEntry[]> {
  // The companies only the store has come read in bulk (stored-universe.ts), never one query per symbol.
  const [listings, stored] = await Promise.all([market.listUniverse(), market.readStoredUniverse?.() ?? []]);
  const bulk = new Map<string, UniverseEntry>(stored.map((e) => [e.listing.symbol, e]));
  const entries = await mapWithLimit(listings, LOAD_CONCURRENCY[market.mode], async (listing) => bulk.get(listing.symbol) ?? readEntry(market, listing));
  return entries.filter((e) => e !== null);
}

/**
 * `readers`: how many features read the universe once per data day (the screener's table and the scorecards'
 * peers). Once that many have been handed the read, it is let go: what they computed from it (a columnar table,
 * peer scores) is what they keep, and every symbol's whole history as price-bar objects (~30 MB for the
 * snapshot's 526 symbols, gigabytes for a whole market) no longer stays in the process for the rest of the day.
 * A reader that comes back the same day walks again. Unset: kept until the data day changes.
 */
export function createUniverseRead(market: MarketService, now: () => Date = () => new Date(), options: { readers?: number } = {}): UniverseRead {
  const readers = options.readers ?? Number.POSITIVE_INFINITY;
  let last: { startedAt: number; dataDay: string; entries: Promise<UniverseEntry[]> | null; reads: number } | null = null;
  return {
    read({ maxAgeMs = null } = {}) {
      const at = now().getTime();
      // A new data day (ingestion stored one) makes every entry's history one day short: read again.
      // …and a stored company added or refiled (stored-universe.ts) changes the universe itself.
      const dataDay = market.universeDay?.() ?? market.dataAsOf();
      if (!last || last.entries === null || last.dataDay !== dataDay || (maxAgeMs !== null && at - last.startedAt > maxAgeMs)) {
        const entries = readUniverse(market);
        const current = { startedAt: at, dataDay, entries: entries as Promise<UniverseEntry[]> | null, reads: 0 };
        last = current;
        // A failed read is not kept: the next caller tries again.
        entries.catch(() => {
          if (last === current) last = null;
        });
      }
      const entries = last.entries!;
      if (++last.reads >= readers) last.entries = null;
      return entries;
    },
  };
}

// Scoring is synchronous: yielding between symbols keeps requests flowing while a whole universe is scored.
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `work` over every item in order (a universe's symbols), giving the event loop a turn between items. */
export async function mapYielding<T, R>(items: readonly T[], work: (item: T) => R): Promise<R[]> {
  const out: R[] = [];
  for (const item of items) {
    out.push(work(item));
    await yieldToEventLoop();
  }
  return out;
}
