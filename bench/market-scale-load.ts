/**
 * The simulated market of the scale bench (issue 32 item 6), loaded into PostgreSQL once and reused: database
 * `stockpilot_scale` (from BENCH_SCALE_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/stockpilot_scale),
 * the app's own migrations, then 7,000 symbols × 20 years of raw daily bars in `market_bars`, their splits in
 * `market_splits` and dividends in `market_dividends` (core/test-kit/market-generator.ts). A marker row (seed,
 * generator version, symbols, days) says what is loaded: a run with the same marker reuses it, `--reload` or a
 * different marker loads again.
 *
 * Loading 35 M rows: the generator streams tab-separated rows into `psql … COPY market_bars FROM STDIN` (the fastest
 * way into PostgreSQL, ~10× batched INSERTs), with the table's two indexes dropped during the copy and built once
 * after it (the same definitions as migration 0980), then ANALYZE.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import pg from 'pg';
import {
  generateBars,
  generateFundamentals,
  generateSymbols,
  listLastTradingDays,
  type SimulatedBars,
  type SimulatedSymbol,
} from '../core/test-kit/market-generator.ts';
import { sql } from 'drizzle-orm';
import type { Fundamentals } from '../core/market/types.ts';
import { type Database, openDatabase } from '../server/adapters/db/index.ts';
import { createSecFactsStore } from '../server/features/market/sec-facts-store.ts';
import type { BundledProvider } from '../server/adapters/market-data/bundled/index.ts';

export const SCALE = {
  seed: 32,
  /** Bump when the generator's output changes: a loaded database with another version is loaded again. */
  version: 1,
  symbols: 7_000,
  years: 20,
  /** The market ends on the snapshot's last price day: ingestion continues it, as it continues the snapshot. */
  through: '2026-07-02',
  source: 'simulated',
} as const;

export const scaleDatabaseUrl = () => process.env.BENCH_SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/stockpilot_scale';

export interface ScaleMarket {
  symbols: SimulatedSymbol[];
  days: string[];
  /** A real snapshot symbol's last close, where the simulated series was anchored to it. */
  anchors: Map<string, number>;
}

/**
 * The market's symbols: the bundled listings' real tickers (the snapshot's priced ones first, so they can be
 * analysed through the app), then SIMnnnn to fill up; each priced snapshot symbol ends on its last snapshot close.
 */
export async function describeScaleMarket(bundled: BundledProvider): Promise<ScaleMarket> {
  const listings = await bundled.listings();
  const covered = await bundled.listCovered();
  const priced = covered.filter((l) => l.coverage.history !== null);
  const pricedSet = new Set(priced.map((l) => l.symbol));
  const rest: Array<{ symbol: string; name: string; etf: boolean }> = [];
  // About one in eight an ETF, as in the US market's listed stocks and funds (the listings file holds many more funds).
  const maxEtfs = Math.round(SCALE.symbols * 0.12) - priced.filter((l) => l.type === 'etf').length;
  let etfs = 0;
  for (let i = 0; i < listings.file.symbol.length && priced.length + rest.length < SCALE.symbols; i++) {
    const symbol = listings.file.symbol[i]!;
    const etf = listings.file.etf[i] === 1;
    // Tickers the COPY text format or a URL would need escaping for are left out.
    if (pricedSet.has(symbol) || !/^[A-Z0-9.-]{1,10}$/.test(symbol) || (etf && etfs >= maxEtfs)) continue;
    if (etf) etfs++;
    rest.push({ symbol, name: listings.file.name[i]!, etf });
  }
  const chosen = [...priced.map((l) => ({ symbol: l.symbol, name: l.name, etf: l.type === 'etf' })), ...rest];
  const symbols = generateSymbols(SCALE.seed, SCALE.symbols, chosen);
  const anchors = new Map<string, number>();
  for (const l of priced) {
    const q = await bundled.getQuote!(l.symbol);
    if (q) anchors.set(l.symbol, q.price);
  }
  return { symbols, days: listLastTradingDays(SCALE.through, SCALE.years * 252), anchors };
}

export const generateScaleBars = (market: ScaleMarket, sym: SimulatedSymbol): SimulatedBars =>
  generateBars(sym, market.days, { anchorClose: market.anchors.get(sym.symbol) });

const markerOf = (market: ScaleMarket) => ({ seed: SCALE.seed, version: SCALE.version, symbols: market.symbols.length, days: market.days.length });

/** Creates the database when missing and applies the app's migrations (openDatabase does). */
async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    const name = target.pathname.slice(1);
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  const db = await openDatabase({ databaseUrl: url });
  await db.close();
}

/** Streams rows into `COPY <table> FROM STDIN` through psql, honouring back-pressure. */
async function copyInto(url: string, table: string, columns: string, rows: AsyncIterable<string> | Iterable<string>): Promise<void> {
  const psql = spawn('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q', '-c', `COPY ${table} (${columns}) FROM STDIN`], { stdio: ['pipe', 'inherit', 'inherit'] });
  const exited = once(psql, 'exit');
  for await (const chunk of rows) if (!psql.stdin.write(chunk)) await once(psql.stdin, 'drain');
  psql.stdin.end();
  const [code] = await exited;
  if (code !== 0) throw new Error(`psql COPY into ${table} exited ${code}`);
}

/**
 * The loaded simulated market, loading it first when the marker differs or `reload` is asked. Returns how long the
 * load took (null when reused). Also removes whatever a previous bench run ingested after the market's last day.
 */
export async function ensureScaleMarket(market: ScaleMarket, options: { reload: boolean; log: (line: string) => void }): Promise<number | null> {
  const url = scaleDatabaseUrl();
  await ensureDatabase(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE TABLE IF NOT EXISTS bench_scale_marker (seed integer, version integer, symbols integer, days integer, loaded_at timestamptz)');
    // A previous run's ingested days go: every run ingests the same days after the market's last day.
    await client.query('DELETE FROM market_bars WHERE day > $1::date', [SCALE.through]);
    await client.query('DELETE FROM market_splits WHERE ex_date > $1::date', [SCALE.through]);
    await client.query('DELETE FROM market_dividends WHERE ex_date > $1::date', [SCALE.through]);
    await client.query('DELETE FROM market_refusals');
    await client.query('DELETE FROM market_ingest_runs');
    const want = markerOf(market);
    const { rows } = await client.query('SELECT seed, version, symbols, days FROM bench_scale_marker');
    const have = rows[0];
    if (!options.reload && have && have.seed === want.seed && have.version === want.version && have.symbols === want.symbols && have.days === want.days) {
      options.log(`simulated market: reused (seed ${want.seed}, v${want.version}, ${want.symbols} symbols × ${want.days} days in ${url})`);
      return null;
    }
    const started = performance.now();
    options.log(`simulated market: loading ${want.symbols} symbols × ${want.days} days into ${url} …`);
    await client.query('DELETE FROM bench_scale_marker');
    await client.query('TRUNCATE market_bars, market_splits, market_dividends');
    await client.query('DROP INDEX IF EXISTS market_bars_day_idx');
    await client.query('ALTER TABLE market_bars DROP CONSTRAINT IF EXISTS market_bars_pkey');
    const splits: string[] = [];
    const dividends: string[] = [];
    const ingestedAt = `${SCALE.through}T22:00:00Z`;
    // Symbols in byte order, days ascending: the (symbol, day) key is built from rows already in its order.
    const ordered = [...market.symbols].sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
    let done = 0;
    async function* barRows(): AsyncGenerator<string> {
      for (const sym of ordered) {
        const b = generateScaleBars(market, sym);
        const lines: string[] = new Array(b.dates.length);
        for (let i = 0; i < b.dates.length; i++)
          lines[i] = `${sym.symbol}\t${b.dates[i]}\t${b.open[i]}\t${b.high[i]}\t${b.low[i]}\t${b.close[i]}\t${b.volume[i]}\t${SCALE.source}\t${ingestedAt}\n`;
        for (const s of b.splits) splits.push(`${sym.symbol}\t${s.date}\t${s.ratio}\t${SCALE.source}\t${ingestedAt}\n`);
        for (const d of b.dividends) dividends.push(`${sym.symbol}\t${d.exDate}\t${d.payDate}\t${d.amount}\t${SCALE.source}\t${ingestedAt}\n`);
        yield lines.join('');
        if (++done % 1000 === 0) options.log(`  ${done} symbols copied (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      }
    }
    await copyInto(url, 'market_bars', 'symbol, day, open, high, low, close, volume, source, ingested_at', barRows());
    await copyInto(url, 'market_splits', 'symbol, ex_date, ratio, source, ingested_at', splits);
    await copyInto(url, 'market_dividends', 'symbol, ex_date, pay_date, cash_amount, source, ingested_at', dividends);
    options.log(`  copied in ${((performance.now() - started) / 1000).toFixed(0)} s; building the indexes …`);
    await client.query("SET maintenance_work_mem = '1GB'");
    // The same key and index as migration 0980_market_store.sql.
    await client.query('ALTER TABLE market_bars ADD PRIMARY KEY (symbol, day)');
    await client.query('CREATE INDEX IF NOT EXISTS market_bars_day_idx ON market_bars (day)');
    await client.query('ANALYZE market_bars, market_splits, market_dividends');
    await client.query('INSERT INTO bench_scale_marker (seed, version, symbols, days, loaded_at) VALUES ($1, $2, $3, $4, now())', [
      want.seed,
      want.version,
      want.symbols,
      want.days,
    ]);
    const seconds = (performance.now() - started) / 1000;
    options.log(`simulated market: loaded in ${seconds.toFixed(0)} s (${splits.length} splits, ${dividends.length} dividends)`);
    return seconds;
  } finally {
    await client.end();
  }
}

/**
 * The whole market stored, as listings days, price backfills and the EDGAR cycle leave it: a listing for every simulated
 * symbol the snapshot does not price (active, bars span set) and, for its stocks, statements (`generateFundamentals`
 * over a snapshot company with a sector, round-robin) in `market_sec_statements`. Idempotent: what is there stays.
 */
export async function ensureStoredCompanies(
  db: Database,
  market: ScaleMarket,
  bundled: BundledProvider,
): Promise<{ listings: number; stocks: number; seconds: number }> {
  const t = performance.now();
  const priced = new Set((await bundled.listCovered()).map((l) => l.symbol));
  const extra = market.symbols.filter((s) => !priced.has(s.symbol));
  const listingsDay = '2026-07-02';
  const firstDay = market.days[0]!;
  for (let i = 0; i < extra.length; i += 1_000) {
    const chunk = extra.slice(i, i + 1_000);
    await db.query(sql`
      INSERT INTO market_listings (symbol, name, cik, exchange, type, active, delisted_on, first_seen_on, last_seen_on, source, updated_at, bars_from, bars_through, backfilled_through)
      VALUES ${sql.join(
        chunk.map(
          (s) =>
            sql`(${s.symbol}, ${s.name}, ${null}, 'NASDAQ', ${s.type}, true, NULL, ${listingsDay}::date, ${listingsDay}::date, ${SCALE.source}, now(), ${firstDay}::date, ${SCALE.through}::date, ${SCALE.through}::date)`,
        ),
        sql`, `,
      )}
      ON CONFLICT (symbol) DO NOTHING`);
  }
  const stocks = extra.filter((s) => s.type === 'stock');
  const [have] = await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM market_sec_statements WHERE cik LIKE 'SIM%'`);
  if ((have?.n ?? 0) < stocks.length) {
    const templates: Fundamentals[] = [];
    for (const symbol of Object.keys((await bundled.store.fundamentals()).fundamentals).sort()) {
      const [profile, f] = await Promise.all([bundled.getProfile!(symbol), bundled.getFundamentals!(symbol)]);
      if (profile?.type === 'stock' && profile.sector && f) templates.push(f);
    }
    const secStore = createSecFactsStore(db);
    for (const [i, s] of stocks.entries()) {
      const fundamentals = { ...generateFundamentals(s, templates[i % templates.length]!), symbol: s.symbol };
      await secStore.storeCompany(
        { symbol: s.symbol, cik: `SIM${String(i).padStart(7, '0')}`, facts: [], filings: [], fundamentals, filedThrough: '2026-05-01', markChecked: false },
        new Date(),
      );
    }
  }
  return { listings: extra.length, stocks: stocks.length, seconds: (performance.now() - t) / 1000 };
}
