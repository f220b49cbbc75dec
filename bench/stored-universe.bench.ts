/**
 * The app's store-aware universe at scale (issue 32 items 1, 5, 6): on the scale bench's loaded database
 * (`stockpilot_scale`, bench/market-scale-load.ts: 7,000 symbols × 20 years of bars) with the whole market stored
 * (`ensureStoredCompanies`: a listing for every simulated symbol the snapshot does not price, statements for its
 * stocks; kept, as the scale bench keeps them), with the app's own code, for a new data day (caches empty):
 *
 * 1. on the universe worker (`universeProducts.read()`, as a PostgreSQL web process does): the screener's rows, the
 *    sector peers and the sector table computed in a worker process with its own connection;
 * 2. the stored universe's bulk read alone (`readStoredUniverse`) on this thread;
 * 3. the screener's rows from nothing in process (the read and the rows): the path PGlite and a failed worker take;
 *
 * each as wall time, this process's CPU (every thread; not the worker process's), the main thread's busy time (event-loop utilisation: what requests
 * queue behind) and the longest event-loop block. A full collection between phases (--expose-gc). 2 runs.
 *
 * `node --expose-gc --import tsx bench/stored-universe.bench.ts` (PostgreSQL on 127.0.0.1, the scale market loaded
 * first by `npm run bench -- market-scale`).
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/adapters/db/index.ts';
import { createBundledProvider } from '../server/adapters/market-data/bundled/index.ts';
import { createListingsStore } from '../server/features/market/listings-store.ts';
import { createMarketDataStore } from '../server/features/market/market-data-store.ts';
import { createMarketService } from '../server/features/market/market-service.ts';
import { createSecFactsStore } from '../server/features/market/sec-facts-store.ts';
import { withStoredFundamentals } from '../server/features/market/stored-fundamentals.ts';
import { createStoredListings } from '../server/features/market/stored-listings.ts';
import { createStoredSnapshot } from '../server/features/market/stored-snapshot.ts';
import { withStoredUniverse } from '../server/features/market/stored-universe.ts';
import { createUniverseRead } from '../server/features/market/universe-read.ts';
import { loadScreenerRows } from '../server/features/screener/screener-universe.ts';
import { createLogger } from '../server/lib/logger.ts';
import { parseEnv } from '../server/env.ts';
import { createMarketFeature } from '../server/features/market/index.ts';
import { describeScaleMarket, ensureStoredCompanies, scaleDatabaseUrl } from './market-scale-load.ts';
import { median } from './support.ts';

const root = join(import.meta.dirname, '..');
const RUNS = 2;
const log = (line: string) => console.log(line);
const fmt = (v: number) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));

const bundled = createBundledProvider(join(root, 'data'));
await bundled.preload();
const market = await describeScaleMarket(bundled);
const db = await openDatabase({ databaseUrl: scaleDatabaseUrl() });
const [loadedBars] = await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM market_bars LIMIT 1000000) b`);
if ((loadedBars?.n ?? 0) < 1_000_000) throw new Error('the scale market is not loaded: run `npm run bench -- market-scale` first');

const seeded = await ensureStoredCompanies(db, market, bundled);
log(
  `stored: ${seeded.listings} listings (${seeded.stocks} stocks with statements, ${seeded.listings - seeded.stocks} ETFs) in ${fmt(seeded.seconds)} s (not timed below); load average ${loadavg()[0]!.toFixed(1)}`,
);

const now = () => new Date('2026-07-06T14:00:00Z');
const logger = createLogger('warn');
const read: number[] = [];
const rows: number[] = [];
const onWorker: number[] = [];
const mainBusy: number[] = [];
/** A new process's view (its caches empty): what a new data day costs. */
function composeApp() {
  const store = createMarketDataStore(db);
  const sec = createSecFactsStore(db);
  const listings = createListingsStore(db);
  const storedListings = createStoredListings(withStoredFundamentals(createStoredSnapshot(bundled, store, now), sec, now), { listings, market: store, now });
  const snapshot = withStoredUniverse(storedListings, { listings, market: store, sec, now });
  const service = createMarketService({
    bundled: snapshot,
    live: [],
    cache: null,
    logger,
    readStoredUniverse: snapshot.readStoredUniverse,
    readUniverseVersion: snapshot.readUniverseVersion,
  });
  return { snapshot, service };
}

/**
 * Wall, process CPU (every thread), the main thread's busy time (event-loop utilisation: what requests queue behind)
 * and the longest event-loop block of `work`.
 */
async function measure<T>(work: () => Promise<T>): Promise<{ value: T; wallMs: number; cpuMs: number; mainBusyMs: number; blockMs: number }> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const cpu = process.cpuUsage();
  const elu = performance.eventLoopUtilization();
  const t0 = performance.now();
  const value = await work();
  const wallMs = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  const busy = performance.eventLoopUtilization(elu);
  loop.disable();
  return { value, wallMs, cpuMs: (used.user + used.system) / 1000, mainBusyMs: busy.active, blockMs: loop.max / 1e6 };
}

/** The market feature as a PostgreSQL web process composes it: the universe computed on its worker thread. */
function composeFeature() {
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'warn', BASE_URL: 'http://localhost:3000', DATABASE_URL: scaleDatabaseUrl() });
  return createMarketFeature({ env, db, logger, appRoot: root, now });
}

/** A full collection between phases (run with --expose-gc): one phase's garbage must not be collected in the next one's figures. */
const collect = () => (globalThis as { gc?: () => void }).gc?.();

for (let run = 0; run < RUNS; run++) {
  // The worker first, on a collected heap: the main thread's busy time is then the worker's cost to it alone.
  collect();
  const f = composeFeature();
  const w = await measure(async () => (await f.universeProducts!.read())!);
  await f.stop?.();
  collect();
  const a = composeApp();
  await a.snapshot.preload();
  const r = await measure(() => a.snapshot.readStoredUniverse());
  const barCount = r.value.reduce((n, e) => n + e.history.bars.length, 0);
  const heapMb = Math.round(process.memoryUsage().heapUsed / 1e6);
  r.value.length = 0;
  collect();
  const b = composeApp();
  await b.snapshot.preload();
  const s = await measure(() => loadScreenerRows(b.service, createUniverseRead(b.service, now)));
  read.push(r.wallMs);
  rows.push(s.wallMs);
  onWorker.push(w.wallMs);
  mainBusy.push(w.mainBusyMs);
  log(
    `run ${run + 1}: stored universe read alone: ${barCount.toLocaleString('en-US')} bars: ${fmt(r.wallMs / 1000)} s wall, ${fmt(r.cpuMs / 1000)} s CPU, longest block ${fmt(r.blockMs)} ms, heap after ${heapMb} MB; ` +
      `the screener's rows from nothing in process (read + rows) ${s.value.rows.length} (${s.value.stocks} stocks): ${fmt(s.wallMs / 1000)} s wall, ${fmt(s.cpuMs / 1000)} s CPU, main thread busy ${fmt(s.mainBusyMs / 1000)} s, longest block ${fmt(s.blockMs)} ms; ` +
      `on the universe worker (rows, peers, sector table) ${w.value.screener.rows.length} rows, ${w.value.peers.length} peers: ${fmt(w.wallMs / 1000)} s wall (worker ${fmt(w.value.build.wallMs / 1000)} s), ${fmt(w.cpuMs / 1000)} s process CPU, main thread busy ${fmt(w.mainBusyMs)} ms, longest block ${fmt(w.blockMs)} ms; load average ${loadavg()[0]!.toFixed(1)}`,
  );
}
log(
  `p50 (wall): stored universe read ${fmt(median(read) / 1000)} s; screener rows from nothing in process ${fmt(median(rows) / 1000)} s; ` +
    `universe on its worker ${fmt(median(onWorker) / 1000)} s with the main thread busy ${fmt(median(mainBusy))} ms`,
);

await db.close();
