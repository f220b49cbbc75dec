import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppContext } from '../../http/feature.ts';
import { type AnalysesTest, OPENING_BALANCE_MT, startAnalysesTest } from '../../test/analyses-test-kit.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { type FakeMarketVendor, startFakeMarketVendor, buildRisingAggs, createListingsVendorOn } from '../../test/fake-market-vendor.ts';
import { createMarketFeature, type MarketFeature } from './index.ts';

/** Quartzkite (QZTK, CIK 0002012345) is a listing the bundled snapshot lacks: its bars are `buildRisingAggs()`. */
describeEachDatabase('listings: a new listing searchable, analysable once backfilled; delisted and unknown symbols refused before any charge', (kind) => {
  let k: AnalysesTest;
  let fake: FakeMarketVendor;
  /** The web process's clock: it rechecks the stored listings at most once a minute. */
  let clock = new Date('2026-07-06T14:00:00Z');
  /** A worker process on the same database: the listings day and the backfill run there. */
  let worker: MarketFeature;
  let user: string;
  const minuteLater = () => {
    clock = new Date(clock.getTime() + 61_000);
  };
  const search = async (q: string) => (await k.t.json('GET', `/api/market/search?q=${q}&limit=5`, undefined, { 'x-test-user-id': user })).body;
  const readListingRows = () => k.db.query<Record<string, unknown>>(sql`SELECT * FROM market_listings ORDER BY symbol`);

  beforeAll(async () => {
    fake = await startFakeMarketVendor();
    fake.addListing({ symbol: 'QZTK', name: 'Quartzkite Therapeutics Inc', cik: '0002012345', bars: buildRisingAggs() });
    fake.addListing({ symbol: 'OLDC', name: 'Oldcastle Mills Corp', cik: '0000712515', exchange: 'XNYS', delistedOn: '2024-03-01' });
    // A listing quoted in euros: refused alone, with its reason.
    fake.massive.tickers.push({
      ticker: 'EURX',
      name: 'Euro Listed SE',
      market: 'stocks',
      primary_exchange: 'XNAS',
      type: 'CS',
      active: true,
      currency_name: 'eur',
    });
    k = await startAnalysesTest(kind, { now: () => clock });
    user = await k.createUser();
    const ctx: AppContext = { ...k.t.ctx, now: () => clock };
    // The fake market lists 126 symbols: the whole-answer floor is lowered from 5,000 to 100.
    worker = createMarketFeature(ctx, { ingestVendor: null, listingsVendor: createListingsVendorOn(fake), minActiveListings: 100 });
  });
  afterAll(async () => {
    await fake?.close();
    await k?.db.close();
  });

  it('the listings day stores 127 listings with their identifiers; the new one is found, marked not analysable, and refused before a charge', async () => {
    const day = await worker.listings!.refreshListings();
    // 125 snapshot symbols and QZTK active, OLDC delisted; EURX refused.
    expect(day).toMatchObject({ day: '2026-07-06', outcome: 'stored', stored: 127, delisted: 0, refused: 1 });
    expect(await k.db.query(sql`SELECT item_key, code, reason FROM market_refusals WHERE dataset = 'listings'`)).toEqual([
      { item_key: 'EURX', code: 'unknown_currency', reason: 'Currency "eur" is not one the store holds (USD).' },
    ]);
    expect(await k.db.query(sql`SELECT symbol FROM market_listings WHERE symbol = 'EURX'`)).toEqual([]);
    const [qztk] = await k.db.query(sql`SELECT symbol, name, cik, exchange, type, active, delisted_on, source FROM market_listings WHERE symbol = 'QZTK'`);
    expect(qztk).toEqual({
      symbol: 'QZTK',
      name: 'Quartzkite Therapeutics Inc',
      cik: '0002012345',
      exchange: 'NASDAQ',
      type: 'stock',
      active: true,
      delisted_on: null,
      source: 'massive-reference+sec-tickers',
    });
    // The SEC directory's CIK for a snapshot symbol too (Apple's, from EDGAR's file).
    expect((await k.db.query<{ cik: string }>(sql`SELECT cik FROM market_listings WHERE symbol = 'AAPL'`))[0]!.cik).toBe('0000320193');

    minuteLater();
    const found = await search('QZTK');
    expect(found.results[0]).toMatchObject({
      symbol: 'QZTK',
      name: 'Quartzkite Therapeutics Inc',
      exchange: 'NASDAQ',
      type: 'stock',
      match: 'symbol',
      coverage: { quote: false, history: null, fundamentals: false, etf: false, dividends: false },
      analysis: { analysable: false, delisted_on: null },
    });
    expect(found.results[0].analysis.unavailable).toContainEqual({ kind: 'technical', needs: 'daily', reason: 'Technical analysis needs daily prices' });
    // Found by name too.
    expect((await search('quartzkite')).results.map((h: { symbol: string }) => h.symbol)).toEqual(['QZTK']);

    const refused = await k.as(user).run({ symbol: 'QZTK', kind: 'technical' });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'UNPROCESSABLE', message: 'Technical analysis needs daily prices', field: 'kind' });
    expect(await k.balanceMt(user)).toBe(OPENING_BALANCE_MT);
  });

  it('the backfill stores QZTK’s 300 raw bars (one symbol: the 125 others have snapshot prices); then search marks it analysable and a technical analysis runs', async () => {
    const outcomes = await worker.listings!.backfillPrices();
    expect(outcomes).toEqual([{ symbol: 'QZTK', outcome: 'stored', bars: 300, refused: 0, detail: null }]);
    const [span] = await k.db.query<{ n: number; first: unknown; last: unknown }>(
      sql`SELECT count(*)::int AS n, min(day)::text AS first, max(day)::text AS last FROM market_bars WHERE symbol = 'QZTK'`,
    );
    expect(span).toMatchObject({ n: 300, last: '2026-07-02' });
    // A second round finds nothing left to backfill.
    expect(await worker.listings!.backfillPrices()).toEqual([]);

    minuteLater();
    const hit = (await search('QZTK')).results[0];
    expect(hit.coverage).toMatchObject({ quote: true, history: 'daily', fundamentals: false });
    expect(hit.analysis.analysable).toBe(true);
    // Technical analysis is no longer among the kinds that cannot run; the company kinds still need statements.
    expect(hit.analysis.unavailable.map((u: { kind: string }) => u.kind)).toEqual(['overview', 'fundamental', 'balance-sheet', 'dcf']);
    expect(new Set(hit.analysis.unavailable.map((u: { needs: string }) => u.needs))).toEqual(new Set(['fundamentals']));

    const quote = await k.t.json('GET', '/api/market/quote/QZTK', undefined, { 'x-test-user-id': user });
    // The last bar (i = 299) closes at 20 × 1.001^299 = 26.966… → $26.97; the one before at 20 × 1.001^298 = 26.939… → $26.94.
    expect(quote.body).toMatchObject({ symbol: 'QZTK', price: 26.97, previous_close: 26.94, as_of: '2026-07-02' });

    const run = await k.as(user).run({ symbol: 'QZTK', kind: 'technical' });
    expect(run.status).toBe(201);
    expect(await k.balanceMt(user)).toBe(OPENING_BALANCE_MT - 800);
    const fundamental = await k.as(user).run({ symbol: 'QZTK', kind: 'fundamental' });
    expect(fundamental.body.error).toMatchObject({ code: 'UNPROCESSABLE', message: 'No fundamentals for this symbol', field: 'kind' });
    expect(await k.balanceMt(user)).toBe(OPENING_BALANCE_MT - 800);
  });

  it('re-running the listings day changes nothing: a done day asks no vendor; a day re-run after a lost run changes no row', async () => {
    const before = await readListingRows();
    const asked = fake.requests.length;
    expect(await worker.listings!.refreshListings()).toMatchObject({ outcome: 'already stored', stored: 0 });
    expect(fake.requests.length).toBe(asked);
    // As if the day's run had been lost and taken over: the same answers upserted again change no row, not even updated_at.
    await k.db.query(sql`UPDATE market_listings_runs SET status = 'refused' WHERE day = '2026-07-06'`);
    expect(await worker.listings!.refreshListings()).toMatchObject({ outcome: 'stored', stored: 0, delisted: 0 });
    expect(await readListingRows()).toEqual(before);
  });

  it('a symbol gone from the active list is delisted as of the day (kept); it and a vendor-delisted one get DELISTED_SYMBOL, an unknown one UNKNOWN_SYMBOL, nothing charged', async () => {
    clock = new Date('2026-07-07T14:00:00Z');
    fake.massive.tickers = fake.massive.tickers.filter((t) => t.ticker !== 'KO');
    // 126 rows seen again today (last_seen_on moves), KO delisted.
    expect(await worker.listings!.refreshListings()).toMatchObject({ day: '2026-07-07', outcome: 'stored', stored: 126, delisted: 1 });
    const [ko] = await k.db.query(
      sql`SELECT active, delisted_on::text AS delisted_on, last_seen_on::text AS last_seen_on FROM market_listings WHERE symbol = 'KO'`,
    );
    expect(ko).toEqual({ active: false, delisted_on: '2026-07-07', last_seen_on: '2026-07-06' });

    minuteLater();
    const balance = await k.balanceMt(user);
    const rows = await k.storedRowCount(user);
    const holds = (await k.holdsOf(user)).length;
    for (const [symbol, message] of [
      ['KO', 'KO was delisted on 2026-07-07.'],
      ['OLDC', 'OLDC was delisted on 2024-03-01.'],
    ]) {
      const res = await k.as(user).run({ symbol, kind: 'technical' });
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'DELISTED_SYMBOL', message, field: 'symbol' });
    }
    const unknown = await k.as(user).run({ symbol: 'ZQXWV', kind: 'technical' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'UNKNOWN_SYMBOL', field: 'symbol' });
    expect(await k.balanceMt(user)).toBe(balance);
    expect(await k.storedRowCount(user)).toBe(rows);
    expect(await k.holdsOf(user)).toHaveLength(holds);

    // What is stored about KO stays readable (its quote; a watchlist can still drop it); only runs are refused.
    const koQuote = await k.t.json('GET', '/api/market/quote/KO', undefined, { 'x-test-user-id': user });
    expect(koQuote.status).toBe(200);
    // Search still finds KO, marked delisted: nothing runs on it.
    const ko2 = (await search('KO')).results.find((h: { symbol: string }) => h.symbol === 'KO');
    expect(ko2.analysis).toMatchObject({ analysable: false, delisted_on: '2026-07-07' });
  });

  it('a cut tickers answer is refused whole: nothing stored, nobody delisted, the reason kept; the whole answer is stored on the retry', async () => {
    clock = new Date('2026-07-08T14:00:00Z');
    const whole = fake.massive.tickers;
    const before = await readListingRows();
    // The vendor answers 100 of the 125 active listings: above the floor of 100, but 20% gone in a day (125 × 0.9 = 112.5).
    fake.massive.tickers = whole.slice(0, 100);
    const refused = await worker.listings!.refreshListings();
    expect(refused).toMatchObject({ day: '2026-07-08', outcome: 'refused', stored: 0, delisted: 0 });
    expect(refused.detail).toBe('The answer holds 100 active listings where 125 were listed before: more than 10% gone in a day is a cut answer.');
    expect(await readListingRows()).toEqual(before);
    const kept = await k.db.query(sql`SELECT code, item_key FROM market_refusals WHERE dataset = 'listings' AND day = '2026-07-08'`);
    expect(kept).toEqual([{ code: 'truncated_answer', item_key: 'tickers' }]);

    fake.massive.tickers = whole;
    expect(await worker.listings!.refreshListings()).toMatchObject({ day: '2026-07-08', outcome: 'stored', delisted: 0 });
    expect((await k.db.query(sql`SELECT count(*)::int AS n FROM market_listings WHERE active`))[0]).toEqual({ n: 125 });
  });
});
