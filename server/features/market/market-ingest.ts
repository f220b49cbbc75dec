import { addDays, findLastCompletedTradingDay, isTradingDay } from '../../../core/market/trading-calendar.ts';
import type { IngestRefusal, PreviousClose } from '../../../core/market/ingest-validation.ts';
import type { IngestVendor } from '../../adapters/market-data/index.ts';
import type { SnapshotProvider } from '../../adapters/market-data/index.ts';
import type { Logger } from '../../lib/logger.ts';
import type { IngestDataset, MarketDataStore } from './market-data-store.ts';

export type { IngestVendor, VendorDay } from '../../adapters/market-data/index.ts';

/** What one step read from the vendor: refused as a whole, or items to store (and those refused). */
interface VendorStep {
  wholeAnswerRefused: string | null;
  refused: IngestRefusal[];
  /** Stores the accepted items with the refusals in one transaction; the count stored. */
  store: () => Promise<number>;
}

export interface DayOutcome {
  dataset: IngestDataset;
  day: string;
  outcome: 'stored' | 'already stored' | 'held by another process' | 'refused' | 'failed' | 'not a trading day';
  stored: number;
  skipped: number;
  refused: number;
  detail: string | null;
}

interface MarketIngestDeps {
  store: MarketDataStore;
  vendor: IngestVendor;
  /** The bundled snapshot: the last closes the first ingested day is checked against, and where ingestion starts. */
  snapshot: SnapshotProvider;
  now: () => Date;
  logger: Logger;
  /** After a day is stored: refresh the data day and the caches keyed by it. */
  onNewDataDay?: () => Promise<void>;
  /** How long a claimed day is ours before another process may take it over (a killed run). */
  leaseMs?: number;
  /** Days one cycle catches up at most (a backfill after a long outage goes on in the next cycles). */
  maxDaysPerCycle?: number;
}

const DEFAULT_LEASE_MS = 10 * 60_000;
const DEFAULT_MAX_DAYS = 30;

/**
 * Scheduled ingestion: for each US trading day after the newest stored one, up to the last completed trading day,
 * the whole market's bars (one vendor call a day) and that day's corporate actions. Each day is claimed once across
 * processes, validated, and stored in one transaction — or refused with its reasons and retried on a later cycle.
 * Re-running a stored day changes nothing.
 */
export function createMarketIngest(deps: MarketIngestDeps) {
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  const snapshotPricesDay = deps.snapshot.datasetsAsOf()?.prices ?? deps.snapshot.dataAsOf();

  /** Each symbol's close before `day`: the store's newest, else the snapshot's last. */
  async function readPreviousCloses(day: string): Promise<Map<string, PreviousClose>> {
    const stored = await deps.store.readLastCloses(day);
    if (day <= snapshotPricesDay) return stored;
    // The snapshot's last close of every symbol with prices (a quote is its last bar: no statements are read).
    const closes = new Map<string, PreviousClose>();
    for (const l of await deps.snapshot.listCovered()) {
      if (!l.coverage.history) continue;
      const q = await deps.snapshot.getQuote?.(l.symbol);
      if (q) closes.set(l.symbol, { date: q.as_of, close: q.price });
    }
    for (const [symbol, close] of stored) closes.set(symbol, close);
    return closes;
  }

  /**
   * One dataset's day: claimed once across processes, read from the vendor, then refused as a whole (nothing stored,
   * retried on a later cycle) or stored with its item refusals in one transaction. A failed call keeps the lease, so
   * the day is retried when it runs out rather than hammered by every process at once.
   */
  async function ingestStep(dataset: IngestDataset, day: string, read: () => Promise<VendorStep>): Promise<DayOutcome> {
    const base = { dataset, day, stored: 0, skipped: 0, refused: 0, detail: null };
    const claim = await deps.store.claimDay(dataset, day, deps.now(), leaseMs);
    if (!claim.claimed) return { ...base, outcome: claim.status === 'done' ? 'already stored' : 'held by another process' };
    let step: VendorStep;
    try {
      step = await read();
    } catch (e) {
      deps.logger.warn({ err: e, day, dataset, vendor: deps.vendor.id }, 'market ingest: the vendor failed; the day is retried later');
      return { ...base, outcome: 'failed', detail: (e as Error).message };
    }
    if (step.wholeAnswerRefused !== null) {
      await deps.store.refuseDay(dataset, day, step.wholeAnswerRefused, step.refused, deps.now());
      deps.logger.warn({ day, dataset, reason: step.wholeAnswerRefused }, 'market ingest: the vendor answer was refused; nothing stored');
      return { ...base, outcome: 'refused', refused: step.refused.length, detail: step.wholeAnswerRefused };
    }
    const stored = await step.store();
    if (step.refused.length > 0) deps.logger.warn({ day, dataset, refused: step.refused.length, first: step.refused[0] }, 'market ingest: items refused');
    return { ...base, outcome: 'stored', stored, refused: step.refused.length };
  }

  async function ingestPricesDay(day: string): Promise<DayOutcome> {
    if (!isTradingDay(day))
      return { dataset: 'prices', day, stored: 0, skipped: 0, refused: 0, outcome: 'not a trading day', detail: 'the exchange was closed' };
    return ingestStep('prices', day, async () => {
      const splits = (await deps.store.readSplitsOn(day)).map((s) => ({ symbol: s.symbol, date: s.exDate, ratio: s.ratio }));
      const answer = await deps.vendor.fetchDailyBars(day, { previousCloses: await readPreviousCloses(day), splits });
      const bars = answer.accepted.map((b) => ({ ...b, source: deps.vendor.id }));
      return {
        wholeAnswerRefused: answer.wholeAnswerRefused,
        refused: answer.refused,
        store: async () => {
          await deps.store.completePricesDay(day, { bars, refusals: answer.refused, skipped: 0 }, deps.now());
          return bars.length;
        },
      };
    });
  }

  function ingestCorporateActionsDay(day: string): Promise<DayOutcome> {
    return ingestStep('corporate_actions', day, async () => {
      const answer = await deps.vendor.fetchCorporateActions(day);
      const refused = [...answer.splits.refused, ...answer.dividends.refused];
      const source = deps.vendor.id;
      const splits = answer.splits.accepted.map((x) => ({ symbol: x.symbol, exDate: x.date, ratio: x.ratio, source }));
      const dividends = answer.dividends.accepted.map((x) => ({ symbol: x.symbol, exDate: x.ex_date, payDate: x.pay_date, cashAmount: x.amount, source }));
      return {
        wholeAnswerRefused: answer.splits.wholeAnswerRefused ?? answer.dividends.wholeAnswerRefused,
        refused,
        store: async () => {
          await deps.store.completeCorporateActionsDay(day, { splits, dividends, refusals: refused, skipped: 0 }, deps.now());
          return splits.length + dividends.length;
        },
      };
    });
  }

  /** The trading days after the newest stored one (or the snapshot's last), through the last completed one. */
  async function listDaysToIngest(): Promise<string[]> {
    const newest = (await deps.store.readNewestDay('prices')) ?? snapshotPricesDay;
    const last = findLastCompletedTradingDay(deps.now().getTime());
    const days: string[] = [];
    for (let d = addDays(newest, 1); d <= last && days.length < (deps.maxDaysPerCycle ?? DEFAULT_MAX_DAYS); d = addDays(d, 1))
      if (isTradingDay(d)) days.push(d);
    return days;
  }

  /**
   * One cycle: the given day, or every day still missing. Corporate actions go first, so a split on the day is known
   * before the day's bars are checked against the previous close. A day that fails stops the cycle: later days wait
   * for it (the data day only moves forward without holes).
   */
  async function refresh(options: { day?: string } = {}): Promise<DayOutcome[]> {
    const days = options.day ? [options.day] : await listDaysToIngest();
    const outcomes: DayOutcome[] = [];
    for (const day of days) {
      const actions = isTradingDay(day) ? await ingestCorporateActionsDay(day) : null;
      // A day whose corporate actions could not be read waits: its bars would be checked without its splits.
      if (actions && actions.outcome !== 'stored' && actions.outcome !== 'already stored') {
        outcomes.push(actions);
        break;
      }
      if (actions && actions.outcome === 'stored') outcomes.push(actions);
      const prices = await ingestPricesDay(day);
      outcomes.push(prices);
      if (prices.outcome === 'stored') await deps.onNewDataDay?.();
      if (prices.outcome === 'failed' || prices.outcome === 'refused' || prices.outcome === 'held by another process') break;
    }
    return outcomes;
  }

  return { refresh, ingestPricesDay, listDaysToIngest };
}

export type MarketIngest = ReturnType<typeof createMarketIngest>;
