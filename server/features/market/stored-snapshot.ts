import type { SectorTable } from '../../../core/analysis/fundamentals/sector-grades.ts';
import type { HistoryRange } from '../../../core/market/ranges.ts';
import { lowerBound, rangeStartDate } from '../../../core/market/ranges.ts';
import { adjustDividendsForSplits, extendDailyBars, extendMonthlyBars } from '../../../core/market/stored-bars.ts';
import type { DatasetAsOf, Dividend, DividendRecords, PriceHistory, Quote, Split } from '../../../core/market/types.ts';
import type { SnapshotCompany, SnapshotProvider } from '../../adapters/market-data/index.ts';
import type { MarketDataStore } from './market-data-store.ts';
import { buildStoredSectorTable } from './stored-sector-table.ts';

/** How long a process trusts its idea of the newest stored day before asking the database again. */
const DATA_DAY_RECHECK_MS = 60_000;
/** Histories kept per data day: a day's reads repeat (the universe, a symbol's pages), a new day clears them. */
const MAX_CACHED_HISTORIES = 2_000;

export interface StoredSnapshot extends SnapshotProvider {
  /** Asks the database for the newest stored days now (after an ingestion, at start-up). */
  refreshDataDay(): Promise<void>;
}

const maxDay = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

/**
 * The bundled snapshot with the market-data store on top: every day the store holds after the snapshot's last day
 * continues its prices (on today's split basis) and its dividends and splits; the dates the app reports move with
 * it. Until something is ingested it is the snapshot, with no query per read. Caches are keyed by the data day.
 */
export function createStoredSnapshot(bundled: SnapshotProvider, store: MarketDataStore, now: () => Date): StoredSnapshot {
  const base = bundled.datasetsAsOf();
  const basePrices = base?.prices ?? bundled.dataAsOf();
  const baseDividends = base?.dividends ?? null;
  let pricesDay: string | null = null;
  let actionsDay: string | null = null;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let refreshing: Promise<void> | null = null;
  let cacheDay = '';
  const histories = new Map<string, Promise<PriceHistory | null>>();
  let universe: { day: string; companies: Promise<SnapshotCompany[]> } | null = null;
  let sectorTable: { day: string; table: Promise<SectorTable | null> } | null = null;

  async function refreshDataDay(): Promise<void> {
    refreshing ??= (async () => {
      try {
        [pricesDay, actionsDay] = await Promise.all([store.readNewestDay('prices'), store.readNewestDay('corporate_actions')]);
        checkedAt = now().getTime();
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  /** The newest stored day after the snapshot, or null when the store adds nothing (then reads go to the snapshot). */
  async function readOverlayDay(): Promise<string | null> {
    if (now().getTime() - checkedAt > DATA_DAY_RECHECK_MS) await refreshDataDay();
    const day = maxDay(pricesDay, actionsDay);
    const overlay = day !== null && day > basePrices ? day : null;
    // Keyed by both days: a day's corporate actions are stored before its prices, and each changes what a read shows.
    const key = `${pricesDay}|${actionsDay}`;
    if (key !== cacheDay) {
      cacheDay = key;
      histories.clear();
      universe = null;
      sectorTable = null;
    }
    return overlay;
  }

  /** Splits the store holds after the snapshot: they move every earlier price and dividend of their symbol. */
  const readNewSplits = async (symbol: string) =>
    (await store.readSplits(symbol)).filter((s) => s.exDate > (baseDividends ?? basePrices)).map((s) => ({ date: s.exDate, ratio: s.ratio }));

  async function readMaxHistory(symbol: string): Promise<PriceHistory | null> {
    const [own, stored, splits] = await Promise.all([bundled.getHistory!(symbol, 'max'), store.readBars(symbol, basePrices), readNewSplits(symbol)]);
    if (stored.length === 0 && splits.length === 0) return own;
    const baseBars = own?.bars ?? [];
    const bars = own?.interval === '1mo' ? extendMonthlyBars(baseBars, basePrices, stored, splits) : extendDailyBars(baseBars, basePrices, stored, splits);
    if (bars.length === 0) return null;
    return {
      symbol,
      interval: own?.interval ?? '1d',
      adjustment: own?.adjustment ?? 'split',
      bars,
      source: stored.length > 0 ? 'market-store' : (own?.source ?? 'market-store'),
      as_of: bars.at(-1)!.date,
    };
  }

  async function readHistory(symbol: string, range: HistoryRange): Promise<PriceHistory | null> {
    if ((await readOverlayDay()) === null) return bundled.getHistory!(symbol, range);
    const key = `${symbol}|${range}`;
    let cached = histories.get(key);
    if (!cached) {
      if (histories.size >= MAX_CACHED_HISTORIES) histories.delete(histories.keys().next().value!);
      cached = (async () => {
        const max = await readMaxHistory(symbol);
        if (!max || range === 'max') return max;
        const start = rangeStartDate(range, max.as_of);
        const dates = max.bars.map((b) => b.date);
        return { ...max, bars: start === null ? max.bars : max.bars.slice(lowerBound(dates, start)) };
      })();
      histories.set(key, cached);
      cached.catch(() => histories.delete(key));
    }
    return cached;
  }

  async function readUniverse(): Promise<SnapshotCompany[]> {
    const day = await readOverlayDay();
    if (day === null) return bundled.getUniverse();
    if (universe?.day !== cacheDay) {
      const companies = (async () => {
        const [own, bars, splits, covered] = await Promise.all([
          bundled.getUniverse(),
          store.readBarsAfter(basePrices),
          store.readSplitsAfter(baseDividends ?? basePrices),
          bundled.listCovered(),
        ]);
        const monthly = new Set(covered.filter((l) => l.coverage.history === 'monthly').map((l) => l.symbol));
        return own.map((c) => {
          const stored = bars.get(c.profile.symbol) ?? [];
          const newSplits = (splits.get(c.profile.symbol) ?? []).map((s) => ({ date: s.exDate, ratio: s.ratio }));
          if (!c.closes || (stored.length === 0 && newSplits.length === 0)) return c;
          const baseBars = c.closes.dates.map((date, i) => ({
            date,
            open: c.closes!.close[i]!,
            high: c.closes!.close[i]!,
            low: c.closes!.close[i]!,
            close: c.closes!.close[i]!,
            volume: null,
          }));
          const merged = (monthly.has(c.profile.symbol) ? extendMonthlyBars : extendDailyBars)(baseBars, basePrices, stored, newSplits);
          return { ...c, closes: { dates: merged.map((b) => b.date), close: Float64Array.from(merged, (b) => b.close) } };
        });
      })();
      universe = { day: cacheDay, companies };
      companies.catch(() => {
        if (universe?.companies === companies) universe = null;
      });
    }
    return universe.companies;
  }

  return {
    ...bundled,
    id: bundled.id,
    refreshDataDay,
    dataAsOf: () => maxDay(bundled.dataAsOf(), pricesDay) ?? bundled.dataAsOf(),
    datasetsAsOf(): DatasetAsOf | null {
      // Asked each time: the snapshot dates its fundamentals once their file has been read.
      const own = bundled.datasetsAsOf();
      if (!own) return own;
      return { ...own, prices: maxDay(own.prices, pricesDay), dividends: maxDay(own.dividends, actionsDay) };
    },
    async preload() {
      await Promise.all([bundled.preload(), refreshDataDay()]);
    },
    getHistory: readHistory,
    async getQuote(symbol: string): Promise<Quote | null> {
      const own = await bundled.getQuote!(symbol);
      if ((await readOverlayDay()) === null) return own;
      const h = await readHistory(symbol, '1m');
      const last = h?.bars.at(-1);
      if (!h || !last || (own && last.date === own.as_of && last.close === own.price)) return own;
      const prev = h.bars.at(-2)?.close ?? null;
      const listing = own ? null : await bundled.getListing(symbol);
      return {
        symbol,
        name: own?.name ?? listing?.name ?? symbol,
        currency: 'USD',
        price: last.close,
        previous_close: prev,
        change: prev === null ? null : Math.round((last.close - prev) * 100) / 100,
        change_percent: prev ? Math.round(((last.close - prev) / prev) * 10_000) / 100 : null,
        change_period: h.interval === '1d' ? '1d' : '1mo',
        delayed: true,
        source: h.source,
        as_of: last.date,
      };
    },
    async getSplits(symbol: string): Promise<Split[] | null> {
      const own = await bundled.getSplits!(symbol);
      if ((await readOverlayDay()) === null) return own;
      const stored = (await store.readSplits(symbol)).filter((s) => !(own ?? []).some((o) => o.date === s.exDate));
      if (stored.length === 0) return own;
      return [...(own ?? []), ...stored.map((s) => ({ date: s.exDate, ratio: s.ratio, source: s.source }))].sort((a, b) => (a.date < b.date ? -1 : 1));
    },
    async getDividends(symbol: string): Promise<Dividend[] | null> {
      const own = await bundled.getDividends!(symbol);
      if ((await readOverlayDay()) === null) return own;
      const [stored, splits] = await Promise.all([store.readDividends(symbol), readNewSplits(symbol)]);
      const newer = stored.filter((d) => !(own ?? []).some((o) => o.ex_date === d.exDate));
      if (newer.length === 0 && splits.length === 0) return own;
      const all = [...(own ?? []), ...newer.map((d) => ({ ex_date: d.exDate, amount: d.cashAmount, pay_date: d.payDate, source: d.source }))];
      return adjustDividendsForSplits(all, splits).sort((a, b) => (a.ex_date < b.ex_date ? -1 : 1));
    },
    async getDividendRecords(symbol: string): Promise<DividendRecords | null> {
      const own = (await bundled.getDividendRecords?.(symbol)) ?? null;
      // Ingested corporate actions cover every symbol through their newest day: a later dividend would be stored.
      if (!own || actionsDay === null || actionsDay <= own.through) return own;
      return { from: own.from, through: actionsDay };
    },
    async getSectorTable(): Promise<SectorTable | null> {
      const day = await readOverlayDay();
      if (day === null) return bundled.getSectorTable();
      if (sectorTable?.day !== cacheDay) {
        const table = (async () => {
          const [companies, covered, spy] = await Promise.all([readUniverse(), bundled.listCovered(), readHistory('SPY', 'max')]);
          return buildStoredSectorTable(companies, covered, spy, day);
        })();
        sectorTable = { day: cacheDay, table };
        table.catch(() => {
          if (sectorTable?.table === table) sectorTable = null;
        });
      }
      return sectorTable.table;
    },
    getUniverse: readUniverse,
  };
}
