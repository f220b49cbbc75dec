import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { parseEnv } from '../../env.ts';
import type { AppContext } from '../../http/feature.ts';
import { findAppRoot } from '../../lib/app-root.ts';
import { createLogger } from '../../lib/logger.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { createMarketFeature, type MarketFeature } from './index.ts';
import type { BarRow } from './market-data-store.ts';
import type { IngestVendor, VendorDay } from './market-ingest.ts';

/**
 * The vendor's side, in process: each requested day's bars for four symbols, 1 % above the previous close it is
 * given (so the arithmetic is visible), or a refused answer, or a call that hangs until released. The HTTP vendors
 * and their validation are tested against a local server in the adapters' own tests.
 */
function createVendor() {
  const state = { calls: [] as string[], refuseDays: new Set<string>(), hang: null as null | { release: () => void } };
  const SYMBOLS = ['AAPL', 'MSFT', 'KO', 'SPY'];
  const vendor: IngestVendor = {
    id: 'test-vendor',
    async fetchDailyBars(day, previousCloses): Promise<VendorDay<BarRow>> {
      state.calls.push(day);
      if (state.hang) await new Promise<void>((resolve) => (state.hang = { release: resolve }));
      if (state.refuseDays.has(day))
        return { accepted: [], refused: [{ key: '*', code: 'truncated', reason: 'the answer ended mid-file' }], wholeAnswerRefused: 'truncated answer' };
      const accepted = SYMBOLS.map((symbol) => {
        const close = Math.round(previousCloses.get(symbol)! * 1.01 * 100) / 100;
        return { symbol, date: day, open: close, high: close, low: close, close, volume: 1_000, source: 'test-vendor' };
      });
      return { accepted, refused: [], wholeAnswerRefused: null };
    },
  };
  return { vendor, state };
}

describeEachDatabase('ingesting the next trading days: served everywhere, once, never half', (kind) => {
  let db: Database;
  let clock = new Date('2026-07-07T22:00:00Z'); // Tuesday evening in New York, after the close
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
  const countBars = async () => Number((await db.query<{ n: number }>(sql`SELECT count(*) AS n FROM market_bars`))[0]!.n);

  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(() => db.close());

  it('skips the Jul 3 holiday; stores Jul 6 and Jul 7; the quote, the history, the dates and the banner follow', async () => {
    const { vendor, state } = createVendor();
    const f = makeFeature(vendor);
    const aaplBefore = await f.market.getQuote('AAPL');
    expect(aaplBefore.as_of).toBe('2026-07-02');
    expect(f.readFreshness()).toMatchObject({ as_of: '2026-07-02', stale: true });
    expect(await f.ingest!.listDaysToIngest()).toEqual(['2026-07-06', '2026-07-07']);

    const outcomes = await f.ingest!.refresh();
    expect(outcomes.map((o) => [o.day, o.outcome, o.stored])).toEqual([
      ['2026-07-06', 'stored', 4],
      ['2026-07-07', 'stored', 4],
    ]);
    expect(state.calls).toEqual(['2026-07-06', '2026-07-07']);

    // $308.63 on Jul 2 → × 1.01 = $311.72 on Jul 6 → × 1.01 = $314.84 on Jul 7.
    const quote = await f.market.getQuote('AAPL');
    expect(quote).toMatchObject({ as_of: '2026-07-07', price: 314.84, previous_close: 311.72, change: 3.12 });
    const history = await f.market.getHistory('AAPL', '1m');
    expect(history.bars.slice(-3).map((b) => [b.date, b.close])).toEqual([
      ['2026-07-02', 308.63],
      ['2026-07-06', 311.72],
      ['2026-07-07', 314.84],
    ]);
    // The data day moved: the banner is gone and /api/health's dates follow (the caches keyed by the data day — the
    // universe read, the screener's table — have their own tests of that key).
    expect(f.readFreshness()).toMatchObject({ as_of: '2026-07-07', stale: false, notice: null, lag_trading_days: 0 });
    expect(f.describe?.()).toMatchObject({ data_as_of: '2026-07-07', 'data_as_of.prices': '2026-07-07' });
    expect(f.market.dataAsOf()).toBe('2026-07-07');
  });

  it('re-running a stored day changes nothing and asks the vendor nothing', async () => {
    const { vendor, state } = createVendor();
    const before = await countBars();
    const outcomes = await makeFeature(vendor).ingest!.refresh({ day: '2026-07-07' });
    expect(outcomes.map((o) => o.outcome)).toEqual(['already stored']);
    expect(state.calls).toEqual([]);
    expect(await countBars()).toBe(before);
  });

  it('a refused answer stores nothing, is kept with its reason, and the next cycle stores the day', async () => {
    clock = new Date('2026-07-08T22:00:00Z');
    const { vendor, state } = createVendor();
    state.refuseDays.add('2026-07-08');
    const f = makeFeature(vendor);
    const before = await countBars();
    expect((await f.ingest!.refresh()).map((o) => [o.day, o.outcome, o.detail])).toEqual([['2026-07-08', 'refused', 'truncated answer']]);
    expect(await countBars()).toBe(before);
    const [run] = await db.query<{ status: string; detail: string }>(sql`SELECT status, detail FROM market_ingest_runs WHERE day = '2026-07-08'`);
    expect(run).toEqual({ status: 'refused', detail: 'truncated answer' });
    expect((await f.market.getQuote('AAPL')).as_of).toBe('2026-07-07');

    state.refuseDays.clear();
    expect((await f.ingest!.refresh()).map((o) => [o.day, o.outcome])).toEqual([['2026-07-08', 'stored']]);
    expect(await countBars()).toBe(before + 4);
  });

  it('two processes on one database ingest a new day once: one stores it, the other finds it held or done', async () => {
    clock = new Date('2026-07-09T22:00:00Z');
    const a = createVendor();
    const b = createVendor();
    const before = await countBars();
    const [ra, rb] = await Promise.all([makeFeature(a.vendor).ingest!.refresh(), makeFeature(b.vendor).ingest!.refresh()]);
    const outcomes = [...ra, ...rb].map((o) => o.outcome);
    expect(outcomes.filter((o) => o === 'stored')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'stored')).toEqual([expect.stringMatching(/^(already stored|held by another process)$/)]);
    expect(a.state.calls.length + b.state.calls.length).toBe(1);
    expect(await countBars()).toBe(before + 4);
  });

  it('a process killed mid-day leaves a lease and nothing stored; after the lease runs out another completes the day, and the dead one can store nothing', async () => {
    clock = new Date('2026-07-10T22:00:00Z');
    const dead = createVendor();
    dead.state.hang = { release: () => {} };
    const before = await countBars();
    const stuck = makeFeature(dead.vendor).ingest!.refresh();
    await new Promise((r) => setImmediate(r));
    while (dead.state.calls.length === 0) await new Promise((r) => setImmediate(r));
    // Another process within the lease (10 minutes) is told the day is held.
    const other = createVendor();
    expect((await makeFeature(other.vendor).ingest!.refresh()).map((o) => o.outcome)).toEqual(['held by another process']);
    expect(await countBars()).toBe(before);

    clock = new Date(clock.getTime() + 11 * 60_000);
    expect((await makeFeature(other.vendor).ingest!.refresh()).map((o) => [o.day, o.outcome])).toEqual([['2026-07-10', 'stored']]);
    expect(await countBars()).toBe(before + 4);

    // The "dead" process wakes up: its lease was taken over, so its transaction stores nothing and says so.
    dead.state.hang!.release();
    await expect(stuck).rejects.toThrow(/lease on prices 2026-07-10 was lost/);
    expect(await countBars()).toBe(before + 4);
  });
});
