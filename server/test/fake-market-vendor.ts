import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { addDays, isTradingDay, toNewYorkTime } from '../../core/market/trading-calendar.ts';
import { createMassiveClient, createMassiveListingsVendor, createSecEdgarClient } from '../adapters/market-data/index.ts';
import { findAppRoot } from '../lib/app-root.ts';

/**
 * One local HTTP server (port 0) that answers as Massive (api.massive.com, Polygon's paths) and as
 * SEC EDGAR (data.sec.gov and www.sec.gov) do, so the vendor clients are tested over real HTTP with
 * no network. Each test sets its answers; `failNext` makes the next matching requests answer badly
 * (cut JSON, 500, slow). Every request is recorded with its time, User-Agent and Authorization, so
 * tests can assert the SEC rate limit and the declared contact.
 * Prices: the grouped day for 2026-07-06 (the first trading day after the snapshot's last day
 * 2026-07-02; July 3 is the observed holiday) is built from the snapshot's last closes with small
 * moves. SEC: Apple's real companyfacts subset and EDGAR-shaped submissions and ticker files.
 */

const fixtures = join(findAppRoot(), 'server/test/fixtures');
const readJson = <T>(rel: string): T => JSON.parse(readFileSync(join(fixtures, rel), 'utf8')) as T;

/** A Massive aggregate bar (grouped answers carry T, the ticker). */
export interface FakeAgg {
  T?: string;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
  vw?: number;
  t: number;
  n?: number;
}

export interface FakeRequest {
  path: string;
  query: Record<string, string>;
  userAgent: string;
  authorization: string;
  /** Date.now() when it arrived (for rate checks). */
  at: number;
}

export type FailMode = 'truncated' | '500' | 'slow' | '404';

export interface FakeMarketVendor {
  /** Base URL for MASSIVE_BASE_URL, SEC_DATA_BASE_URL and SEC_WWW_BASE_URL alike. */
  url: string;
  /** The key Massive requests must carry as `Authorization: Bearer`. */
  apiKey: string;
  requests: FakeRequest[];
  massive: {
    /** Grouped answers by date (whole answer, so a test can cut or corrupt it). */
    grouped: Map<string, { status: string; resultsCount: number; results: FakeAgg[] }>;
    /** Per-ticker daily bars, ascending. */
    aggregates: Map<string, FakeAgg[]>;
    splits: Array<Record<string, unknown>>;
    dividends: Array<Record<string, unknown>>;
    tickers: Array<Record<string, unknown>>;
    /** Rows per page of paginated answers (next_url beyond). */
    pageSize: number;
  };
  sec: {
    tickerExchange: unknown;
    submissions: Map<string, unknown>;
    companyFacts: Map<string, unknown>;
  };
  /**
   * Spoils one symbol's bar in the grouped answer for `date`: `outside_range` puts the close 1 above
   * the high; `jump100` sets the whole bar to exactly 100 × the snapshot's last close (no split known).
   */
  spoilGroupedBar(date: string, symbol: string, how: 'outside_range' | 'jump100'): void;
  /**
   * A listing the snapshot lacks, as both vendors know it: Massive's reference ticker (active, or delisted on
   * `delistedOn`), the SEC directory's row when `cik` is given (EDGAR lists current filers only), and per-ticker
   * aggregates when `bars` are given.
   */
  addListing(listing: { symbol: string; name: string; cik?: string; type?: 'CS' | 'ETF'; exchange?: string; delistedOn?: string; bars?: FakeAgg[] }): void;
  /** The next `times` requests whose path starts with `pathPrefix` answer badly. */
  failNext(pathPrefix: string, mode: FailMode, times?: number, slowMs?: number): void;
  /** Every failure still pending is dropped: the vendor answers well again. */
  recover(): void;
  close(): Promise<void>;
}

interface SnapshotBar {
  type: string;
  name: string;
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** The bundled snapshot's last bar per symbol (2026-07-02), recorded from data/prices/daily. */
export const snapshotLastBars = (): Record<string, SnapshotBar> =>
  readJson<{ bars: Record<string, SnapshotBar> }>('massive/snapshot-last-bars-2026-07-02.json').bars;

/** Midnight New York of a day in Unix ms, as Massive stamps daily bars (EDT is UTC−4 in July). */
export const newYorkMidnightMs = (day: string) => Date.parse(`${day}T04:00:00Z`);

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * A whole-market day built from the snapshot's last closes: symbol i moves by ((i mod 7) − 3) × 0.4%
 * (−1.2% … +1.2%), opens at the previous close, and its range spans open and close by 0.5% each way.
 */
export function buildGroupedDay(day: string, lastBars: Record<string, SnapshotBar> = snapshotLastBars()): FakeAgg[] {
  return Object.entries(lastBars).map(([symbol, b], i) => {
    const close = round2(b.close * (1 + ((i % 7) - 3) * 0.004));
    const open = b.close;
    return {
      T: symbol,
      o: open,
      h: round2(Math.max(open, close) * 1.005),
      l: round2(Math.min(open, close) * 0.995),
      c: close,
      v: Math.round(b.volume * 0.9),
      vw: round2((open + close) / 2),
      t: newYorkMidnightMs(day),
      n: 1000 + i,
    };
  });
}

export async function startFakeMarketVendor(): Promise<FakeMarketVendor> {
  const apiKey = 'fake-massive-key';
  const requests: FakeRequest[] = [];
  const failures: Array<{ prefix: string; mode: FailMode; left: number; slowMs: number }> = [];
  const last = snapshotLastBars();
  const day1 = buildGroupedDay('2026-07-06', last);
  const massive: FakeMarketVendor['massive'] = {
    grouped: new Map([['2026-07-06', { status: 'OK', resultsCount: day1.length, results: day1 }]]),
    aggregates: new Map(),
    splits: [],
    dividends: [],
    tickers: Object.entries(last).map(([symbol, b]) => ({
      ticker: symbol,
      name: b.name,
      market: 'stocks',
      locale: 'us',
      primary_exchange: 'XNYS',
      type: b.type === 'ETF' ? 'ETF' : 'CS',
      active: true,
      currency_name: 'usd',
    })),
    pageSize: 50,
  };
  const sec: FakeMarketVendor['sec'] = {
    tickerExchange: readJson('sec-edgar/company_tickers_exchange.json'),
    submissions: new Map([['0000320193', readJson('sec-edgar/submissions-with-filings-CIK0000320193.json')]]),
    companyFacts: new Map([['0000320193', readJson('sec-edgar/companyfacts-CIK0000320193.json')]]),
  };

  let base = '';
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

  /** One page of `rows` from `cursor`, with next_url on the vendor's own host (as Massive does) while more remain. */
  const page = (path: string, query: Record<string, string>, rows: unknown[]) => {
    const from = Number(query.cursor ?? 0);
    const slice = rows.slice(from, from + massive.pageSize);
    const next =
      from + massive.pageSize < rows.length ? `${base}${path}?${new URLSearchParams({ ...query, cursor: String(from + massive.pageSize) })}` : undefined;
    return { status: 'OK', request_id: `req-${requests.length}`, results: slice, ...(next ? { next_url: next } : {}) };
  };

  const answerMassive = (path: string, query: Record<string, string>): [number, unknown] => {
    let m = path.match(/^\/v2\/aggs\/grouped\/locale\/us\/market\/stocks\/(\d{4}-\d{2}-\d{2})$/);
    if (m) {
      const g = massive.grouped.get(m[1]!);
      // Massive answers a day without trading with OK and no results.
      return [200, g ?? { status: 'OK', queryCount: 0, resultsCount: 0, adjusted: false, results: [] }];
    }
    m = path.match(/^\/v2\/aggs\/ticker\/([^/]+)\/range\/1\/day\/(\d{4}-\d{2}-\d{2})\/(\d{4}-\d{2}-\d{2})$/);
    if (m) {
      const symbol = decodeURIComponent(m[1]!);
      // By New York trading day, as Massive stamps daily bars (midnight New York: 04:00Z in summer, 05:00Z in winter).
      const [from, to] = [m[2]!, m[3]!];
      const rows = (massive.aggregates.get(symbol) ?? []).filter((a) => toNewYorkTime(a.t).day >= from && toNewYorkTime(a.t).day <= to);
      const p = page(path, query, rows) as { results: FakeAgg[]; next_url?: string };
      return [200, { ticker: symbol, status: 'OK', adjusted: query.adjusted === 'true', queryCount: p.results.length, resultsCount: p.results.length, ...p }];
    }
    const since = (field: string, rows: Array<Record<string, unknown>>) =>
      rows.filter((r) => (!query[`${field}.gte`] || String(r[field]) >= query[`${field}.gte`]!) && (!query.ticker || r.ticker === query.ticker));
    if (path === '/v3/reference/splits') return [200, page(path, query, since('execution_date', massive.splits))];
    if (path === '/v3/reference/dividends') return [200, page(path, query, since('ex_dividend_date', massive.dividends))];
    if (path === '/v3/reference/tickers') {
      // Filtered as Massive filters: active=true|false, type=CS|ETF…; each page states its count.
      const rows = massive.tickers.filter(
        (t) => (query.active === undefined || String(t.active !== false) === query.active) && (!query.type || t.type === query.type),
      );
      const p = page(path, query, rows);
      return [200, { ...p, count: p.results.length }];
    }
    return [404, { status: 'NOT_FOUND', message: 'unknown path' }];
  };

  const answerSec = (path: string): [number, unknown] | null => {
    if (path === '/files/company_tickers_exchange.json') return [200, sec.tickerExchange];
    let m = path.match(/^\/submissions\/CIK(\d{10})\.json$/);
    if (m) return sec.submissions.has(m[1]!) ? [200, sec.submissions.get(m[1]!)] : [404, 'Not Found'];
    m = path.match(/^\/api\/xbrl\/companyfacts\/CIK(\d{10})\.json$/);
    if (m) return sec.companyFacts.has(m[1]!) ? [200, sec.companyFacts.get(m[1]!)] : [404, 'Not Found'];
    return null;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const u = new URL(req.url ?? '/', base);
    const query = Object.fromEntries(u.searchParams);
    requests.push({ path: u.pathname, query, userAgent: req.headers['user-agent'] ?? '', authorization: req.headers.authorization ?? '', at: Date.now() });
    const failure = failures.find((f) => f.left > 0 && u.pathname.startsWith(f.prefix));
    if (failure) {
      failure.left--;
      if (failure.mode === '500') return send(res, 500, { status: 'ERROR', error: 'Internal error' });
      if (failure.mode === '404') return send(res, 404, { status: 'NOT_FOUND' });
      if (failure.mode === 'slow') await new Promise((r) => setTimeout(r, failure.slowMs));
    }
    const sec = answerSec(u.pathname);
    let status: number;
    let body: unknown;
    if (sec) [status, body] = sec;
    else if (req.headers.authorization !== `Bearer ${apiKey}` && query.apiKey !== apiKey) {
      [status, body] = [401, { status: 'ERROR', request_id: 'x', error: 'Unknown API Key' }];
    } else [status, body] = answerMassive(u.pathname, query);
    if (failure?.mode === 'truncated') {
      const text = JSON.stringify(body);
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(text.slice(0, Math.floor(text.length / 2)));
    }
    if (res.destroyed) return;
    send(res, status, body);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((e) => send(res, 500, { error: String(e) }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    apiKey,
    requests,
    massive,
    sec,
    spoilGroupedBar(date, symbol, how) {
      const bar = massive.grouped.get(date)?.results.find((a) => a.T === symbol);
      if (!bar) throw new Error(`no grouped bar for ${symbol} on ${date}`);
      if (how === 'outside_range') bar.c = bar.h + 1;
      else {
        const k = last[symbol]!.close * 100;
        Object.assign(bar, { o: k, h: k, l: k, c: k });
      }
    },
    addListing(l) {
      massive.tickers.push({
        ticker: l.symbol,
        name: l.name,
        market: 'stocks',
        locale: 'us',
        primary_exchange: l.exchange ?? 'XNAS',
        type: l.type ?? 'CS',
        active: !l.delistedOn,
        currency_name: 'usd',
        ...(l.cik ? { cik: l.cik.replace(/^0+/, '') } : {}),
        ...(l.delistedOn ? { delisted_utc: `${l.delistedOn}T00:00:00Z` } : {}),
      });
      if (l.cik && !l.delistedOn) {
        const directory = sec.tickerExchange as { fields: string[]; data: unknown[][] };
        directory.data.push([Number(l.cik), l.name.toUpperCase(), l.symbol.replace(/\./g, '-'), l.exchange === 'XNYS' ? 'NYSE' : 'Nasdaq']);
      }
      if (l.bars) massive.aggregates.set(l.symbol, l.bars);
    },
    recover() {
      failures.length = 0;
    },
    failNext(prefix, mode, times = 1, slowMs = 2000) {
      failures.push({ prefix, mode, left: times, slowMs });
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** The `n` trading days through `last` (the snapshot's last day by default), oldest first. */
export function listTradingDaysThrough(n: number, last = '2026-07-02'): string[] {
  const days: string[] = [];
  for (let d = last; days.length < n; d = addDays(d, -1)) if (isTradingDay(d)) days.unshift(d);
  return days;
}

/**
 * A listing the snapshot lacks, as Massive's aggregates: `n` trading days through Jul 2 2026, each close +0.1 % on the
 * one before from $20.00 (bar i closes at 20 × 1.001^i, in cents), inside a 1 % range — no jump the checks refuse.
 * 05:00Z is midnight New York in winter and 01:00 in summer: the same New York day all year.
 */
export function buildRisingAggs(n = 300): FakeAgg[] {
  return listTradingDaysThrough(n).map((day, i) => {
    const close = Math.round(20 * 1.001 ** i * 100) / 100;
    return { o: close, h: Math.round(close * 101) / 100, l: Math.round(close * 99) / 100, c: close, v: 50_000, t: Date.parse(`${day}T05:00:00Z`) };
  });
}

/** The listings vendor as production builds it (Massive's tickers and aggregates, the SEC's ticker file), on the fake. */
export function createListingsVendorOn(fake: FakeMarketVendor) {
  const client = createMassiveClient({ fetch: (url, init) => fetch(url, init), apiKey: fake.apiKey, baseUrl: fake.url, retries: 0 });
  const sec = createSecEdgarClient({
    fetch: (url, init) => fetch(url, init),
    userAgent: 'Stockpilot tests admin@example.com',
    wwwBaseUrl: fake.url,
    retries: 0,
  });
  return createMassiveListingsVendor(client, sec);
}
