import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseEnv } from '../../env.ts';
import { findAppRoot } from '../../lib/app-root.ts';
import { createLogger } from '../../lib/logger.ts';
import { type FakeMarketVendor, newYorkMidnightMs, startFakeMarketVendor } from '../../test/fake-market-vendor.ts';
import { createMarketDataProviders, findBundledDataDir } from './index.ts';

let vendor: FakeMarketVendor;
beforeAll(async () => {
  vendor = await startFakeMarketVendor();
  vendor.massive.aggregates.set('AAPL', [
    { o: 308, h: 312, l: 307, c: 310, v: 1, t: newYorkMidnightMs('2026-07-06') },
    { o: 310, h: 313, l: 309, c: 312, v: 1, t: newYorkMidnightMs('2026-07-07') },
  ]);
});
afterAll(async () => {
  await vendor?.close();
});

it('live mode with MASSIVE_API_KEY: Massive answers prices (no Yahoo request), EDGAR answers profiles from SEC_DATA_BASE_URL with the User-Agent', async () => {
  const env = parseEnv({
    NODE_ENV: 'test',
    MARKET_PROVIDER: 'live',
    MASSIVE_API_KEY: vendor.apiKey,
    MASSIVE_BASE_URL: vendor.url,
    SEC_USER_AGENT: 'Stockpilot tests ops@stockpilot.example',
    SEC_DATA_BASE_URL: vendor.url,
    SEC_WWW_BASE_URL: vendor.url,
  });
  const { live } = createMarketDataProviders(env, {
    dataDir: findBundledDataDir(findAppRoot()),
    logger: createLogger('silent'),
    now: () => Date.parse('2026-07-08T15:00:00Z'),
  });
  expect(live.map((p) => p.id)).toEqual(['massive', 'sec-edgar']);
  const quote = await live[0]!.getQuote!('AAPL');
  expect(quote).toMatchObject({ price: 312, previous_close: 310, source: 'massive-live' });
  const profile = await live[1]!.getProfile!('AAPL');
  expect(profile).toMatchObject({ name: 'Apple Inc.', cik: '0000320193' });
  expect(vendor.requests.some((r) => r.path.startsWith('/v8/finance/chart'))).toBe(false);
  expect(vendor.requests.filter((r) => r.path.startsWith('/submissions/')).every((r) => r.userAgent === 'Stockpilot tests ops@stockpilot.example')).toBe(true);
});
