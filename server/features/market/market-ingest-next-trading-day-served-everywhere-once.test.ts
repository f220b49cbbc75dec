import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestDailyBar } from '../../../core/market/ingest-validation.ts';
import type { Database } from '../../adapters/db/index.ts';
import { createIngestVendor, createMassiveClient, createMassiveIngestVendor } from '../../adapters/market-data/index.ts';
import { parseEnv } from '../../env.ts';
import type { AppContext } from '../../http/feature.ts';
import { findAppRoot } from '../../lib/app-root.ts';
import { createLogger } from '../../lib/logger.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { buildGroupedDay, type FakeMarketVendor, startFakeMarketVendor } from '../../test/fake-market-vendor.ts';
import { createMarketFeature, type MarketFeature } from './index.ts';
import type { IngestVendor, MarketIngest } from './market-ingest.ts';

/**
 * A vendor in process for the scenarios about processes (two at once, one killed mid-day): each requested day's
 * bars for four symbols, 1 % above the previous close it is given, or a call that hangs until released. What the
 * vendors send and what is refused goes through Massive's real client against a local server (the first suite).
 */
function createVendor() {
  const state = { calls: [] as string[], hang: null as null | { release: () => void } };
  const SYMBOLS = ['AAPL', 'MSFT', 'KO', 'SPY'];
  const vendor: IngestVendor = {
    id: 'test-vendor',
    async fetchDailyBars(day, { previousCloses }) {
      state.calls.push(day);
      if (state.hang) await new Promise<void>((resolve) => (state.hang = { release: resolve }));
      const accepted: IngestDailyBar[] = SYMBOLS.map((symbol) => {
        const close = Math.round(previousCloses.get(symbol)!.close * 1.01 * 100) / 100;
        return { symbol, date: day, open: close, high: close, low: close, close, volume: 1_000, vwap: null, trades: null };
      });
      return { accepted, refused: [], wholeAnswerRefused: null };
    },
    async fetchCorporateActions() {
      const none = { accepted: [], refused: [], wholeAnswerRefused: null };
      return { splits: none, dividends: none };
    },
  };
  return { vendor, state };
}

describe('the ingestion vendor from config', () => {
  it('is Massive when MASSIVE_API_KEY is set (whatever MARKET_PROVIDER says), none without it', () => {
    expect(createIngestVendor({ MARKET_PROVIDER: 'bundled', MASSIVE_API_KEY: 'k' }, {})?.id).toBe('massive');
    expect(createIngestVendor({ MARKET_PROVIDER: 'live' }, {})).toBeNull();
  });
});

describeEachDatabase('ingesting Massive’s grouped days from a local vendor: served everywhere, bad bars stored nowhere', (kind) => {
  let db: Database;
  let fake: FakeMarketVendor;
  let clock = new Date('2026-07-07T22:00:00Z'); // Tuesday evening in New York, after the close
  let f: MarketFeature;
  const closeOf = (day: string, symbol: string) => fake.massive.grouped.get(day)!.results.find((r) => r.T === symbol)!.c;
  /** The next day of the fake market, built on the previous one's closes. */
  const addGroupedDay = (day: string, after: string) => {
    const prev = fake.massive.grouped.get(after)!.results;
    const bars = Object.fromEntries(prev.map((r) => [r.T, { type: 'CS', name: r.T, date: after, open: r.o, high: r.h, low: r.l, close: r.c, volume: r.v }]));
    const results = buildGroupedDay(day, bars);
    fake.massive.grouped.set(day, { status: 'OK', resultsCount: results.length, results });
  };

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    fake = await startFakeMarketVendor();
    addGroupedDay('2026-07-07', '2026-07-06');
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const ctx: AppContext = { env, db, logger: createLogger('silent'), appRoot: findAppRoot(), now: () => clock };
    // Massive's real client and checks; the whole-market floor is lowered from 5,000 rows to the fake's 125.
    const client = createMassiveClient({ fetch: (url, init) => fetch(url, init), apiKey: fake.apiKey, baseUrl: fake.url, minGroupedResults: 100, retries: 0 });
    f = createMarketFeature(ctx, { ingestVendor: createMassiveIngestVendor(client) });
  });
  afterAll(async () => {
    await fake.close();
    await db.close();
  });

  it('skips the Jul 3 holiday; stores Jul 6 and Jul 7; the quote, the history, the dates and the banner follow', async () => {
    expect((await f.market.getQuote('AAPL')).as_of).toBe('2026-07-02');
    expect(f.readFreshness()).toMatchObject({ as_of: '2026-07-02', stale: true });
    expect(await f.ingest!.listDaysToIngest()).toEqual(['2026-07-06', '2026-07-07']);

    const outcomes = await f.ingest!.refresh();
    expect(outcomes.filter((o) => o.dataset === 'prices').map((o) => [o.day, o.outcome, o.stored, o.refused])).toEqual([
      ['2026-07-06', 'stored', 125, 0],
      ['2026-07-07', 'stored', 125, 0],
    ]);
    // Every Massive request carried the key as a bearer token; none asked for Jul 3.
    expect(fake.requests.every((r) => r.authorization === `Bearer ${fake.apiKey}`)).toBe(true);
    expect(fake.requests.some((r) => r.path.includes('2026-07-03'))).toBe(false);

    const quote = await f.market.getQuote('AAPL');
    expect(quote).toMatchObject({ as_of: '2026-07-07', price: closeOf('2026-07-07', 'AAPL'), previous_close: closeOf('2026-07-06', 'AAPL') });
    const history = await f.market.getHistory('MSFT', '1m');
    expect(history.bars.slice(-2).map((b) => [b.date, b.close])).toEqual([
      ['2026-07-06', closeOf('2026-07-06', 'MSFT')],
      ['2026-07-07', closeOf('2026-07-07', 'MSFT')],
    ]);
    expect(f.readFreshness()).toMatchObject({ as_of: '2026-07-07', stale: false, notice: null, lag_trading_days: 0 });
    expect(f.describe?.()).toMatchObject({ data_as_of: '2026-07-07', 'data_as_of.prices': '2026-07-07' });
  });

  it('re-running a stored day changes nothing and asks the vendor nothing', async () => {
    const asked = fake.requests.length;
    const bars = await countBars(db);
    // Both of the day's steps are done: the corporate actions pass silently, the prices say so.
    expect((await f.ingest!.refresh({ day: '2026-07-07' })).map((o) => [o.dataset, o.outcome])).toEqual([['prices', 'already stored']]);
    expect(fake.requests.length).toBe(asked);
    expect(await countBars(db)).toBe(bars);
  });

  it("a bar outside its own range is refused and stored nowhere, with its reason; the day's other bars are stored", async () => {
    clock = new Date('2026-07-08T22:00:00Z');
    addGroupedDay('2026-07-08', '2026-07-07');
    fake.spoilGroupedBar('2026-07-08', 'MSFT', 'outside_range');
    const [, prices] = await f.ingest!.refresh();
    expect(prices).toMatchObject({ day: '2026-07-08', outcome: 'stored', stored: 124, refused: 1 });
    expect(await db.query(sql`SELECT day FROM market_bars WHERE symbol = 'MSFT' AND day = '2026-07-08'`)).toEqual([]);
    const [refusal] = await db.query<{ code: string; item_key: string }>(sql`SELECT code, item_key FROM market_refusals WHERE day = '2026-07-08'`);
    expect(refusal).toMatchObject({ code: 'bar_outside_range' });
    expect((await f.market.getQuote('MSFT')).as_of).toBe('2026-07-07');
    expect((await f.market.getQuote('AAPL')).as_of).toBe('2026-07-08');
  });

  it('an answer cut short is refused as a whole: nothing stored, the day retried on the next cycle and stored then', async () => {
    clock = new Date('2026-07-09T22:00:00Z');
    addGroupedDay('2026-07-09', '2026-07-08');
    const whole = fake.massive.grouped.get('2026-07-09')!;
    fake.massive.grouped.set('2026-07-09', { ...whole, resultsCount: 40, results: whole.results.slice(0, 40) });
    const bars = await countBars(db);
    const cut = await f.ingest!.refresh();
    const prices = cut.at(-1);
    expect(prices).toMatchObject({ day: '2026-07-09', outcome: 'refused' });
    expect(await countBars(db)).toBe(bars);
    expect((await f.market.getQuote('AAPL')).as_of).toBe('2026-07-08');

    fake.massive.grouped.set('2026-07-09', whole);
    const again = (await f.ingest!.refresh()).at(-1);
    expect(again).toMatchObject({ day: '2026-07-09', outcome: 'stored', stored: 125 });
    expect((await f.market.getQuote('AAPL')).as_of).toBe('2026-07-09');
  });
});

const countBars = async (db: Database) => Number((await db.query<{ n: number }>(sql`SELECT count(*) AS n FROM market_bars`))[0]!.n);

describeEachDatabase('ingesting a day across processes: once, never half', (kind) => {
  let db: Database;
  let clock = new Date('2026-07-09T22:00:00Z');
  // Each feature is what one app process holds: its own caches, the same database.
  const makeFeature = (vendor: IngestVendor): MarketFeature => {
    const ctx: AppContext = {
      env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      db,
      logger: createLogger('silent'),
      appRoot: findAppRoot(),
      now: () => clock,
    };
    return createMarketFeature(ctx, { ingestVendor: vendor });
  };
  const countRows = () => countBars(db);
  const prices = (outcomes: Awaited<ReturnType<MarketIngest['refresh']>>) => outcomes.filter((o) => o.dataset === 'prices');

  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(() => db.close());

  it('two processes on one database ingest a new day once: one stores it, the other finds it held or done', async () => {
    clock = new Date('2026-07-09T22:00:00Z');
    const a = createVendor();
    const b = createVendor();
    const before = await countRows();
    const day = '2026-07-06';
    const [ra, rb] = await Promise.all([makeFeature(a.vendor).ingest!.refresh({ day }), makeFeature(b.vendor).ingest!.refresh({ day })]);
    // The loser stops at the first step it finds held (the day's corporate actions) or finds the day done.
    expect(prices([...ra, ...rb]).filter((o) => o.outcome === 'stored')).toHaveLength(1);
    expect([...ra, ...rb].filter((o) => o.outcome !== 'stored').map((o) => o.outcome)).toEqual([
      expect.stringMatching(/^(already stored|held by another process)$/),
    ]);
    expect(a.state.calls.length + b.state.calls.length).toBe(1);
    expect(await countRows()).toBe(before + 4);
  });

  it('a process killed mid-day leaves a lease and nothing stored; after the lease runs out another completes the day, and the dead one can store nothing', async () => {
    clock = new Date('2026-07-10T22:00:00Z');
    const dead = createVendor();
    dead.state.hang = { release: () => {} };
    const before = await countRows();
    const day = '2026-07-07';
    const stuck = makeFeature(dead.vendor).ingest!.refresh({ day });
    await new Promise((r) => setImmediate(r));
    while (dead.state.calls.length === 0) await new Promise((r) => setImmediate(r));
    // Another process within the lease (10 minutes) is told the day is held.
    const other = createVendor();
    expect(prices(await makeFeature(other.vendor).ingest!.refresh({ day })).map((o) => o.outcome)).toEqual(['held by another process']);
    expect(await countRows()).toBe(before);

    clock = new Date(clock.getTime() + 11 * 60_000);
    expect(prices(await makeFeature(other.vendor).ingest!.refresh({ day })).map((o) => [o.day, o.outcome])).toEqual([['2026-07-07', 'stored']]);
    expect(await countRows()).toBe(before + 4);

    // The "dead" process wakes up: its lease was taken over, so its transaction stores nothing and says so.
    dead.state.hang!.release();
    await expect(stuck).rejects.toThrow(/lease on prices 2026-07-07 was lost/);
    expect(await countRows()).toBe(before + 4);
  });
});
