import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { createMassiveClient, createMassiveListingsVendor } from '../../adapters/market-data/index.ts';
import { parseEnv } from '../../env.ts';
import type { AppContext } from '../../http/feature.ts';
import { findAppRoot } from '../../lib/app-root.ts';
import { createLogger } from '../../lib/logger.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { type FakeAgg, type FakeMarketVendor, startFakeMarketVendor, listTradingDaysThrough } from '../../test/fake-market-vendor.ts';
import { createBundledProvider } from '../../adapters/market-data/bundled/index.ts';
import { findBundledDataDir } from '../../adapters/market-data/index.ts';
import { createMarketFeature, type MarketFeature } from './index.ts';
import { createListingsIngest } from './listings-ingest.ts';
import { createListingsStore } from './listings-store.ts';
import { createMarketDataStore } from './market-data-store.ts';

/** `n` trading days of bars through Jul 2 2026 at $10 + 1 cent a day, as Massive stamps them (05:00Z: the New York day all year). */
function buildBars(n: number): FakeAgg[] {
  return listTradingDaysThrough(n).map((day, i) => {
    const c = 10 + i / 100;
    return { o: c, h: c + 0.05, l: c - 0.05, c, v: 1_000, t: Date.parse(`${day}T05:00:00Z`) };
  });
}

describeEachDatabase('two worker processes on one database: the listings day and each backfill happen once', (kind) => {
  let db: Database;
  let fake: FakeMarketVendor;
  const clock = new Date('2026-07-06T14:00:00Z');
  let a: MarketFeature;
  let b: MarketFeature;
  const snapshot = createBundledProvider(findBundledDataDir(findAppRoot()));
  const NEW = ['NWAA', 'NWBB', 'NWCC', 'NWDD', 'NWEE', 'NWFF'];

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    fake = await startFakeMarketVendor();
    for (const symbol of NEW) fake.addListing({ symbol, name: `${symbol} Holdings`, bars: buildBars(30) });
    const process = (): MarketFeature => {
      const ctx: AppContext = {
        env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
        db,
        logger: createLogger('silent'),
        appRoot: findAppRoot(),
        now: () => clock,
      };
      const client = createMassiveClient({ fetch: (url, init) => fetch(url, init), apiKey: fake.apiKey, baseUrl: fake.url, retries: 0 });
      return createMarketFeature(ctx, { ingestVendor: null, listingsVendor: createMassiveListingsVendor(client, null), minActiveListings: 100 });
    };
    [a, b] = [process(), process()];
  });
  afterAll(async () => {
    await fake?.close();
    await db?.close();
  });

  it('both run the day at once: one stores the 131 listings, the other finds the day held or done; the vendor is read once', async () => {
    const outcomes = await Promise.all([a.listings!.refreshListings(), b.listings!.refreshListings()]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual([expect.stringMatching(/^(held by another process|already stored)$/), 'stored'].sort());
    expect(outcomes.find((o) => o.outcome === 'stored')).toMatchObject({ stored: 131 });
    // Four lists (stocks and ETFs, active and delisted), each read by one process only.
    const listReads = fake.requests.filter((r) => r.path === '/v3/reference/tickers' && !r.query.cursor);
    expect(listReads).toHaveLength(4);
    expect((await db.query(sql`SELECT count(*)::int AS n FROM market_listings`))[0]).toEqual({ n: 131 });
  });

  it('both backfill at once, 4 symbols a cycle at most: the six new listings are fetched once each; the next cycle finds none left', async () => {
    // The processes' own ingestion with this test's bound (the app's is BACKFILL_PER_CYCLE = 200).
    const worker = () =>
      createListingsIngest({
        store: createListingsStore(db),
        vendor: createMassiveListingsVendor(
          createMassiveClient({ fetch: (url, init) => fetch(url, init), apiKey: fake.apiKey, baseUrl: fake.url, retries: 0 }),
          null,
        ),
        snapshot,
        readNewestPricesDay: () => createMarketDataStore(db).readNewestDay('prices'),
        now: () => clock,
        logger: createLogger('silent'),
        backfillPerCycle: 4,
      });
    const [x, y] = [worker(), worker()];
    const first = await Promise.all([x.backfillPrices(), y.backfillPrices()]);
    // 4 + 2: one cycle took its bound, the other the rest (which one is which depends on who claims first).
    expect(first.map((c) => c.length).sort()).toEqual([2, 4]);
    const stored = first.flat();
    expect(stored.map((o) => [o.symbol, o.outcome, o.bars]).sort()).toEqual(NEW.map((s) => [s, 'stored', 30]));
    // Each symbol's splits and aggregates were asked once.
    const asked = fake.requests.filter((r) => r.path.startsWith('/v2/aggs/ticker/')).map((r) => r.path.split('/')[4]);
    expect(asked.sort()).toEqual(NEW);
    expect(await Promise.all([x.backfillPrices(), y.backfillPrices()])).toEqual([[], []]);
    expect((await db.query(sql`SELECT count(*)::int AS n FROM market_bars`))[0]).toEqual({ n: 6 * 30 });
  });
});
