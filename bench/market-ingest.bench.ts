/**
 * Ingesting one market day into the market-data store (issue 32, item 6: ≤ 10 s for the whole market): a seeded
 * generator makes 7,000 symbols' bars for consecutive trading days after the snapshot; each day is claimed,
 * checked against the previous closes and stored in one transaction through the same ingestion the job runs.
 * The vendor answers from memory, so the figure is our side only (a real vendor call adds its own time).
 * Also: reading one symbol's history on a new data day through the stored snapshot.
 * Standalone: `npx tsx bench/market-ingest.bench.ts`; PostgreSQL from BENCH_DATABASE_URL (default local).
 */
import pg from 'pg';
import { addDays, isTradingDay } from '../core/market/trading-calendar.ts';
import { openDatabase } from '../server/adapters/db/index.ts';
import { createBundledProvider } from '../server/adapters/market-data/bundled/index.ts';
import { findBundledDataDir } from '../server/adapters/market-data/index.ts';
import { findAppRoot } from '../server/lib/app-root.ts';
import { createLogger } from '../server/lib/logger.ts';
import type { IngestDailyBar } from '../core/market/ingest-validation.ts';
import { createMarketDataStore } from '../server/features/market/market-data-store.ts';
import { createMarketIngest, type IngestVendor } from '../server/features/market/market-ingest.ts';
import { createStoredSnapshot } from '../server/features/market/stored-snapshot.ts';
import { median, report } from './support.ts';
import { createSeededRandom } from '../core/test-kit/seeded-random.ts';

const SYMBOLS = 7_000;
const DAYS = 5;
const BUDGET_S = 10;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** 7,000 symbols with a random walk of closes: each day a bar inside its own range, ±3 % at most. */
function createSimulatedVendor(): IngestVendor {
  const random = createSeededRandom(32);
  const closes = new Map<string, number>();
  for (let i = 0; i < SYMBOLS; i++) closes.set(`SIM${i.toString().padStart(4, '0')}`, 5 + random() * 495);
  return {
    id: 'simulated',
    async fetchDailyBars(day) {
      const accepted: IngestDailyBar[] = [];
      for (const [symbol, prev] of closes) {
        const close = Math.round(prev * (1 + (random() - 0.5) * 0.06) * 100) / 100;
        const open = Math.round(prev * (1 + (random() - 0.5) * 0.02) * 100) / 100;
        const high = Math.max(open, close) * (1 + random() * 0.01);
        const low = Math.min(open, close) * (1 - random() * 0.01);
        accepted.push({
          symbol,
          date: day,
          open,
          high: Math.round(high * 100) / 100,
          low: Math.round(low * 100) / 100,
          close,
          volume: Math.round(random() * 5e6),
          vwap: null,
          trades: null,
        });
        closes.set(symbol, close);
      }
      return { accepted, refused: [], wholeAnswerRefused: null };
    },
    async fetchCorporateActions() {
      const none = { accepted: [], refused: [], wholeAnswerRefused: null };
      return { splits: none, dividends: none };
    },
  };
}

async function measure(label: string, databaseUrl: string | undefined) {
  const db = await openDatabase({ databaseUrl });
  const snapshot = createBundledProvider(findBundledDataDir(findAppRoot()));
  await snapshot.preload();
  const store = createMarketDataStore(db);
  let clock = new Date('2026-07-02T22:00:00Z');
  const ingest = createMarketIngest({ store, vendor: createSimulatedVendor(), snapshot, now: () => clock, logger: createLogger('silent') });
  const seconds: number[] = [];
  let day = '2026-07-02';
  for (let i = 0; i < DAYS; i++) {
    do day = addDays(day, 1);
    while (!isTradingDay(day));
    clock = new Date(`${day}T22:00:00Z`);
    const t = performance.now();
    const outcome = (await ingest.refresh({ day })).find((o) => o.dataset === 'prices');
    seconds.push((performance.now() - t) / 1000);
    if (outcome?.outcome !== 'stored' || outcome.stored !== SYMBOLS) throw new Error(`${day}: ${JSON.stringify(outcome)}`);
  }
  const p50 = median(seconds);
  report(
    `market ingest one day, ${SYMBOLS.toLocaleString('en-US')} symbols, ${label} p50`,
    p50,
    's',
    `${seconds.map((s) => s.toFixed(2)).join(', ')} s over ${DAYS} days; budget ≤ ${BUDGET_S} s`,
  );
  report(`market ingest one day ${label} / budget`, p50 / BUDGET_S, 'x', 'below 1 is within budget');

  // A read on the new data day: the snapshot's AAPL continued by the stored days (none for AAPL here: the store's
  // symbols are simulated), and a simulated symbol's history from the store alone.
  const stored = createStoredSnapshot(snapshot, store, () => clock);
  await stored.refreshDataDay();
  const reads: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    await stored.getHistory!(`SIM${(i * 97).toString().padStart(4, '0')}`, 'max');
    reads.push(performance.now() - t);
  }
  report(`stored history read (cold, one symbol) ${label} p50`, median(reads), 'ms', `${DAYS} stored days`);
  await db.close();
}

await measure('PGlite', undefined);
const name = `sp_bench_market_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
try {
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await measure('PostgreSQL', url.toString());
} catch (e) {
  console.log(`market ingest PostgreSQL part skipped: ${(e as Error).message}`);
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  await admin.end().catch(() => {});
}
