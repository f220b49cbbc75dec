import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { parseEnv } from '../../env.ts';
import type { AppContext } from '../../http/feature.ts';
import { findAppRoot } from '../../lib/app-root.ts';
import { createLogger } from '../../lib/logger.ts';
import { createTestDatabase, describeOnPglite } from '../../test/db.ts';
import { createMarketFeature, type MarketFeature } from './index.ts';
import { createMarketCache } from './market-store.ts';

const fixtures = join(findAppRoot(), 'server/test/fixtures');
const fixture = (rel: string) => readFileSync(join(fixtures, rel), 'utf8');

/**
 * A stand-in for the network: answers from recorded fixtures shaped like Yahoo's and EDGAR's documented
 * responses, or fails the way the network does. Nothing leaves the process.
 */
function createFakeUpstream() {
  const state = { mode: 'ok' as 'ok' | 'error' | 'hang', calls: [] as string[], userAgents: [] as string[] };
  const fetch = async (url: string, init?: { headers?: Record<string, string>; signal?: AbortSignal }) => {
    state.calls.push(url);
    state.userAgents.push(init?.headers?.['user-agent'] ?? '');
    if (state.mode === 'error') return new Response('upstream down', { status: 503 });
    if (state.mode === 'hang') {
      return new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    }
    const u = new URL(url);
    if (u.pathname === '/v8/finance/chart/AAPL') {
      return new Response(fixture(u.searchParams.get('events') ? 'yahoo/chart-AAPL-max-events.json' : 'yahoo/chart-AAPL-5d.json'));
    }
    if (u.pathname.startsWith('/v8/finance/chart/')) return new Response(fixture('yahoo/chart-not-found.json'), { status: 404 });
    if (u.pathname === '/api/xbrl/companyfacts/CIK0000320193.json') return new Response(fixture('sec-edgar/companyfacts-CIK0000320193.json'));
    if (u.pathname === '/submissions/CIK0000320193.json') return new Response(fixture('sec-edgar/submissions-CIK0000320193.json'));
    return new Response('{}', { status: 404 });
  };
  return { state, fetch };
}

describeOnPglite('market fallback chain: live, then cache, then bundled, each labelled', (kind) => {
  let db: Database;
  let market: MarketFeature['market'];
  let upstream: ReturnType<typeof createFakeUpstream>;
  let clock = new Date('2026-07-10T20:00:00Z');
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    upstream = createFakeUpstream();
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', MARKET_PROVIDER: 'live', SEC_USER_AGENT: 'Stockpilot tests ops@example.test' });
    const ctx: AppContext = { env, db, logger: createLogger('silent'), appRoot: findAppRoot(), now: () => clock };
    const feature = createMarketFeature(ctx, { fetch: upstream.fetch, liveHttp: { retries: 2, backoffMs: 1, timeoutMs: 50 } });
    expect(feature.describe?.()).toMatchObject({ market: 'live', data_as_of: '2026-07-02' });
    market = feature.market;
  });
  afterAll(() => db.close());

  it('1. live answers are served and cached, labelled live', async () => {
    upstream.state.mode = 'ok';
    const q = await market.getQuote('AAPL');
    expect(q).toMatchObject({ served_by: 'live', provider: 'yahoo', price: 310.02, previous_close: 305.5, source: 'yahoo-live' });
    // 310.02 − 305.50 = 4.52; 4.52 / 305.50 = 1.48 %
    expect(q.change).toBe(4.52);
    expect(q.change_percent).toBe(1.48);
    expect(q.stale).toBeUndefined();
    const rows = await db.query<{ provider: string }>(sql`SELECT provider FROM market_cache WHERE kind = 'quote' AND cache_key = 'AAPL'`);
    expect(rows).toEqual([{ provider: 'yahoo' }]);
  });

  it('2. within the quote TTL (60 s) the cache answers without calling the vendor', async () => {
    upstream.state.mode = 'error';
    const before = upstream.state.calls.length;
    clock = new Date(clock.getTime() + 30_000);
    const q = await market.getQuote('AAPL');
    expect(q).toMatchObject({ served_by: 'cache', provider: 'yahoo', price: 310.02 });
    expect(q.stale).toBeUndefined();
    expect(upstream.state.calls.length).toBe(before);
  });

  it('3. past the TTL with the vendor down (3 attempts: 1 + 2 retries), the stale cache is served and says so', async () => {
    clock = new Date(clock.getTime() + 120_000);
    const before = upstream.state.calls.length;
    const q = await market.getQuote('AAPL');
    expect(upstream.state.calls.length - before).toBe(3);
    expect(q).toMatchObject({ served_by: 'cache', provider: 'yahoo', stale: true, price: 310.02 });
  });

  it('4. nothing cached and the vendor timing out: the bundled snapshot answers, labelled bundled', async () => {
    upstream.state.mode = 'hang';
    const q = await market.getQuote('MSFT');
    expect(q).toMatchObject({ served_by: 'bundled', provider: 'bundled', source: 'yahoo-daily', as_of: '2026-07-02', symbol: 'MSFT' });
  });

  it('5. a symbol the vendor does not know (404) falls through to the bundle without retries', async () => {
    upstream.state.mode = 'ok';
    const before = upstream.state.calls.length;
    const h = await market.getHistory('MSFT', '1m');
    expect(upstream.state.calls.length - before).toBe(1);
    expect(h).toMatchObject({ served_by: 'bundled', interval: '1d', adjustment: 'split' });
  });

  it('6. SEC EDGAR fundamentals: sent with the contact User-Agent, FY2019 EPS restated for the 2020 4-for-1 split', async () => {
    upstream.state.mode = 'ok';
    const f = await market.getFundamentals('AAPL');
    expect(f).toMatchObject({ served_by: 'live', provider: 'sec-edgar' });
    const lastCall = upstream.state.calls.findLastIndex((u) => u.includes('companyfacts'));
    expect(upstream.state.userAgents[lastCall]).toBe('Stockpilot tests ops@example.test');
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
    upstream.state.mode = 'error';
    clock = new Date(clock.getTime() + 25 * 3600_000);
    const f = await market.getFundamentals('AAPL');
    expect(f).toMatchObject({ served_by: 'cache', provider: 'sec-edgar', stale: true });
    const d = await market.getDividends('KO');
    expect(d.served_by).toBe('bundled');
    expect(d.dividends.length).toBeGreaterThan(40);
  });

  it('8. Yahoo dividends and splits map from the chart events', async () => {
    upstream.state.mode = 'ok';
    const d = await market.getDividends('AAPL');
    expect(d.served_by).toBe('live');
    expect(d.splits).toEqual([{ date: '2020-08-31', ratio: 4, source: 'yahoo-live' }]);
    expect(d.dividends.map((x) => [x.ex_date, x.amount])).toEqual([
      ['2020-08-10', 0.205],
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
});
