import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip as gunzipCb } from 'node:zlib';
import type { SectorTable } from '../../../../core/analysis/fundamentals/sector-grades.ts';
import { capDatasetDate, dateFundamentalsDataset } from '../../../../core/market/dataset-dates.ts';
import { hydrateSearchIndex, type SearchIndex } from '../../../../core/market/search.ts';
import type { Coverage, DatasetAsOf } from '../../../../core/market/types.ts';
import {
  BUNDLE_FILES,
  BUNDLE_VERSION,
  type BundleDaily,
  type BundleMonthly,
  COV,
  type CompaniesFile,
  type FundamentalsFile,
  type ListingsFile,
  type PricesFile,
  type SourceInfo,
  type SourcesFile,
} from './format.ts';

const gunzip = promisify(gunzipCb);

/** A decoded price series: ascending dates, values in dollars. */
export interface DecodedSeries {
  dates: string[];
  open: Float64Array | null;
  high: Float64Array | null;
  low: Float64Array | null;
  close: Float64Array;
  volume: Float64Array;
}

export interface ListingsData {
  dataAsOf: string;
  file: ListingsFile;
  indexOf: Map<string, number>;
  search: SearchIndex;
}

export const coverageFromBits = (bits: number): Coverage => ({
  quote: (bits & (COV.daily | COV.monthly)) !== 0,
  history: bits & COV.daily ? 'daily' : bits & COV.monthly ? 'monthly' : null,
  fundamentals: (bits & COV.fundamentals) !== 0,
  etf: (bits & COV.etf) !== 0,
  dividends: (bits & COV.dividends) !== 0,
});

/** How much there is to analyse: the search ranks richer coverage first among equal matches. */
const coverageRank = (bits: number) =>
  (bits & COV.daily ? 3 : bits & COV.monthly ? 2 : 0) + (bits & COV.fundamentals ? 3 : 0) + (bits & COV.etf ? 2 : 0) + (bits & COV.dividends ? 1 : 0);

const DAY_MS = 86_400_000;
/**
 * One string per calendar day, shared by every decoded series: symbols trade on the same days, so 526 series of
 * ~400 bars hold ~5,000 distinct dates rather than 202,000 strings (~4.5 MB); a whole market's 20 years, 5,040
 * rather than 35 million. At most one entry per day since 1900 or so: bounded by the calendar.
 */
const isoDays = new Map<number, string>();
function isoFromDay(day: number): string {
  let iso = isoDays.get(day);
  if (iso === undefined) {
    iso = new Date(day * DAY_MS).toISOString().slice(0, 10);
    isoDays.set(day, iso);
  }
  return iso;
}
const lastDayOfMonth = (monthIndex: number) => isoFromDay(Date.UTC(Math.floor(monthIndex / 12), (monthIndex % 12) + 1, 0) / DAY_MS);

function undelta(deltas: number[], scale = 100): Float64Array {
  const out = new Float64Array(deltas.length);
  let acc = 0;
  for (let i = 0; i < deltas.length; i++) {
    acc += deltas[i]!;
    out[i] = acc / scale;
  }
  return out;
}

export function decodeDaily(b: BundleDaily): DecodedSeries {
  let day = Math.round(Date.parse(`${b.d0}T00:00:00Z`) / DAY_MS);
  const dates = b.dd.map((d) => {
    day += d;
    return isoFromDay(day);
  });
  return { dates, open: undelta(b.o), high: undelta(b.h), low: undelta(b.l), close: undelta(b.c), volume: Float64Array.from(b.v) };
}

export function decodeMonthly(b: BundleMonthly): DecodedSeries {
  let m = Number(b.m0.slice(0, 4)) * 12 + Number(b.m0.slice(5, 7)) - 1;
  const dates = b.dm.map((d) => {
    m += d;
    return lastDayOfMonth(m);
  });
  return { dates, open: null, high: null, low: null, close: undelta(b.c), volume: Float64Array.from(b.v) };
}

/**
 * The bundled snapshot, loaded lazily: each file is read, gunzipped (off the main thread) and parsed
 * on first use, once; `preload()` warms everything in the background after start-up. Only fixed file
 * names under `dir` are ever read: symbols are never part of a path.
 */
export class BundleStore {
  private readonly loads = new Map<string, Promise<unknown>>();
  private readonly seriesCache = new Map<string, DecodedSeries | null>();

  constructor(readonly dir: string) {}

  private load<T>(file: string): Promise<T> {
    let p = this.loads.get(file) as Promise<T> | undefined;
    if (!p) {
      p = (async () => {
        const raw = await readFile(join(this.dir, file));
        const text = file.endsWith('.gz') ? (await gunzip(raw)).toString('utf8') : raw.toString('utf8');
        return JSON.parse(text) as T;
      })();
      // A failed load may be retried by a later call.
      p.catch(() => this.loads.delete(file));
      this.loads.set(file, p);
    }
    return p;
  }

  private listingsPromise: Promise<ListingsData> | null = null;
  listings(): Promise<ListingsData> {
    this.listingsPromise ??= this.load<ListingsFile>(BUNDLE_FILES.listings).then((file) => {
      const indexOf = new Map(file.symbol.map((s, i) => [s, i]));
      if (file.version !== BUNDLE_VERSION)
        throw new Error(`data/${BUNDLE_FILES.listings} is version ${file.version}, expected ${BUNDLE_VERSION}: run npm run data:prepare`);
      const entries = file.symbol.map((s, i) => ({ symbol: s, name: file.name[i]!, coverage: coverageRank(file.cov[i]!) }));
      const search = hydrateSearchIndex(entries, file.search);
      return { dataAsOf: file.data_as_of, file, indexOf, search };
    });
    this.listingsPromise.catch(() => {
      this.listingsPromise = null;
    });
    return this.listingsPromise;
  }

  private head: (Pick<SourcesFile, 'data_as_of'> & Partial<Pick<SourcesFile, 'datasets' | 'sources'>>) | undefined;
  /** The small sources.json, read once and synchronously: /api/health states its dates before the big files load. */
  private readHead(): Pick<SourcesFile, 'data_as_of'> & Partial<Pick<SourcesFile, 'datasets' | 'sources'>> {
    this.head ??= JSON.parse(readFileSync(join(this.dir, BUNDLE_FILES.sources), 'utf8')) as SourcesFile;
    return this.head;
  }

  /** Latest extraction date of the named sources (all of them when `ids` is absent); null when none states one. */
  private readSourcesAsOf(ids?: ReadonlySet<string>): string | null {
    const days = (this.readHead().sources ?? []).filter((x) => (!ids || ids.has(x.id)) && /^\d{4}-\d{2}-\d{2}$/.test(x.as_of)).map((x) => x.as_of);
    return days.sort().at(-1) ?? null;
  }

  /**
   * The fundamentals' date from the figures themselves, once the file is loaded: the latest known filing
   * date, estimates excluded (core/market/dataset-dates.ts). Bundles written before issue 29 dated them
   * by their latest estimate (2026-08-29, after the SEC extract of 2026-08-22).
   */
  private fundamentalsAsOf: string | null | undefined;
  private dateFundamentals(file: FundamentalsFile): void {
    const refs = Object.values(file.fundamentals).flatMap((f) => f.refs);
    const cap = this.readSourcesAsOf(new Set(refs.map((r) => r[0])));
    this.fundamentalsAsOf = dateFundamentalsDataset(
      refs.map((r) => ({ asOf: r[1] || null, estimated: r[2] === 1 })),
      cap,
    );
  }

  /** The snapshot's own date (its last trading day). */
  readDataAsOf(): string {
    return this.readHead().data_as_of;
  }

  /** Each dataset's own as-of date; null for a bundle written before sources.json stated them. */
  readDatasetsAsOf(): DatasetAsOf | null {
    const stated = this.readHead().datasets;
    if (!stated) return null;
    // Before the fundamentals file has loaded, the stated date, but never later than any source was extracted.
    const fundamentals = this.fundamentalsAsOf !== undefined ? this.fundamentalsAsOf : capDatasetDate(stated.fundamentals, this.readSourcesAsOf());
    return { ...stated, fundamentals };
  }

  companies = () => this.load<CompaniesFile>(BUNDLE_FILES.companies);
  fundamentals = () =>
    this.load<FundamentalsFile>(BUNDLE_FILES.fundamentals).then((file) => {
      if (this.fundamentalsAsOf === undefined) this.dateFundamentals(file);
      return file;
    });
  prices = () => this.load<PricesFile>(BUNDLE_FILES.prices);
  sources = () => this.load<{ data_as_of: string; sources: SourceInfo[] }>(BUNDLE_FILES.sources);
  sectorTable = () => this.load<SectorTable>(BUNDLE_FILES.sectorTable);

  /** Daily bars when present, else month-end closes; decoded once per symbol. */
  async series(symbol: string): Promise<{ series: DecodedSeries; interval: '1d' | '1mo'; source: string } | null> {
    const prices = await this.prices();
    const daily = Object.hasOwn(prices.daily, symbol) ? prices.daily[symbol] : undefined;
    const monthly = daily || !Object.hasOwn(prices.monthly, symbol) ? undefined : prices.monthly[symbol];
    if (!daily && !monthly) return null;
    let s = this.seriesCache.get(symbol);
    if (!s) {
      s = daily ? decodeDaily(daily) : decodeMonthly(monthly!);
      this.seriesCache.set(symbol, s);
    }
    return { series: s, interval: daily ? '1d' : '1mo', source: daily ? prices.daily_source : prices.monthly_source };
  }

  async preload(): Promise<void> {
    await this.listings();
    await Promise.all([this.companies(), this.fundamentals(), this.prices(), this.sources()]);
  }
}
