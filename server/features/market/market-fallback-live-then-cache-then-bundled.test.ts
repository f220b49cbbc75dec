import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { parseEnv } from '../../env.ts';
import type { AppContext } from '../../http/feature.ts';
import { findAppRoot } from '../../lib/app-root.ts';
import { createLogger } from '../../lib/logger.ts';
import { createTestDatabase, describeOnPglite } from '../../test/db.ts';
import { type FakeMarketVendor, newYorkMidnightMs, startFakeMarketVendor } from '../../test/fake-market-vendor.ts';
import { createMarketFeature, type MarketFeature } from './index.ts';
import { createMarketCache } from './market-store.ts';
import { createSecFactsStore } from './sec-facts-store.ts';
import { createBundledProvider } from '../../adapters/market-data/bundled/index.ts';
import { findBundledDataDir } from '../../adapters/market-data/index.ts';

/** One bar of Massive's aggregates for AAPL (raw and adjusted alike: no split in the window). */
const agg = (day: string, close: number) => ({ T: 'AAPL', o: close, h: close, l: close, c: close, v: 50_000_000, vw: close, t: newYorkMidnightMs(day), n: 1 });

/**
 * The vendors answer from a local server speaking Massive's and SEC EDGAR's formats (server/test/fake-market-vendor.ts),
 * or fail the way the network does (500s, answers slower than the timeout). Nothing leaves the machine.
 */
describeOnPglite('market fallback chain: live, then cache, then bundled, each labelled', (kind) => {
  let db: Database;
  let market: MarketFeature['market'];
  let fake: FakeMarketVendor;
  let clock = new Date('2026-07-10T20:00:00Z');
  // A slow answer takes 1.5 s against a 300 ms timeout: far enough apart that a loaded machine cannot blur them (50 ms vs 200 ms did).
  const down = (prefix: string, mode: '500' | 'slow') => fake.failNext(prefix, mode, 1_000, 1_500);
  const up = () => fake.recover();
  const calls = (prefix: string) => fake.requests.filter((r) => r.path.startsWith(prefix)).length;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    fake = await startFakeMarketVendor();
    fake.massive.aggregates.set('AAPL', [agg('2026-07-09', 305.5), agg('2026-07-10', 310.02)]);
    fake.massive.splits.push({ ticker: 'AAPL', execution_date: '2020-08-31', split_from: 1, split_to: 4 });
    fake.massive.dividends.push(
      { ticker: 'AAPL', cash_amount: 0.82, currency: 'USD', ex_dividend_date: '2020-08-07', pay_date: '2020-08-13', frequency: 4, dividend_type: 'CD' },
      { ticker: 'AAPL', cash_amount: 0.205, currency: 'USD', ex_dividend_date: '2020-11-06', pay_date: '2020-11-12', frequency: 4, dividend_type: 'CD' },
    );
    const env = parseEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      MARKET_PROVIDER: 'live',
      SEC_USER_AGENT: 'Stockpilot tests ops@example.test',
      MASSIVE_API_KEY: fake.apiKey,
      MASSIVE_BASE_URL: fake.url,
      SEC_DATA_BASE_URL: fake.url,
      SEC_WWW_BASE_URL: fake.url,
    });
    const ctx: AppContext = { env, db, logger: createLogger('silent'), appRoot: findAppRoot(), now: () => clock };
    const feature = createMarketFeature(ctx, { liveHttp: { retries: 2, backoffMs: 1, timeoutMs: 300 }, ingestVendor: null });
    expect(feature.describe?.()).toMatchObject({ market: 'live', data_as_of: '2026-07-02' });
    market = feature.market;
  });
  afterAll(async () => {
    await fake.close();
    await db.close();
  });

  it('1. live answers are served and cached, labelled live', async () => {
    const q = await market.getQuote('AAPL');
    expect(q).toMatchObject({ served_by: 'live', provider: 'massive', price: 310.02, previous_close: 305.5, source: 'massive-live', as_of: '2026-07-10' });
    // 310.02 − 305.50 = 4.52; 4.52 / 305.50 = 1.48 %
    expect(q.change).toBe(4.52);
    expect(q.change_percent).toBe(1.48);
    expect(q.stale).toBeUndefined();
    const rows = await db.query<{ provider: string }>(sql`SELECT provider FROM market_cache WHERE kind = 'quote' AND cache_key = 'AAPL'`);
    expect(rows).toEqual([{ provider: 'massive' }]);
  });

  it('2. within the quote TTL (60 s) the cache answers without calling the vendor', async () => {
    down('/v2/aggs', '500');
    const before = calls('/v2/aggs');
    clock = new Date(clock.getTime() + 30_000);
    const q = await market.getQuote('AAPL');
    expect(q).toMatchObject({ served_by: 'cache', provider: 'massive', price: 310.02 });
    expect(q.stale).toBeUndefined();
    expect(calls('/v2/aggs')).toBe(before);
  });

  it('3. past the TTL with the vendor down (3 attempts: 1 + 2 retries), the stale cache is served and says so', async () => {
    clock = new Date(clock.getTime() + 120_000);
    const before = calls('/v2/aggs');
    const q = await market.getQuote('AAPL');
    expect(calls('/v2/aggs') - before).toBe(3);
    expect(q).toMatchObject({ served_by: 'cache', provider: 'massive', stale: true, price: 310.02 });
  });

  it('4. nothing cached and the vendor timing out: the bundled snapshot answers, labelled bundled', async () => {
    up();
    down('/v2/aggs', 'slow');
    const q = await market.getQuote('MSFT');
    expect(q).toMatchObject({ served_by: 'bundled', provider: 'bundled', source: 'yahoo-daily', as_of: '2026-07-02', symbol: 'MSFT' });
  });

  it('5. a symbol the vendor has no bars for falls through to the bundle without retries', async () => {
    up();
    const before = calls('/v2/aggs');
    const h = await market.getHistory('MSFT', '1m');
    expect(calls('/v2/aggs') - before).toBe(1);
    expect(h).toMatchObject({ served_by: 'bundled', interval: '1d', adjustment: 'split' });
  });

  it('6. SEC EDGAR fundamentals: sent with the contact User-Agent, FY2019 EPS restated for the 2020 4-for-1 split', async () => {
    up();
    const f = await market.getFundamentals('AAPL');
    expect(f).toMatchObject({ served_by: 'live', provider: 'sec-edgar' });
    const lastCall = fake.requests.findLast((r) => r.path.includes('companyfacts'))!;
    expect(lastCall.userAgent).toBe('Stockpilot tests ops@example.test');
    const ends = f.annual.periods.map((p) => p.end);
    expect(ends).toEqual(['2019-09-28', '2020-09-26', '2024-09-28', '2025-09-27']);
    const eps = f.annual.income.find((l) => l.key === 'eps_diluted')!.values;
    // Filed in 2019 before the split: 11.89 / 4 = 2.9725 (net income 55,256M / (4,648.9M × 4) shares ≈ 2.97).
    expect(eps[0]).toEqual({ value: 2.9725, source: 'sec-edgar-live', as_of: '2019-10-31', note: 'restated for a split after the period (11.89 as reported)' });
    // Re-filed in 2022 after the split: already restated, left alone.
    expect(eps[1]!.value).toBe(3.28);
    const shares = f.annual.income.find((l) => l.key === 'shares_diluted')!.values;
    expect(shares[0]!.value).toBe(4_648_913_000 * 4);
    // Free cash flow derived: 111,482M − 12,715M = 98,767M.
    expect(f.annual.cash_flow.find((l) => l.key === 'free_cash_flow')!.values.at(-1)!.value).toBe(98_767_000_000);
    // The 10-Q's trailing-twelve-month revenue (ending 2025-06-28) is not an annual period.
    expect(ends).not.toContain('2025-06-28');
  });

  it('7. a day later with EDGAR down, the statements come from the stale cache; dividends fall back to the bundle', async () => {
    down('/api/xbrl', '500');
    down('/v3/reference', '500');
    clock = new Date(clock.getTime() + 25 * 3600_000);
    const f = await market.getFundamentals('AAPL');
    expect(f).toMatchObject({ served_by: 'cache', provider: 'sec-edgar', stale: true });
    const d = await market.getDividends('KO');
    expect(d.served_by).toBe('bundled');
    expect(d.dividends.length).toBeGreaterThan(40);
  });

  it("8. Massive's dividends and splits: an amount declared before the 4-for-1 split is on today's basis ($0.82 / 4 = $0.205)", async () => {
    up();
    const d = await market.getDividends('AAPL');
    expect(d.served_by).toBe('live');
    expect(d.splits).toEqual([{ date: '2020-08-31', ratio: 4, source: 'massive-live' }]);
    expect(d.dividends.map((x) => [x.ex_date, x.amount])).toEqual([
      ['2020-08-07', 0.205],
      ['2020-11-06', 0.205],
    ]);
  });

  it('9. entries expired for more than a week are purged; fresher stale ones stay as a fallback', async () => {
    const cache = createMarketCache(db, () => clock);
    const before = (await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM market_cache`))[0]!.n;
    expect(before).toBeGreaterThan(0);
    expect(await cache.purge(7 * 24 * 3600)).toBe(0);
    // 9 days on, the purge cut-off is 2 days after the last writes: quotes (60 s), history (6 h), statements and
    // dividends (24 h) expired before it and go; splits (7 days) expire after it and stay.
    clock = new Date(clock.getTime() + 9 * 24 * 3600_000);
    expect(await cache.purge(7 * 24 * 3600)).toBeGreaterThan(0);
    const left = await db.query<{ kind: string }>(sql`SELECT DISTINCT kind FROM market_cache ORDER BY kind`);
    expect(left.map((r) => r.kind)).toEqual(['splits']);
  });

  it('10. in live mode a listed stock the snapshot does not cover is offered for analysis (the vendors cover it)', async () => {
    // AACB: listed on Nasdaq, no bundled prices or statements.
    expect(await market.coverage('AACB')).toEqual({ quote: true, history: 'daily', fundamentals: true, etf: false, dividends: true });
    const [hit] = await market.search('AACB', 1);
    expect(hit!.coverage.history).toBe('daily');
  });

  it('11. a company whose statements the filings job stored is read from the store — no EDGAR request — while one it has not stored is still asked of EDGAR', async () => {
    up();
    // The filings job stored MSFT's statements (here the snapshot's document, with a filing through 2026-07-31).
    const msft = (await createBundledProvider(findBundledDataDir(findAppRoot())).getFundamentals!('MSFT'))!;
    await createSecFactsStore(db).storeCompany(
      { symbol: 'MSFT', cik: '0000789019', facts: [], filings: [], fundamentals: msft, filedThrough: '2026-07-31', markChecked: false },
      clock,
    );
    const before = calls('/api/xbrl');
    const f = await market.getFundamentals('MSFT');
    expect(f).toMatchObject({ served_by: 'bundled' });
    expect(f.annual.periods).toEqual(msft.annual.periods);
    expect(calls('/api/xbrl') - before).toBe(0);
    // AAPL's statements are not stored: its cached EDGAR answer expired a week ago (test 9), so EDGAR is asked again.
    const a = await market.getFundamentals('AAPL');
    expect(a).toMatchObject({ served_by: 'live', provider: 'sec-edgar' });
    expect(calls('/api/xbrl') - before).toBe(1);
  });
});
