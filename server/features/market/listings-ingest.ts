import type { IngestRefusal } from '../../../core/market/ingest-validation.ts';
import { MIN_ACTIVE_LISTINGS, mergeListings } from '../../../core/market/listings.ts';
import { addDays, toNewYorkTime } from '../../../core/market/trading-calendar.ts';
import type { ListingsVendor, SnapshotProvider } from '../../adapters/market-data/index.ts';
import type { Logger } from '../../lib/logger.ts';
import type { ListingsStore } from './listings-store.ts';

export interface ListingsOutcome {
  day: string;
  outcome: 'stored' | 'already stored' | 'held by another process' | 'refused' | 'failed';
  /** Listings inserted or changed. */
  stored: number;
  /** Listed symbols gone from the vendor's active list today, marked delisted. */
  delisted: number;
  refused: number;
  detail: string | null;
}

export interface BackfillOutcome {
  symbol: string;
  outcome: 'stored' | 'no bars yet' | 'refused' | 'failed';
  bars: number;
  refused: number;
  detail: string | null;
}

interface ListingsIngestDeps {
  store: ListingsStore;
  vendor: ListingsVendor;
  /** The bundled snapshot: the symbols it has prices for need no backfill; its last day bounds one when nothing was ingested. */
  snapshot: SnapshotProvider;
  /** The newest market day ingested (the market-data store's prices), or null: a backfill runs through it, not past it. */
  readNewestPricesDay: () => Promise<string | null>;
  now: () => Date;
  logger: Logger;
  /** After listings or backfilled bars were stored: the process reloads its listings. */
  onListingsChanged?: () => Promise<void>;
  leaseMs?: number;
  /** The floor of a whole active list (MIN_ACTIVE_LISTINGS; tests with a small market lower it). */
  minActiveListings?: number;
  /** Symbols one cycle backfills at most. */
  backfillPerCycle?: number;
  /** Years of daily bars a backfill asks for. */
  backfillYears?: number;
}

const DEFAULT_LEASE_MS = 10 * 60_000;
/** 200 symbols, two vendor calls each, every 15 minutes: the first run's ~9,000 listings the snapshot has no prices for take ~11 hours. */
export const BACKFILL_PER_CYCLE = 200;
/** Five years of daily bars (~1,260): the 200-day average and a year's range with room, and a DCF's price history. */
export const BACKFILL_YEARS = 5;
/** A listing with no bars yet (announced, not trading) is asked again a day later. */
const NO_BARS_RETRY_MS = 24 * 3600_000;

/**
 * Listings ingestion: once a day (claimed once across processes) the price vendor's active and delisted US stocks and
 * ETFs joined with the SEC's ticker→CIK directory; then, a bounded number per cycle, the daily price history of active
 * listings the bundled snapshot has no prices for, stored as raw bars in market_bars.
 */
export function createListingsIngest(deps: ListingsIngestDeps) {
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  const snapshotPricesDay = deps.snapshot.datasetsAsOf()?.prices ?? deps.snapshot.dataAsOf();
  const toRefusals = (refused: readonly IngestRefusal[]) => refused.map((r) => ({ key: r.key, code: r.code, reason: r.reason }));

  /** The listings day: New York's calendar day (the lists change overnight, trading day or not). */
  const today = () => toNewYorkTime(deps.now().getTime()).day;

  async function refreshListings(options: { day?: string } = {}): Promise<ListingsOutcome> {
    const onDay = options.day ?? today();
    const base = { day: onDay, stored: 0, delisted: 0, refused: 0, detail: null };
    const claim = await deps.store.claimDay(onDay, deps.now(), leaseMs);
    if (!claim.claimed) return { ...base, outcome: claim.status === 'done' ? 'already stored' : 'held by another process' };
    let lists: Awaited<ReturnType<ListingsVendor['fetchListings']>>;
    let directory: Awaited<ReturnType<NonNullable<ListingsVendor['fetchTickerDirectory']>>> | null;
    try {
      lists = await deps.vendor.fetchListings();
      directory = deps.vendor.fetchTickerDirectory ? await deps.vendor.fetchTickerDirectory() : null;
    } catch (e) {
      // The lease stays: the day is retried when it runs out, not by every process at once.
      deps.logger.warn({ err: e, day: onDay, vendor: deps.vendor.id }, 'listings ingest: a vendor failed; the day is retried later');
      return { ...base, outcome: 'failed', detail: (e as Error).message };
    }
    const vendorRefused = [...lists.active.refused, ...lists.delisted.refused, ...(directory?.refused ?? [])];
    const whole = lists.active.wholeAnswerRefused ?? lists.delisted.wholeAnswerRefused ?? directory?.wholeAnswerRefused ?? null;
    const merged = whole
      ? null
      : mergeListings({
          day: onDay,
          active: lists.active.accepted,
          delisted: lists.delisted.accepted,
          directory: directory?.accepted ?? null,
          previouslyActive: await deps.store.readActiveSymbols(),
          minActive: deps.minActiveListings ?? MIN_ACTIVE_LISTINGS,
        });
    const refusals = toRefusals([...vendorRefused, ...(merged?.refused ?? [])]);
    const wholeReason = whole ?? merged?.wholeAnswerRefused ?? null;
    if (wholeReason !== null || !merged) {
      const reason = wholeReason ?? 'refused';
      await deps.store.refuseDay(onDay, reason, refusals, deps.now());
      deps.logger.warn({ day: onDay, reason }, 'listings ingest: the answer was refused whole; nothing stored, nobody delisted');
      return { ...base, outcome: 'refused', refused: refusals.length, detail: reason };
    }
    const { stored, delisted } = await deps.store.completeDay(
      onDay,
      { listings: merged.listings, goneFromActive: merged.goneFromActive, refusals },
      deps.now(),
    );
    if (refusals.length > 0) deps.logger.warn({ day: onDay, refused: refusals.length, first: refusals[0] }, 'listings ingest: items refused');
    if (stored > 0 || delisted > 0) await deps.onListingsChanged?.();
    return { ...base, outcome: 'stored', stored, delisted, refused: refusals.length };
  }

  /** Symbols the bundled snapshot has prices for: the record for their days, never backfilled. */
  let snapshotPriced: Promise<string[]> | null = null;
  const listSnapshotPriced = () => {
    snapshotPriced ??= deps.snapshot.listCovered().then((ls) => ls.filter((l) => l.coverage.history !== null).map((l) => l.symbol));
    return snapshotPriced;
  };

  /**
   * One cycle's backfill: up to `backfillPerCycle` listings, each symbol's splits and raw daily bars over the last
   * `backfillYears` through the newest ingested market day (or the snapshot's last), checked as a series and stored in
   * one transaction. A vendor failure leaves the symbol's lease to run out (retried later); no bars yet, a day later.
   */
  async function backfillPrices(): Promise<BackfillOutcome[]> {
    const through = (await deps.readNewestPricesDay()) ?? snapshotPricesDay;
    const from = addDays(through, -Math.round(365.25 * (deps.backfillYears ?? BACKFILL_YEARS)));
    const claimed = await deps.store.claimBackfill(deps.backfillPerCycle ?? BACKFILL_PER_CYCLE, await listSnapshotPriced(), deps.now(), leaseMs);
    const outcomes: BackfillOutcome[] = [];
    for (const { symbol } of claimed) {
      const base = { symbol, bars: 0, refused: 0, detail: null };
      let answer: Awaited<ReturnType<ListingsVendor['fetchPriceHistory']>>;
      try {
        answer = await deps.vendor.fetchPriceHistory(symbol, from, through);
      } catch (e) {
        deps.logger.warn({ err: e, symbol, vendor: deps.vendor.id }, 'listings backfill: the vendor failed; the symbol is retried later');
        outcomes.push({ ...base, outcome: 'failed', detail: (e as Error).message });
        continue;
      }
      const refusals = toRefusals([...answer.bars.refused, ...answer.splits.refused]);
      if (answer.bars.wholeAnswerRefused !== null) {
        await deps.store.postponeBackfill(symbol, new Date(deps.now().getTime() + leaseMs));
        outcomes.push({ ...base, outcome: 'refused', refused: refusals.length, detail: answer.bars.wholeAnswerRefused });
        continue;
      }
      if (answer.bars.accepted.length === 0) {
        await deps.store.postponeBackfill(symbol, new Date(deps.now().getTime() + NO_BARS_RETRY_MS));
        outcomes.push({ ...base, outcome: 'no bars yet', refused: refusals.length });
        continue;
      }
      const bars = answer.bars.accepted.map((b) => ({
        symbol,
        date: b.date,
        open: b.open,
        high: b.high,
        low: b.low,
        close: b.close,
        volume: b.volume,
        source: deps.vendor.id,
      }));
      const splits = answer.splits.accepted.map((s) => ({ symbol, exDate: s.date, ratio: s.ratio, source: deps.vendor.id }));
      await deps.store.completeBackfill(symbol, { bars, splits, refusals, through }, deps.now());
      outcomes.push({ ...base, outcome: 'stored', bars: bars.length, refused: refusals.length });
    }
    if (outcomes.some((o) => o.outcome === 'stored')) await deps.onListingsChanged?.();
    return outcomes;
  }

  /** One cycle: the listings day when it is not done yet, then one bounded round of backfill. */
  async function refresh(options: { day?: string } = {}): Promise<{ listings: ListingsOutcome; backfill: BackfillOutcome[] }> {
    const listings = await refreshListings(options);
    const backfill = await backfillPrices();
    return { listings, backfill };
  }

  return { refresh, refreshListings, backfillPrices };
}

export type ListingsIngest = ReturnType<typeof createListingsIngest>;
