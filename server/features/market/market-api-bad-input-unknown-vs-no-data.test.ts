import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestDatabase, describeOnPglite } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';

describeOnPglite('market API: bad input, unknown symbol vs no data', (kind) => {
  let db: Database;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let as: Record<string, string>;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    t = await createTestApp(db, { actAsHeader: true });
    const u = await insertTestUser(db);
    as = { 'x-test-user-id': u.id };
  });
  afterAll(() => db.close());

  const get = (path: string) => t.json('GET', path, undefined, as);

  it('every market endpoint needs a signed-in user', async () => {
    for (const path of ['/api/market/search?q=apple', '/api/market/quote/AAPL', '/api/market/history/AAPL', '/api/market/fundamentals/AAPL']) {
      const res = await t.json('GET', path);
      expect(res.status, path).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHORIZED');
    }
  });

  describe('symbols are normalised or refused, never an exception or a file read', () => {
    const normalised: Array<[string, string]> = [
      ['aapl', 'AAPL'],
      ['%20aapl%20', 'AAPL'],
      ['BRK.B', 'BRK.B'],
      ['BRK-B', 'BRK.B'],
      ['brk-b', 'BRK.B'],
      ['BRK%2FB', 'BRK.B'],
    ];
    for (const [raw, symbol] of normalised) {
      it(`"${decodeURIComponent(raw)}" is served as ${symbol}`, async () => {
        const res = await get(`/api/market/quote/${raw}`);
        expect(res.status).toBe(200);
        expect(res.body.symbol).toBe(symbol);
      });
    }
    const refused = [
      'AA%20PL', // space inside
      'ABCDEFGHIJKLM', // 13 characters, over 12
      '%E2%82%AC', // €
      'AAPL%C3%A9', // AAPLé
      '..%2F..%2Fpackage.json', // path fragment
      '..%2F', // ../
      "'%3B%20--", // '; --
      "AAPL'%3B%20DROP%20TABLE%20market_cache%3B--",
      'A%0AB',
    ];
    for (const raw of refused) {
      it(`"${decodeURIComponent(raw)}" is 400 INVALID_SYMBOL on every endpoint`, async () => {
        for (const ep of ['quote', 'history', 'fundamentals', 'profile', 'etf', 'dividends']) {
          const res = await get(`/api/market/${ep}/${raw}`);
          expect(res.status, ep).toBe(400);
          expect(res.body.error.code).toBe('INVALID_SYMBOL');
          expect(res.body.error.field).toBe('symbol');
        }
      });
    }
  });

  it('a NUL in the symbol is refused at the edge for every endpoint: 400 BAD_REQUEST naming symbol (issue 26)', async () => {
    for (const ep of ['quote', 'history', 'fundamentals', 'profile', 'etf', 'dividends']) {
      const res = await get(`/api/market/${ep}/%00`);
      expect(res.status, ep).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'symbol' });
    }
  });

  it('a well-formed symbol nobody lists is 404 UNKNOWN_SYMBOL', async () => {
    for (const ep of ['quote', 'history', 'fundamentals', 'profile', 'etf', 'dividends']) {
      const res = await get(`/api/market/${ep}/ZZZZQ`);
      expect(res.status, ep).toBe(404);
      expect(res.body.error.code).toBe('UNKNOWN_SYMBOL');
    }
  });

  it('a listed symbol without data is 404 NO_DATA saying what is missing', async () => {
    // ZVZZT is Nasdaq's test issue (excluded); AACB is listed on Nasdaq but outside the snapshot's coverage.
    const profile = await get('/api/market/profile/AACB');
    expect(profile.status).toBe(200);
    expect(profile.body.coverage).toEqual({ quote: false, history: null, fundamentals: false, etf: false, dividends: false });
    const quote = await get('/api/market/quote/AACB');
    expect(quote.status).toBe(404);
    expect(quote.body.error.code).toBe('NO_DATA');
    expect(quote.body.error.message).toMatch(/No price data for AACB/);
    const fundamentals = await get('/api/market/fundamentals/AACB');
    expect(fundamentals.body.error.code).toBe('NO_DATA');
    expect(fundamentals.body.error.message).toMatch(/No fundamentals for AACB/);
    // An S&P 500 stock has statements but no ETF data.
    const etf = await get('/api/market/etf/AAPL');
    expect(etf.status).toBe(404);
    expect(etf.body.error.message).toMatch(/No ETF information for AAPL/);
  });

  it('a bad range is 400 INVALID_RANGE; a good one slices the bars', async () => {
    const bad = await get('/api/market/history/AAPL?range=2w');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_RANGE');
    expect(bad.body.error.field).toBe('range');
    const month = await get('/api/market/history/AAPL?range=1m');
    expect(month.status).toBe(200);
    // 2026-06-02 … 2026-07-02: about 22 trading days, the last one the snapshot date.
    expect(month.body.bars.length).toBeGreaterThan(18);
    expect(month.body.bars.length).toBeLessThan(25);
    expect(month.body.bars.at(-1).date).toBe('2026-07-02');
    expect(month.body.bars[0].date >= '2026-06-02').toBe(true);
    expect(month.body.served_by).toBe('bundled');
    const max = await get('/api/market/history/AAPL?range=max');
    expect(max.body.bars.length).toBe(1254);
  });

  it('the search needs a query of at most 100 characters', async () => {
    const long = await get(`/api/market/search?q=${'a'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.error.code).toBe('VALIDATION_FAILED');
    const ok = await get('/api/market/search?q=apple&limit=5');
    expect(ok.status).toBe(200);
    expect(ok.body.results[0].symbol).toBe('AAPL');
    expect(ok.body.results[0].coverage.fundamentals).toBe(true);
  });

  it('health names the market mode and the snapshot date', async () => {
    const res = await t.json('GET', '/api/health');
    expect(res.body.data_as_of).toBe('2026-07-02');
    expect(res.body.adapters.market).toBe('bundled');
  });
});
