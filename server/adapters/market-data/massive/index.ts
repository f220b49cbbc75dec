import {
  checkWholeMarketAnswer,
  type IngestDailyBar,
  type IngestDividend,
  type IngestRefusal,
  type IngestSplit,
  type IngestTicker,
  MIN_GROUPED_DAILY_RESULTS,
  type PreviousClose,
  type Validated,
  validateDividends,
  validateMarketDay,
  validateSeries,
  validateSplits,
  validateTickers,
} from '../../../../core/market/ingest-validation.ts';
import { type HistoryRange, rangeStartDate } from '../../../../core/market/ranges.ts';
import { addDays, isTradingDay, toNewYorkTime } from '../../../../core/market/trading-calendar.ts';
import type { Dividend, PriceBar, PriceHistory, Quote, Split } from '../../../../core/market/types.ts';
import { fetchJson, type FetchJsonOptions, UpstreamError } from '../http.ts';
import type { FetchLike, MarketDataProvider } from '../types.ts';

/**
 * Massive (formerly Polygon.io) REST API: the same paths as Polygon's, at https://api.massive.com.
 * One aggregate bar: T ticker (grouped only), o/h/l/c dollars, v volume, vw VWAP, t window start in
 * Unix ms (midnight New York for daily bars), n trades.
 */
interface MassiveAgg {
  T?: string;
  o: number;
  h: number;
  l: number;
  c: number;
  v?: number;
  vw?: number;
  t: number;
  n?: number;
}

interface MassiveAggsAnswer {
  status?: string;
  resultsCount?: number;
  queryCount?: number;
  adjusted?: boolean;
  ticker?: string;
  results?: MassiveAgg[];
  next_url?: string;
}

interface MassivePage<T> {
  status?: string;
  results?: T[];
  next_url?: string;
}

/** /v3/reference/splits: split_from old shares become split_to new ones on execution_date. */
interface MassiveSplit {
  ticker: string;
  execution_date: string;
  split_from: number;
  split_to: number;
}

/** /v3/reference/dividends: cash_amount in `currency` per share; frequency payments a year (0 one-off). */
interface MassiveDividend {
  ticker: string;
  cash_amount: number;
  currency?: string;
  ex_dividend_date: string;
  pay_date?: string;
  record_date?: string;
  declaration_date?: string;
  frequency?: number;
  dividend_type?: string;
}

/** /v3/reference/tickers: primary_exchange is a MIC (XNYS, XNAS); cik is unpadded digits; delisted_utc an instant. */
interface MassiveTicker {
  ticker: string;
  name?: string;
  market?: string;
  primary_exchange?: string;
  type?: string;
  active?: boolean;
  currency_name?: string;
  cik?: string;
  delisted_utc?: string;
}

export interface MassiveClientOptions extends Omit<FetchJsonOptions, 'fetch' | 'headers'> {
  fetch: FetchLike;
  apiKey: string;
  /** Default https://api.massive.com. */
  baseUrl?: string;
  /** A grouped day with fewer rows is a cut answer (default MIN_GROUPED_DAILY_RESULTS). */
  minGroupedResults?: number;
  /** Pages followed at most per listing call, so a vendor loop cannot run forever. */
  maxPages?: number;
}

/** What the checks compare a new bar with: each symbol's last stored close, and the splits known around the day. */
export interface BarContext {
  previousCloses?: ReadonlyMap<string, PreviousClose>;
  splits?: readonly IngestSplit[];
}

export interface MassiveClient {
  /** Every US stock's raw (unadjusted) bar for one trading day; the whole answer is refused when cut short or not OK. */
  fetchGroupedDaily(date: string, context?: BarContext): Promise<Validated<IngestDailyBar>>;
  /** One symbol's daily bars from `from` to `to` inclusive (raw unless `adjusted`), following next_url. */
  fetchAggregates(
    symbol: string,
    from: string,
    to: string,
    options?: { adjusted?: boolean; previousClose?: PreviousClose | null; splits?: readonly IngestSplit[] },
  ): Promise<Validated<IngestDailyBar>>;
  /** Splits executed on or after `since` (all symbols, or one). */
  fetchSplits(since: string, symbol?: string): Promise<Validated<IngestSplit>>;
  /** Dividends with an ex-date on or after `since` (all symbols, or one). */
  fetchDividends(since: string, symbol?: string): Promise<Validated<IngestDividend>>;
  /**
   * US stock listings, following next_url: every active one by default; `{ active: false }` the delisted ones (a
   * ticker reused over the years comes once, its newest delisting); `type` narrows to one security type (CS, ETF).
   * An answer that is not whole (a page not OK, a page holding fewer rows than its count, more pages than allowed)
   * is refused as a whole under the key `tickers`.
   */
  fetchTickers(options?: { active?: boolean; type?: string }): Promise<Validated<IngestTicker>>;
}

export const MASSIVE_DEFAULT_BASE_URL = 'https://api.massive.com';
const SOURCE = 'massive-live';

/** A Massive timestamp (Unix ms, midnight New York for daily bars) as the New York trading day. */
const dayOfMs = (ms: number) => toNewYorkTime(ms).day;
/** Massive's CIKs are unpadded; ours are ten digits like EDGAR's. */
const padCik = (cik: string | undefined) => (cik && /^\d{1,10}$/.test(cik) ? cik.padStart(10, '0') : null);

function toBar(symbol: string, a: MassiveAgg): IngestDailyBar {
  return {
    symbol,
    date: typeof a.t === 'number' ? dayOfMs(a.t) : '',
    open: a.o,
    high: a.h,
    low: a.l,
    close: a.c,
    volume: typeof a.v === 'number' ? a.v : null,
    vwap: typeof a.vw === 'number' ? a.vw : null,
    trades: typeof a.n === 'number' ? a.n : null,
  };
}

/**
 * A client of Massive's REST API. Transport failures (timeouts, 5xx after retries, unreadable JSON)
 * throw UpstreamError: nothing of such an answer is usable, the caller retries later. Answers that
 * arrive are validated; what fails a check comes back in `refused` with a code and a reason.
 * The key travels in the Authorization header (Massive accepts `Bearer` as well as `apiKey=`), so it
 * never appears in a URL that could be logged.
 */
export function createMassiveClient(options: MassiveClientOptions): MassiveClient {
  const base = (options.baseUrl ?? MASSIVE_DEFAULT_BASE_URL).replace(/\/$/, '');
  const maxPages = options.maxPages ?? 1000;
  const minGrouped = options.minGroupedResults ?? MIN_GROUPED_DAILY_RESULTS;
  const get = async <T>(pathAndQuery: string): Promise<T | null> =>
    fetchJson<T>(`${base}${pathAndQuery}`, { ...options, headers: { authorization: `Bearer ${options.apiKey}` } });

  /** next_url is absolute on the vendor's host; only its path and query are followed, on our base, so the key never goes elsewhere. */
  const nextPath = (nextUrl: string | undefined) => {
    if (!nextUrl) return null;
    const u = new URL(nextUrl, base);
    u.searchParams.delete('apiKey');
    return `${u.pathname}${u.search}`;
  };

  async function getAllPages<T>(first: string): Promise<T[]> {
    const out: T[] = [];
    let path: string | null = first;
    for (let page = 0; path && page < maxPages; page++) {
      const body: MassivePage<T> | null = await get<MassivePage<T>>(path);
      if (!body) break;
      if (!Array.isArray(body.results)) throw new UpstreamError(`Massive ${first.split('?')[0]} answer has no results list`, 200, false);
      out.push(...body.results);
      path = nextPath(body.next_url);
    }
    return out;
  }

  return {
    async fetchGroupedDaily(date, context = {}) {
      const key = `grouped ${date}`;
      // A weekend or holiday has no bars: asked anyway, Massive answers OK with none, which would read as a cut answer.
      if (!isTradingDay(date))
        return { accepted: [], refused: [{ key, code: 'not_trading_day', reason: `${date} is not a NYSE trading day; nothing was requested.` }] };
      const body = await get<MassiveAggsAnswer>(`/v2/aggs/grouped/locale/us/market/stocks/${date}?adjusted=false`);
      if (!body) return { accepted: [], refused: [{ key, code: 'truncated_answer', reason: 'The vendor has no grouped answer for this day.' }] };
      const whole = checkWholeMarketAnswer(key, { status: body.status, resultsCount: body.resultsCount, results: body.results }, minGrouped);
      if (whole) return { accepted: [], refused: [whole] };
      const bars = (body.results ?? []).map((a) => toBar(typeof a.T === 'string' ? a.T : '', a));
      return validateMarketDay(date, bars, { previousCloses: context.previousCloses ?? new Map(), splits: context.splits ?? [] });
    },

    async fetchAggregates(symbol, from, to, opts = {}) {
      const first = `/v2/aggs/ticker/${encodeURIComponent(symbol)}/range/1/day/${from}/${to}?adjusted=${opts.adjusted ? 'true' : 'false'}&sort=asc&limit=50000`;
      const aggs: MassiveAgg[] = [];
      let path: string | null = first;
      for (let page = 0; path && page < maxPages; page++) {
        const body: MassiveAggsAnswer | null = await get<MassiveAggsAnswer>(path);
        if (!body) break;
        if (body.status !== 'OK' && body.status !== 'DELAYED') {
          return {
            accepted: [],
            refused: [{ key: symbol, code: 'vendor_status', reason: `The vendor answered with status ${JSON.stringify(body.status)} instead of OK.` }],
          };
        }
        aggs.push(...(body.results ?? []));
        path = nextPath(body.next_url);
      }
      return validateSeries(
        symbol,
        aggs.map((a) => toBar(symbol, a)),
        { previousClose: opts.previousClose ?? null, splits: opts.splits ?? [] },
      );
    },

    async fetchSplits(since, symbol) {
      const rows = await getAllPages<MassiveSplit>(
        `/v3/reference/splits?execution_date.gte=${since}${symbol ? `&ticker=${encodeURIComponent(symbol)}` : ''}&order=asc&sort=execution_date&limit=1000`,
      );
      return validateSplits(
        rows.map((s) => ({
          symbol: s.ticker,
          date: s.execution_date,
          ratio: typeof s.split_from === 'number' && s.split_from > 0 && typeof s.split_to === 'number' ? s.split_to / s.split_from : Number.NaN,
        })),
      );
    },

    async fetchDividends(since, symbol) {
      const rows = await getAllPages<MassiveDividend>(
        `/v3/reference/dividends?ex_dividend_date.gte=${since}${symbol ? `&ticker=${encodeURIComponent(symbol)}` : ''}&order=asc&sort=ex_dividend_date&limit=1000`,
      );
      return validateDividends(
        rows.map((d) => ({
          symbol: d.ticker,
          ex_date: d.ex_dividend_date,
          pay_date: d.pay_date ?? null,
          record_date: d.record_date ?? null,
          declared_date: d.declaration_date ?? null,
          amount: d.cash_amount,
          frequency: typeof d.frequency === 'number' ? d.frequency : null,
          kind: d.dividend_type ?? null,
          // Massive states the currency on each dividend; an unstated one is not assumed to be dollars.
          currency: d.currency,
        })),
      );
    },

    async fetchTickers(opts = {}) {
      const active = opts.active ?? true;
      const first = `/v3/reference/tickers?market=stocks&active=${active}${opts.type ? `&type=${encodeURIComponent(opts.type)}` : ''}&order=asc&sort=ticker&limit=1000`;
      const rows: MassiveTicker[] = [];
      let path: string | null = first;
      for (let page = 0; path; page++) {
        // A listing cut short would read as thousands of delistings: only a whole answer is used.
        if (page === maxPages) return wholeTickersRefused(`The listing has more than ${maxPages} pages; the rest was not read.`);
        const body: (MassivePage<MassiveTicker> & { count?: number }) | null = await get<MassivePage<MassiveTicker> & { count?: number }>(path);
        if (!body) return wholeTickersRefused('The vendor has no tickers answer.');
        if (body.status !== 'OK') return wholeTickersRefused(`A page answered with status ${JSON.stringify(body.status)} instead of OK.`);
        if (!Array.isArray(body.results)) return wholeTickersRefused('A page has no results list.');
        if (typeof body.count === 'number' && body.count !== body.results.length)
          return wholeTickersRefused(`A page announces ${body.count} listings but holds ${body.results.length}.`);
        rows.push(...body.results);
        path = nextPath(body.next_url);
      }
      // Delisted: a ticker reused over the years appears once per delisting; its newest is the listing it last was.
      const newest = new Map<string, MassiveTicker>();
      for (const t of rows) {
        const seen = newest.get(t.ticker);
        if (active || !seen || (t.delisted_utc ?? '') > (seen.delisted_utc ?? '')) newest.set(t.ticker, t);
      }
      const listed = active ? rows : [...newest.values()];
      return validateTickers(
        listed.map((t) => ({
          symbol: t.ticker,
          name: t.name ?? '',
          exchange: t.primary_exchange ?? null,
          type: t.type ?? '',
          active: t.active !== false,
          cik: padCik(t.cik),
          delisted_on: t.delisted_utc ? t.delisted_utc.slice(0, 10) : null,
          currency: t.currency_name,
        })),
      );
    },
  };
}

const wholeTickersRefused = (reason: string): Validated<IngestTicker> => ({ accepted: [], refused: [{ key: 'tickers', code: 'truncated_answer', reason }] });

export interface MassiveProviderOptions extends MassiveClientOptions {
  /** The clock (tests inject one): history ends today, a quote looks back over the last two weeks. */
  now?: () => number;
  /** Called with what the checks refused in an answer that was otherwise served (for the log). */
  onRefused?: (refused: IngestRefusal[]) => void;
}

const round4 = (v: number) => Math.round(v * 10_000) / 10_000;
const toPriceBar = (b: IngestDailyBar): PriceBar => ({
  date: b.date,
  open: round4(b.open),
  high: round4(b.high),
  low: round4(b.low),
  close: round4(b.close),
  volume: b.volume,
});

/**
 * Quotes and daily history from Massive's per-ticker aggregates, split-adjusted as the app's charts
 * expect. Bars the checks refuse are left out (and reported through onRefused); a symbol Massive does
 * not know is null.
 */
export function createMassiveProvider(options: MassiveProviderOptions): MarketDataProvider {
  const client = createMassiveClient(options);
  const now = options.now ?? Date.now;
  const today = () => toNewYorkTime(now()).day;
  const bars = async (symbol: string, from: string) => {
    const out = await client.fetchAggregates(symbol, from, today(), { adjusted: true });
    if (out.refused.length > 0) options.onRefused?.(out.refused);
    return out.accepted;
  };

  return {
    id: 'massive',
    async getQuote(symbol): Promise<Quote | null> {
      // Two weeks holds at least two trading days even across the longest holiday run.
      const recent = await bars(symbol, addDays(today(), -14));
      const last = recent.at(-1);
      if (!last) return null;
      const prev = recent.length >= 2 ? recent[recent.length - 2]!.close : null;
      return {
        symbol,
        name: symbol,
        currency: 'USD',
        price: round4(last.close),
        previous_close: prev === null ? null : round4(prev),
        change: prev === null ? null : Math.round((last.close - prev) * 100) / 100,
        change_percent: prev ? Math.round(((last.close - prev) / prev) * 10_000) / 100 : null,
        change_period: '1d',
        delayed: true,
        source: SOURCE,
        as_of: last.date,
      };
    },
    async getHistory(symbol, range: HistoryRange): Promise<PriceHistory | null> {
      const start = rangeStartDate(range, today()) ?? addDays(today(), -366 * 20);
      const series = await bars(symbol, start);
      if (series.length === 0) return null;
      return { symbol, interval: '1d', adjustment: 'split', bars: series.map(toPriceBar), source: SOURCE, as_of: series.at(-1)!.date };
    },
    async getSplits(symbol): Promise<Split[] | null> {
      const out = await client.fetchSplits(HISTORY_START, symbol);
      if (out.refused.length > 0) options.onRefused?.(out.refused);
      return out.accepted.map((x) => ({ date: x.date, ratio: x.ratio, source: SOURCE }));
    },
    async getDividends(symbol): Promise<Dividend[] | null> {
      const [dividends, splits] = await Promise.all([client.fetchDividends(HISTORY_START, symbol), client.fetchSplits(HISTORY_START, symbol)]);
      const refused = [...dividends.refused, ...splits.refused];
      if (refused.length > 0) options.onRefused?.(refused);
      // Massive states amounts as declared; the app's dividends are on today's share basis, like its prices.
      return dividends.accepted.map((d) => {
        const after = splits.accepted.filter((x) => x.date > d.ex_date).reduce((f, x) => f * x.ratio, 1);
        return { ex_date: d.ex_date, amount: Math.round((d.amount / after) * 1e6) / 1e6, pay_date: d.pay_date, source: SOURCE };
      });
    },
  };
}

/** How far back a symbol's splits and dividends are asked for: before any listing in the app's universe. */
const HISTORY_START = '1970-01-01';
