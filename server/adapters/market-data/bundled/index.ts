import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fiscalYearOf, labelAnnualPeriod, labelQuarterPeriod } from '../../../../core/market/fiscal.ts';
import { type HistoryRange, lowerBound, rangeStartDate } from '../../../../core/market/ranges.ts';
import { searchIndex } from '../../../../core/market/search.ts';
import { buildListingProfile } from '../../../../core/market/listings.ts';
import { LINE_DEFS } from '../../../../core/market/statements.ts';
import type {
  Dividend,
  DividendRecords,
  EtfInfo,
  Figure,
  Fundamentals,
  PriceBar,
  PriceHistory,
  Profile,
  Quote,
  SearchHit,
  Split,
  StatementLine,
  StatementSet,
} from '../../../../core/market/types.ts';
import type { CoveredListing, SnapshotCompany, SnapshotProvider } from '../types.ts';
import { BUNDLE_FILES, type BundleFundamentals, COV, type BundleRef, type BundleStatementSet } from './format.ts';
import { BundleStore, coverageFromBits, type ListingsData } from './store.ts';

export type { SourceInfo } from './format.ts';

const own = <T>(o: Record<string, T>, k: string): T | undefined => (Object.hasOwn(o, k) ? o[k] : undefined);
/**
 * Histories kept as price-bar objects (~150 bytes a bar): the most recently asked, not every symbol × range ever
 * asked (the whole snapshot's was ~31 MB per process). Past it one is rebuilt from the decoded series, which
 * stay cached as typed arrays: about a millisecond for 20 years of bars.
 */
const MAX_CACHED_HISTORIES = 64;
const round2 = (v: number) => Math.round(v * 100) / 100;

export interface BundledProvider extends SnapshotProvider {
  readonly store: BundleStore;
  listings(): Promise<ListingsData>;
}

function listingAt(l: ListingsData, i: number): CoveredListing {
  const f = l.file;
  return { symbol: f.symbol[i]!, name: f.name[i]!, exchange: f.exchange[i] ?? null, type: f.etf[i] ? 'etf' : 'stock', coverage: coverageFromBits(f.cov[i]!) };
}

function figureFromRef(value: number | null, ref: BundleRef | null | undefined): Figure {
  const note = ref?.[3] ? { note: ref[3] } : {};
  if (value === null) return { value, source: null, as_of: null, ...note };
  return { value, source: ref?.[0] ?? null, as_of: ref?.[1] ?? null, ...(ref?.[2] ? { as_of_estimated: true as const } : {}), ...note };
}

function toStatementSet(set: BundleStatementSet, refs: BundleFundamentals['refs'], kind: 'annual' | 'quarterly'): StatementSet {
  const periods = set.ends.map((end) => ({
    end,
    fiscal_year: fiscalYearOf(end),
    label: kind === 'annual' ? labelAnnualPeriod(end) : labelQuarterPeriod(end),
  }));
  const out: StatementSet = { periods, income: [], balance: [], cash_flow: [] };
  for (const def of LINE_DEFS) {
    const line = own(set.lines, def.key);
    if (!line) continue;
    const [values, rs] = line;
    const earlier = set.earlier ? own(set.earlier, def.key) : undefined;
    const l: StatementLine = {
      key: def.key,
      label: def.label,
      unit: def.unit,
      values: values.map((v, i) => {
        const r = rs[i];
        const ref = r === null || r === undefined ? null : refs[r];
        const figure = figureFromRef(v, ref);
        const replaced = earlier?.filter(([at]) => at === i).map(([, value, as_of]) => ({ value, as_of }));
        return replaced?.length && figure.value !== null ? { ...figure, earlier: replaced } : figure;
      }),
    };
    out[def.statement].push(l);
  }
  return out;
}

/** The default provider: everything from the committed snapshot in `data/`, no network. */
export function createBundledProvider(dataDir: string): BundledProvider {
  const store = new BundleStore(dataDir);
  const fundamentalsCache = new Map<string, Fundamentals | null>();
  const historyCache = new Map<string, PriceHistory | null>();
  let universe: Promise<SnapshotCompany[]> | null = null;

  return {
    id: 'bundled',
    store,
    listings: () => store.listings(),
    dataAsOf: () => store.readDataAsOf(),
    datasetsAsOf: () => store.readDatasetsAsOf(),
    getSectorTable: () => (existsSync(join(store.dir, BUNDLE_FILES.sectorTable)) ? store.sectorTable() : Promise.resolve(null)),
    preload: () => store.preload(),
    getUniverse() {
      universe ??= (async () => {
        const out: SnapshotCompany[] = [];
        for (const symbol of Object.keys((await store.fundamentals()).fundamentals)) {
          const [profile, fundamentals, series] = await Promise.all([this.getProfile!(symbol), this.getFundamentals!(symbol), store.series(symbol)]);
          if (!profile || profile.type === 'etf' || !fundamentals) continue;
          out.push({ profile, fundamentals, closes: series ? { dates: series.series.dates, close: series.series.close } : null });
        }
        return out;
      })();
      universe.catch(() => {
        universe = null;
      });
      return universe;
    },

    async getListing(symbol: string): Promise<CoveredListing | null> {
      const l = await store.listings();
      const i = l.indexOf.get(symbol);
      return i === undefined ? null : listingAt(l, i);
    },

    async listCovered(): Promise<CoveredListing[]> {
      const l = await store.listings();
      const out: CoveredListing[] = [];
      for (let i = 0; i < l.file.symbol.length; i++) if (l.file.cov[i]! & (COV.daily | COV.monthly | COV.fundamentals)) out.push(listingAt(l, i));
      return out.sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
    },

    async search(query: string, limit: number): Promise<SearchHit[]> {
      const l = await store.listings();
      return searchIndex(l.search, query, limit).map(({ index, match }) => ({ ...listingAt(l, index), match }));
    },

    async getQuote(symbol: string): Promise<Quote | null> {
      const s = await store.series(symbol);
      if (!s) return null;
      const { close, dates } = s.series;
      const n = close.length;
      const price = close[n - 1]!;
      const prev = n > 1 ? close[n - 2]! : null;
      const change = prev === null ? null : round2(price - prev);
      const l = await store.listings();
      const i = l.indexOf.get(symbol);
      return {
        symbol,
        name: i === undefined ? symbol : l.file.name[i]!,
        currency: 'USD',
        price,
        previous_close: prev,
        change,
        change_percent: prev ? Math.round(((price - prev) / prev) * 10_000) / 100 : null,
        change_period: s.interval === '1d' ? '1d' : '1mo',
        delayed: true,
        source: s.source,
        as_of: dates[n - 1]!,
      };
    },

    async getHistory(symbol: string, range: HistoryRange): Promise<PriceHistory | null> {
      const key = `${symbol}|${range}`;
      if (historyCache.has(key)) {
        const hit = historyCache.get(key)!;
        // Least recently used goes first: a hit moves to the end.
        historyCache.delete(key);
        historyCache.set(key, hit);
        return hit;
      }
      const s = await store.series(symbol);
      let result: PriceHistory | null = null;
      if (s) {
        const { dates, open, high, low, close, volume } = s.series;
        const last = dates[dates.length - 1]!;
        const start = rangeStartDate(range, last);
        const from = start === null ? 0 : lowerBound(dates, start);
        const bars: PriceBar[] = [];
        for (let i = from; i < dates.length; i++) {
          const c = close[i]!;
          bars.push({ date: dates[i]!, open: open?.[i] ?? c, high: high?.[i] ?? c, low: low?.[i] ?? c, close: c, volume: volume[i] ?? null });
        }
        result = {
          symbol,
          interval: s.interval,
          adjustment: s.interval === '1d' ? 'split' : 'split_dividend',
          bars,
          source: s.source,
          as_of: last,
        };
      }
      if (historyCache.size >= MAX_CACHED_HISTORIES) historyCache.delete(historyCache.keys().next().value!);
      historyCache.set(key, result);
      return result;
    },

    async getFundamentals(symbol: string): Promise<Fundamentals | null> {
      if (fundamentalsCache.has(symbol)) return fundamentalsCache.get(symbol)!;
      const f = own((await store.fundamentals()).fundamentals, symbol);
      const result: Fundamentals | null = f
        ? {
            symbol,
            currency: 'USD',
            annual: toStatementSet(f.annual, f.refs, 'annual'),
            quarterly: toStatementSet(f.quarterly, f.refs, 'quarterly'),
            split_adjusted: true,
            notes: f.notes,
          }
        : null;
      fundamentalsCache.set(symbol, result);
      return result;
    },

    async getProfile(symbol: string): Promise<Profile | null> {
      const p = own((await store.companies()).profiles, symbol);
      if (p) {
        return {
          symbol,
          name: p.name,
          type: p.type,
          exchange: p.exchange,
          sector: p.sector,
          industry: p.industry,
          sic_description: p.sic,
          cik: p.cik,
          headquarters: p.hq,
          founded: p.founded,
          fiscal_year_end: p.fye,
          sp500: p.sp500,
          source: p.source,
        };
      }
      const l = await store.listings();
      const i = l.indexOf.get(symbol);
      if (i === undefined) return null;
      return buildListingProfile({
        symbol,
        name: l.file.name[i]!,
        type: l.file.etf[i] ? 'etf' : 'stock',
        exchange: l.file.exchange[i]!,
        cik: null,
        source: l.file.exchange[i] === 'NASDAQ' ? 'nasdaq-listings' : 'nyse-other-listings',
      });
    },

    async getEtfInfo(symbol: string): Promise<EtfInfo | null> {
      const c = await store.companies();
      const e = own(c.etfs, symbol);
      if (!e) return null;
      const name = own(c.profiles, symbol)?.name ?? symbol;
      return {
        symbol,
        name,
        holdings: e.holdings?.map(([s, n, w]) => ({ symbol: s, name: n, weight_pct: w })) ?? null,
        holdings_as_of: e.holdings_as_of,
        sector_weights: e.sectors?.map(([sector, w]) => ({ sector, weight_pct: w })) ?? null,
        expense_ratio_pct: e.expense_ratio_pct,
        dividend_yield_pct: e.dividend_yield_pct,
        aum_musd: e.aum_musd,
        overview_as_of: e.overview_as_of,
        sources: e.sources,
      };
    },

    async getDividends(symbol: string): Promise<Dividend[] | null> {
      const d = own((await store.companies()).dividends, symbol);
      return d ? d.map(([ex, amount, pay, source]) => ({ ex_date: ex, amount, pay_date: pay, source })) : null;
    },

    async getDividendRecords(symbol: string): Promise<DividendRecords | null> {
      const r = own((await store.companies()).dividend_records ?? {}, symbol);
      return r ? { from: r[0], through: r[1] } : null;
    },

    async getSplits(symbol: string): Promise<Split[] | null> {
      const s = own((await store.companies()).splits, symbol);
      return s ? s.map(([date, ratio, source]) => ({ date, ratio, source })) : null;
    },
  };
}
