import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { parseEnv, isScreenerWarmUpOn } from '../../env.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestDatabase, describeOnPglite } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import type { MarketFeature } from './index.ts';
import type { MarketService } from './market-service.ts';
import { createUniverseRead } from './universe-read.ts';

describeOnPglite('the covered universe is read once per process: the screener and the scorecards share it', (kind) => {
  let db: Database;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let walks = 0;
  let profileReads = 0;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    t = await createTestApp(db, { actAsHeader: true });
    // Count the walks on the app's own market service, the object every feature was given.
    const market = (t.features.find((f) => f.name === 'market') as MarketFeature).market;
    const { listUniverse, getProfile } = market;
    market.listUniverse = () => {
      walks++;
      return listUniverse();
    };
    market.getProfile = (s) => {
      profileReads++;
      return getProfile(s);
    };
  });
  afterAll(() => db.close());

  it('a screen, then scorecards (sector peers of all 504 S&P 500 companies): 1 walk of the 526 listings, 526 + 1 profile reads, not 2 × 526', async () => {
    const as = { 'x-test-user-id': (await insertTestUser(db)).id };
    const screen = await t.json('POST', '/api/screener/query', { filters: [{ field: 'pe_ttm', min: 0, max: 25 }] });
    expect(screen.status).toBe(200);
    expect(walks).toBe(1);
    expect(profileReads).toBe(526);
    const cards = await t.json('GET', '/api/fundamentals/KO/scorecards', undefined, as);
    expect(cards.status).toBe(200);
    expect(cards.body.distributions.piotroski.peers).toBeGreaterThan(10);
    // The scorecards read KO's own profile once; its peers come from the screener's walk.
    expect(walks).toBe(1);
    expect(profileReads).toBe(527);
  });
});

describe('the universe read: shared while in flight, re-read when older than asked (live data), a failure not kept', () => {
  /** A market of two listings whose every walk is counted; `fail` makes the next walk throw. */
  function fakeMarket() {
    const state = { walks: 0, fail: false, dataDay: '2026-07-02' };
    const listing = (symbol: string) => ({
      symbol,
      name: symbol,
      exchange: null,
      type: 'stock' as const,
      coverage: { quote: false, history: null, fundamentals: false, etf: false, dividends: false },
    });
    const market = {
      mode: 'live',
      dataAsOf: () => state.dataDay,
      listUniverse: async () => {
        state.walks++;
        if (state.fail) throw new Error('vendor down');
        return [listing('A'), listing('B')];
      },
      getProfile: async (symbol: string) => ({ symbol }),
    } as unknown as MarketService;
    return { market, state };
  }

  it('three readers at once share one walk; 15 min later one that accepts 15 min starts a second, one that accepts any age does not', async () => {
    const { market, state } = fakeMarket();
    let nowMs = 0;
    const universe = createUniverseRead(market, () => new Date(nowMs));
    const reads = await Promise.all([universe.read(), universe.read({ maxAgeMs: 60_000 }), universe.read()]);
    expect(reads.map((r) => r.map((e) => e.listing.symbol).join())).toEqual(['A,B', 'A,B', 'A,B']);
    expect(state.walks).toBe(1);
    nowMs = 15 * 60_000; // exactly 15 min: not older than 15 min
    await universe.read({ maxAgeMs: 15 * 60_000 });
    expect(state.walks).toBe(1);
    nowMs += 1;
    await universe.read();
    expect(state.walks).toBe(1);
    await universe.read({ maxAgeMs: 15 * 60_000 });
    expect(state.walks).toBe(2);
  });

  it('a failed walk is not kept: the next reader walks again', async () => {
    const { market, state } = fakeMarket();
    const universe = createUniverseRead(market);
    state.fail = true;
    await expect(universe.read()).rejects.toThrow('vendor down');
    state.fail = false;
    expect((await universe.read()).length).toBe(2);
    expect(state.walks).toBe(2);
  });

  it('with two readers (the screener and the scorecards) the read is let go once both have it: a third reader walks again', async () => {
    const { market, state } = fakeMarket();
    const universe = createUniverseRead(market, undefined, { readers: 2 });
    const [first, second] = await Promise.all([universe.read(), universe.read()]);
    expect(first).toBe(second);
    expect(state.walks).toBe(1);
    // 2 readers served: the entries are no longer held; a later reader gets a new walk (2), not the old array.
    const third = await universe.read();
    expect(state.walks).toBe(2);
    expect(third).not.toBe(first);
  });

  it('a new data day (ingestion stored one) is read again once; until then every reader shares the read', async () => {
    const { market, state } = fakeMarket();
    const universe = createUniverseRead(market);
    await Promise.all([universe.read(), universe.read()]);
    expect(state.walks).toBe(1);
    state.dataDay = '2026-07-06';
    await Promise.all([universe.read(), universe.read()]);
    expect(state.walks).toBe(2);
  });
});

describe('SCREENER_WARM_UP: the table is built at start outside tests, not in test apps unless asked', () => {
  it.each([
    [{}, true],
    [{ NODE_ENV: 'production', BASE_URL: 'https://stockpilot.example' }, true],
    [{ NODE_ENV: 'test' }, false],
    [{ NODE_ENV: 'test', SCREENER_WARM_UP: 'true' }, true],
    [{ NODE_ENV: 'production', BASE_URL: 'https://stockpilot.example', SCREENER_WARM_UP: 'false' }, false],
    [{ NODE_ENV: 'development', SCREENER_WARM_UP: '' }, true],
  ])('%j → %s', (vars, on) => {
    expect(isScreenerWarmUpOn(parseEnv(vars))).toBe(on);
  });
});
