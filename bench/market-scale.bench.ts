/**
 * Scale on a simulated market (issue 32 item 6): 7,000 symbols × 20 years of daily bars (35 M rows) in PostgreSQL,
 * generated from one seed (core/test-kit/market-generator.ts) and loaded once into `stockpilot_scale`
 * (bench/market-scale-load.ts; reused while its marker matches, `--reload` loads again). Measured, each with its budget:
 *
 * 1. ingesting one market day for the 7,000 symbols on the 20-year table: the app's ingestion (claim, previous closes,
 *    validation, one transaction), the vendor answering from memory — 5 consecutive days, p50/p95;
 * 2. a 20-year history read from the store: one symbol's raw bars and splits, adjusted on read (the store's functions);
 * 3. the universe rebuilt for a new data day on the app's universe worker, with the whole market stored (a listing for
 *    every simulated symbol, statements for its stocks): the screener's rows, the sector peers and the sector table,
 *    then the columnar table built on the main thread from the rows the worker sends;
 * 4. a screener query over those 7,000 rows: the screener's own engine (core/screener/query.ts) over its columnar
 *    table, in process (not HTTP): two screens, p50/p95;
 * 5. one analysis end to end: POST /api/analyses (technical) over HTTP to the built server (ROLE=web) on the loaded
 *    database, each on another real symbol whose simulated bars continue into the ingested days, p50/p95;
 * 6. that web process's RSS, steady (median of the last 10 s of a 20 s idle after the traffic) and peak.
 *
 * Standalone: `npx tsx bench/market-scale.bench.ts [--reload]` (build first: `npm run build`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { IngestDailyBar } from '../core/market/ingest-validation.ts';
import { extendDailyBars } from '../core/market/stored-bars.ts';
import { addDays, isTradingDay } from '../core/market/trading-calendar.ts';
import { describeTable } from '../core/screener/distribution.ts';
import { runScreenerQuery } from '../core/screener/query.ts';
import type { ScreenerQuery, ScreenerRow } from '../core/screener/screener-types.ts';
import { buildScreenerTable } from '../core/screener/table.ts';
import { generateNextBar } from '../core/test-kit/market-generator.ts';
import { createSeededRandom } from '../core/test-kit/seeded-random.ts';
import { openDatabase } from '../server/adapters/db/index.ts';
import { createBundledProvider } from '../server/adapters/market-data/bundled/index.ts';
import { createMarketDataStore } from '../server/features/market/market-data-store.ts';
import { createMarketIngest, type IngestVendor } from '../server/features/market/market-ingest.ts';
import { createLogger } from '../server/lib/logger.ts';
import { parseEnv } from '../server/env.ts';
import { createMarketFeature } from '../server/features/market/index.ts';
import { describeScaleMarket, ensureScaleMarket, ensureStoredCompanies, SCALE, type ScaleMarket, scaleDatabaseUrl } from './market-scale-load.ts';
import { median, percentile, signUp, startBuiltApp, stopBuiltApp } from './support.ts';

const root = join(import.meta.dirname, '..');
const INGEST_DAYS = 5;
const BUDGET = { ingestS: 10, universeS: 30, screenerMs: 5, analysisMs: 50, rssMb: 400 } as const;

const fmt = (v: number) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));
const figures: string[] = [];
function reportBudget(name: string, value: number, unit: string, budget: number | null, note = '') {
  const ratio = budget === null ? '' : `  budget ≤ ${budget} ${unit}, ratio ${(value / budget).toFixed(2)}${value <= budget ? '' : ' — OVER'}`;
  const line = `${name}: ${fmt(value)} ${unit}${ratio}${note ? `  (${note})` : ''}`;
  console.log(line);
  figures.push(line);
}
const log = (line: string) => console.log(line);

/** The vendor's grouped-daily answer from memory: every simulated symbol's next bar after its previous close. */
function createSimulatedVendor(market: ScaleMarket): IngestVendor {
  const random = createSeededRandom(SCALE.seed + 1);
  return {
    id: 'simulated',
    async fetchDailyBars(day, context) {
      const accepted: IngestDailyBar[] = [];
      for (const sym of market.symbols) {
        const previous = context.previousCloses.get(sym.symbol);
        if (!previous) continue;
        accepted.push({ symbol: sym.symbol, date: day, ...generateNextBar(random, previous.close), vwap: null, trades: null });
      }
      return { accepted, refused: [], wholeAnswerRefused: null };
    },
    async fetchCorporateActions() {
      const none = { accepted: [], refused: [], wholeAnswerRefused: null };
      return { splits: none, dividends: none };
    },
  };
}

async function measureIngest(market: ScaleMarket, bundled: ReturnType<typeof createBundledProvider>): Promise<void> {
  const db = await openDatabase({ databaseUrl: scaleDatabaseUrl() });
  try {
    const store = createMarketDataStore(db);
    let clock = new Date(`${SCALE.through}T22:00:00Z`);
    const ingest = createMarketIngest({ store, vendor: createSimulatedVendor(market), snapshot: bundled, now: () => clock, logger: createLogger('silent') });
    const seconds: number[] = [];
    const closesMs: number[] = [];
    let day: string = SCALE.through;
    for (let i = 0; i < INGEST_DAYS; i++) {
      do day = addDays(day, 1);
      while (!isTradingDay(day));
      clock = new Date(`${day}T22:00:00Z`);
      // The one query that reads the whole table: each symbol's newest close before the day.
      let t = performance.now();
      await store.readLastCloses(day);
      closesMs.push(performance.now() - t);
      t = performance.now();
      const outcome = (await ingest.refresh({ day })).find((o) => o.dataset === 'prices');
      seconds.push((performance.now() - t) / 1000);
      if (outcome?.outcome !== 'stored' || outcome.stored < SCALE.symbols) throw new Error(`${day}: ${JSON.stringify(outcome)}`);
    }
    reportBudget(
      `1. ingest one market day (${SCALE.symbols.toLocaleString('en-US')} symbols, 20-year table) p50`,
      median(seconds),
      's',
      BUDGET.ingestS,
      `p95 ${fmt(percentile(seconds, 95))} s; ${seconds.map(fmt).join(', ')} s over ${INGEST_DAYS} days; load average ${loadavg()[0]!.toFixed(1)}`,
    );
    reportBudget(
      '   of which the previous closes (store.readLastCloses, walked symbol by symbol) p50',
      median(closesMs),
      'ms',
      null,
      'timed apart, same query',
    );

    // 2. A 20-year history from the store: raw bars and splits, adjusted on read.
    const reads: number[] = [];
    let bars = 0;
    for (let i = 0; i < 40; i++) {
      const symbol = market.symbols[(i * 173) % market.symbols.length]!.symbol;
      const t = performance.now();
      const [raw, splits] = await Promise.all([store.readBars(symbol, null), store.readSplits(symbol)]);
      const adjusted = extendDailyBars(
        [],
        null,
        raw,
        splits.map((s) => ({ date: s.exDate, ratio: s.ratio })),
      );
      reads.push(performance.now() - t);
      bars = adjusted.length;
    }
    reportBudget(
      '2. a 20-year history read from the store (one symbol, adjusted) p50',
      median(reads),
      'ms',
      null,
      `p95 ${fmt(percentile(reads, 95))} ms; ${bars} bars`,
    );
  } finally {
    await db.close();
  }
}

/**
 * 3 and 4: the app's universe worker (server/features/market/universe-worker.ts) rebuilding the whole stored market's
 * screener rows, sector peers and sector table for a new data day, as a PostgreSQL web process does, then the columnar
 * table built on the main thread from the rows; then screener queries over that table.
 */
async function measureUniverseAndScreener(market: ScaleMarket, bundled: ReturnType<typeof createBundledProvider>): Promise<void> {
  const db = await openDatabase({ databaseUrl: scaleDatabaseUrl() });
  try {
    const seeded = await ensureStoredCompanies(db, market, bundled);
    log(
      `   the whole market stored: ${seeded.listings} listings the snapshot lacks, ${seeded.stocks} of them stocks with statements (${fmt(seeded.seconds)} s, not timed)`,
    );
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'warn', BASE_URL: 'http://localhost:3000', DATABASE_URL: scaleDatabaseUrl() });
    const runs: number[] = [];
    let rows: ScreenerRow[] = [];
    let detail = '';
    for (let i = 0; i < 2; i++) {
      // A new process's view, its caches empty: what a new data day costs.
      const feature = createMarketFeature({ env, db, logger: createLogger('warn'), appRoot: root, now: () => new Date() });
      const elu = performance.eventLoopUtilization();
      const t = performance.now();
      const products = await feature.universeProducts!.read();
      if (!products) throw new Error('the universe worker did not answer');
      const t1 = performance.now();
      const table = buildScreenerTable(products.screener.rows, { dataAsOf: products.screener.dataAsOf });
      describeTable(table);
      const tableMs = performance.now() - t1;
      runs.push((performance.now() - t) / 1000);
      const mainBusyMs = performance.eventLoopUtilization(elu).active;
      await feature.stop?.();
      rows = products.screener.rows;
      detail = `load average ${loadavg()[0]!.toFixed(1)}; ${products.screener.stocks} stocks + ${products.screener.etfs} ETFs, ${products.peers.length} peers scored, sector table with ${Object.keys(products.sectorTable?.sectors ?? {}).length} sectors; worker ${fmt(products.build.wallMs / 1000)} s (process ${products.build.pid}; read ${fmt((products.build.phasesMs?.read ?? 0) / 1000)} s, rows ${fmt((products.build.phasesMs?.rows ?? 0) / 1000)} s, peers ${fmt((products.build.phasesMs?.peers ?? 0) / 1000)} s, sector table ${fmt((products.build.phasesMs?.sectorTable ?? 0) / 1000)} s) + table ${fmt(tableMs)} ms on the main thread; main thread busy ${fmt(mainBusyMs)} ms in all`;
    }
    reportBudget(
      `3. universe rebuilt for a new data day on the app's universe worker (${rows.length} companies: rows, peers, sector table), best of 2`,
      Math.min(...runs),
      's',
      BUDGET.universeS,
      detail,
    );

    const table = buildScreenerTable(rows, { dataAsOf: SCALE.through });
    const queries: Array<{ name: string; q: ScreenerQuery }> = [
      {
        name: 'selective (4 filters)',
        q: {
          filters: [
            { field: 'market_cap', min: 2_000_000_000 },
            { field: 'pe_ttm', min: 0, max: 25 },
            { field: 'roe', min: 15 },
            { field: 'rsi_14', max: 60 },
          ],
          sort: { field: 'market_cap', dir: 'desc' },
          page: 1,
          page_size: 25,
          columns: ['market_cap', 'pe_ttm', 'roe', 'rsi_14'],
        },
      },
      {
        name: 'broad (1 filter, sorted by 1-year return)',
        q: {
          filters: [{ field: 'return_1y', min: 0 }],
          sort: { field: 'return_1y', dir: 'desc' },
          page: 1,
          page_size: 100,
          columns: ['return_1y', 'market_cap'],
        },
      },
    ];
    for (const { name, q } of queries) {
      for (let i = 0; i < 50; i++) runScreenerQuery(table, q);
      const ms: number[] = [];
      let total = 0;
      for (let i = 0; i < 1000; i++) {
        const t = performance.now();
        total = runScreenerQuery(table, q).total;
        ms.push(performance.now() - t);
      }
      reportBudget(
        `4. screener query over ${rows.length} rows, ${name} p50`,
        median(ms),
        'ms',
        BUDGET.screenerMs,
        `p95 ${fmt(percentile(ms, 95))} ms; ${total} match`,
      );
    }
  } finally {
    await db.close();
  }
}

/** User + system CPU of a process so far (/proc/<pid>/stat fields 14 and 15, at 100 ticks a second). */
function readCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** 5 and 6: the built server (ROLE=web) on the loaded database: analyses over HTTP, then its resident memory. */
async function measureServer(market: ScaleMarket, bundled: ReturnType<typeof createBundledProvider>, label: string, databaseUrl: string): Promise<void> {
  const loaded = databaseUrl === scaleDatabaseUrl();
  const app = await startBuiltApp(root, { DATABASE_URL: databaseUrl, ROLE: 'web', SCREENER_WARM_UP: 'true' });
  const samples: number[] = [];
  const readRss = () => {
    const m = readFileSync(`/proc/${app.child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
    if (m) samples.push(Number(m[1]) / 1024);
  };
  const sampler = setInterval(readRss, 50);
  try {
    const base = app.base;
    // Real symbols with daily snapshot bars, each continued by its simulated bars of the ingested days.
    const daily = (await bundled.listCovered())
      .filter((l) => l.coverage.history === 'daily' && l.type === 'stock' && market.anchors.has(l.symbol))
      .map((l) => l.symbol);
    // The screener's warm-up (the universe walk, 1 s after start) finishes first: the analyses are timed in the steady state.
    await fetch(`${base}/api/screener/query`, { method: 'POST', headers: { origin: base, 'content-type': 'application/json' }, body: '{"filters":[]}' }).then(
      (r) => r.arrayBuffer(),
    );
    let cookie = await signUp(base);
    // Three analyses not timed, on symbols not timed below, warm the analysis code: with the whole market stored the
    // universe is computed in its own process, so this process has not run the indicators before its first analysis.
    const warmUp = daily.slice(-3);
    for (const symbol of warmUp)
      await fetch(`${base}/api/analyses`, {
        method: 'POST',
        headers: { origin: base, cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ symbol, kind: 'technical' }),
      }).then((r) => r.arrayBuffer());
    // The warm-up's user (7.6 tokens left) asks for the store-only symbol below: a sign-up more would be rate-limited.
    const warmCookie = cookie;
    cookie = await signUp(base);
    const ms: number[] = [];
    const cpuBefore = readCpuMs(app.child.pid!);
    let storeSeen = 0;
    for (let i = 0; ms.length < 24 && i < daily.length - warmUp.length; i++) {
      if (i > 0 && i % 12 === 0) cookie = await signUp(base); // 12 technical runs (0.800 each) per opening balance of 10.000
      const headers = { origin: base, cookie, 'content-type': 'application/json' };
      const t = performance.now();
      const res = await fetch(`${base}/api/analyses`, { method: 'POST', headers, body: JSON.stringify({ symbol: daily[i], kind: 'technical' }) });
      const body = (await res.json()) as { as_of?: string };
      const elapsed = performance.now() - t;
      if (res.status !== 201) throw new Error(`technical of ${daily[i]} answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
      if (body.as_of && body.as_of > SCALE.through) storeSeen++;
      ms.push(elapsed);
    }
    const cpuPerRun = (readCpuMs(app.child.pid!) - cpuBefore) / ms.length;
    reportBudget(
      `5. one analysis end to end (POST /api/analyses, technical, HTTP, ROLE=web), ${label} p50`,
      median(ms),
      'ms',
      BUDGET.analysisMs,
      `p95 ${fmt(percentile(ms, 95))} ms; server CPU ${fmt(cpuPerRun)} ms a run (sign-ups included); ${ms.length} symbols, ${storeSeen} as of an ingested day; load average ${loadavg()[0]!.toFixed(1)}`,
    );
    if (loaded) {
      // A symbol only the store has (no snapshot coverage): what the app says today.
      const storeOnly = market.symbols.find((s) => !market.anchors.has(s.symbol) && s.type === 'stock')!.symbol;
      const res = await fetch(`${base}/api/analyses`, {
        method: 'POST',
        headers: { origin: base, cookie: warmCookie, 'content-type': 'application/json' },
        body: JSON.stringify({ symbol: storeOnly, kind: 'technical' }),
      });
      log(`   a store-only symbol (${storeOnly}, 20 years of stored bars, no snapshot coverage): ${res.status} ${(await res.text()).slice(0, 200)}`);
    }
    // A little of the memory bench's other traffic, then the idle.
    const headers = { origin: base, 'content-type': 'application/json' };
    for (const s of daily.slice(0, 15)) {
      await fetch(`${base}/api/market/quote/${s}`, { headers }).then((r) => r.arrayBuffer());
      await fetch(`${base}/api/market/history/${s}?range=1y`, { headers }).then((r) => r.arrayBuffer());
    }
    for (const filters of [[{ field: 'roe', min: 15 }], []])
      await fetch(`${base}/api/screener/query`, { method: 'POST', headers, body: JSON.stringify({ filters, page_size: 25 }) }).then((r) => r.arrayBuffer());
    const idleFrom = samples.length;
    await new Promise((r) => setTimeout(r, 20_000));
    const idle = samples.slice(idleFrom);
    reportBudget(
      `6. web process RSS, ${label}, steady (last 10 s of a 20 s idle after the traffic)`,
      median(idle.slice(Math.floor(idle.length / 2))),
      'MB',
      BUDGET.rssMb,
    );
    reportBudget(`   web process RSS, ${label}, peak (start to end of the idle)`, Math.max(...samples), 'MB', null);
  } finally {
    clearInterval(sampler);
    await stopBuiltApp(app);
  }
}

const bundled = createBundledProvider(join(root, 'data'));
await bundled.preload();
const market = await describeScaleMarket(bundled);
const loadS = await ensureScaleMarket(market, { reload: process.argv.includes('--reload') || process.env.BENCH_SCALE_RELOAD === '1', log });
log(
  `simulated market: ${market.symbols.length} symbols (${market.symbols.filter((s) => s.type === 'etf').length} ETFs, ${market.anchors.size} real snapshot symbols anchored to their last close) × ${market.days.length} trading days ${market.days[0]} … ${market.days.at(-1)} = ${(market.symbols.length * market.days.length).toLocaleString('en-US')} bars${loadS === null ? '' : `; loaded in ${fmt(loadS)} s`}`,
);
await measureIngest(market, bundled);
await measureUniverseAndScreener(market, bundled);
if (!existsSync(join(root, 'dist/server/main.js'))) log('5–6. skipped: no dist/server/main.js (npm run bench builds it)');
else {
  // Today's path for comparison: the same server and requests on a fresh database (the snapshot alone, no store).
  const adminUrl = new URL(scaleDatabaseUrl());
  adminUrl.pathname = '/postgres';
  const scratch = `sp_bench_scale_fresh_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${scratch}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${scratch}`;
    await measureServer(market, bundled, 'snapshot only (fresh database: today)', url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
    await admin.end();
  }
  await measureServer(market, bundled, 'on the loaded 20-year store', scaleDatabaseUrl());
}
console.log('\nsummary');
for (const f of figures) console.log(`  ${f}`);
process.exit(0);
