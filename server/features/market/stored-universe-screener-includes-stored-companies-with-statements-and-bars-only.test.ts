import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createBundledProvider } from '../../adapters/market-data/bundled/index.ts';
import { findBundledDataDir } from '../../adapters/market-data/index.ts';
import type { AppContext } from '../../http/feature.ts';
import { type AnalysesTest, startAnalysesTest } from '../../test/analyses-test-kit.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { type FakeMarketVendor, startFakeMarketVendor, buildRisingAggs, createListingsVendorOn } from '../../test/fake-market-vendor.ts';
import { createMarketFeature, type MarketFeature } from './index.ts';
import { createSecFactsStore } from './sec-facts-store.ts';

type Row = { symbol: string; values: Record<string, number | string | null> };

/**
 * Three listings the snapshot lacks, each backfilled with the same 300 bars: QZTK and GONE with statements stored
 * (KO's, filed through 2026-04-29, under their own symbol), NOST without. The universe the screener and the sector
 * peers read is the snapshot's 526 symbols + QZTK + GONE; then GONE is delisted and leaves it.
 */
describeEachDatabase('stored universe: a stored company with statements and bars is screened; without statements or delisted it is not', (kind) => {
  let k: AnalysesTest;
  let fake: FakeMarketVendor;
  let clock = new Date('2026-07-06T14:00:00Z');
  let worker: MarketFeature;
  let web: MarketFeature;
  let user: string;
  const bundled = () => createBundledProvider(findBundledDataDir(process.cwd()));
  const screen = async (body: unknown) => (await k.t.json('POST', '/api/screener/query', body, { 'x-test-user-id': user })).body;

  beforeAll(async () => {
    fake = await startFakeMarketVendor();
    fake.addListing({ symbol: 'QZTK', name: 'Quartzkite Therapeutics Inc', cik: '0002012345', bars: buildRisingAggs() });
    fake.addListing({ symbol: 'NOST', name: 'Nostatement Holdings Inc', cik: '0002012346', bars: buildRisingAggs() });
    fake.addListing({ symbol: 'GONE', name: 'Gonewest Mining Corp', cik: '0002012347', bars: buildRisingAggs() });
    k = await startAnalysesTest(kind, { now: () => clock });
    user = await k.createUser();
    web = k.t.features.find((f) => f.name === 'market') as MarketFeature;
    const ctx: AppContext = { ...k.t.ctx, now: () => clock };
    worker = createMarketFeature(ctx, { ingestVendor: null, listingsVendor: createListingsVendorOn(fake), minActiveListings: 100 });
  });
  afterAll(async () => {
    await fake?.close();
    await k?.db.close();
  });

  it('with nothing stored the universe is the snapshot’s as it is — the same 526 listings and companies — and reading it again asks the database nothing', async () => {
    const own = bundled();
    expect(await web.market.listUniverse()).toEqual(await own.listCovered());
    expect((await web.market.listUniverse()).length).toBe(526);
    expect(await web.market.getSnapshotUniverse()).toEqual(await own.getUniverse());
    expect(await web.market.readStoredUniverse!()).toEqual([]);
    const query = vi.spyOn(k.db, 'query');
    await web.market.listUniverse();
    await web.market.getSnapshotUniverse();
    await web.market.readStoredUniverse!();
    expect(query).not.toHaveBeenCalled();
    query.mockRestore();
  });

  it('after the listings day, the backfill and two companies’ statements, QZTK and GONE join the universe with their figures; NOST (no statements) does not', async () => {
    expect(await worker.listings!.refreshListings()).toMatchObject({ outcome: 'stored' });
    const backfilled = await worker.listings!.backfillPrices();
    expect(backfilled.map((b) => [b.symbol, b.outcome, b.bars])).toEqual([
      ['GONE', 'stored', 300],
      ['NOST', 'stored', 300],
      ['QZTK', 'stored', 300],
    ]);
    const ko = (await bundled().getFundamentals!('KO'))!;
    const secStore = createSecFactsStore(k.db);
    for (const [symbol, cik] of [
      ['QZTK', '0002012345'],
      ['GONE', '0002012347'],
    ] as const) {
      await secStore.storeCompany(
        { symbol, cik, facts: [], filings: [], fundamentals: { ...ko, symbol }, filedThrough: '2026-04-29', markChecked: false },
        clock,
      );
    }
    // The web process asks the store again after a minute.
    clock = new Date(clock.getTime() + 61_000);

    const listed = await web.market.listUniverse();
    expect(listed.length).toBe(526 + 2);
    expect(listed.filter((l) => ['QZTK', 'GONE', 'NOST'].includes(l.symbol)).map((l) => [l.symbol, l.coverage.history, l.coverage.fundamentals])).toEqual([
      ['GONE', 'daily', true],
      ['QZTK', 'daily', true],
    ]);
    const peers = await web.market.getSnapshotUniverse();
    expect(peers.length).toBe((await bundled().getUniverse()).length + 2);
    const qztk = peers.find((c) => c.profile.symbol === 'QZTK')!;
    // No sector is known for a listing the snapshot lacks (buildListingProfile): it enters no sector's distribution.
    expect(qztk.profile).toMatchObject({ name: 'Quartzkite Therapeutics Inc', sector: null, cik: '0002012345', source: 'massive-reference' });
    // Two years of bars asked for (since 2024-07-01): all 300 stored; the last close 20 × 1.001^299 = 26.966… → $26.97.
    expect(qztk.closes!.dates.length).toBe(300);
    expect(qztk.closes!.close[299]).toBe(26.97);

    // The screener: QZTK's row has its price from its bars and its revenue from its statements (KO's: equal to KO's row).
    const page = await screen({
      filters: [{ field: 'price', min: 26.96, max: 26.98 }],
      sort: { field: 'price', dir: 'desc' },
      columns: ['price', 'revenue', 'return_1m'],
      page_size: 100,
    });
    const rows = page.rows as Row[];
    const symbols = rows.map((r) => r.symbol);
    expect(symbols).toEqual(expect.arrayContaining(['QZTK', 'GONE']));
    expect(symbols).not.toContain('NOST');
    const qRow = rows.find((r) => r.symbol === 'QZTK')!;
    expect(qRow.values.price).toBe(26.97);
    const revenue = qRow.values.revenue as number;
    expect(revenue).toBeGreaterThan(1e9);
    const sameRevenue = await screen({
      filters: [{ field: 'revenue', min: revenue, max: revenue }],
      sort: { field: 'price', dir: 'desc' },
      columns: ['revenue'],
      page_size: 100,
    });
    expect((sameRevenue.rows as Row[]).map((r) => r.symbol).sort()).toEqual(['GONE', 'KO', 'QZTK']);
    // 1-month return: 21 trading days before the last bar (i = 278) closed at 20 × 1.001^278 = 26.411… → $26.41;
    // 26.97 / 26.41 − 1 = +2.12 %.
    expect(qRow.values.return_1m).toBe(2.12);
    // Its scorecards read the stored statements; the sector peers note names the stored market.
    const cards = await k.t.json('GET', '/api/fundamentals/QZTK/scorecards', undefined, { 'x-test-user-id': user });
    expect(cards.status).toBe(200);
  });

  it('GONE, delisted on the next listings day, leaves the universe and the screener', async () => {
    clock = new Date('2026-07-07T14:00:00Z');
    fake.massive.tickers = fake.massive.tickers.filter((t) => t.ticker !== 'GONE');
    expect(await worker.listings!.refreshListings()).toMatchObject({ day: '2026-07-07', outcome: 'stored', delisted: 1 });
    clock = new Date(clock.getTime() + 61_000);
    const listed = (await web.market.listUniverse()).map((l) => l.symbol);
    expect(listed.length).toBe(526 + 1);
    expect(listed).toContain('QZTK');
    expect(listed).not.toContain('GONE');
    expect((await web.market.getSnapshotUniverse()).map((c) => c.profile.symbol)).not.toContain('GONE');
    // The screener's table, built on the earlier universe, is rebuilt in the background; the next table lacks GONE.
    await screen({ filters: [], sort: { field: 'price', dir: 'desc' }, columns: ['price'], page_size: 10 });
    await vi.waitFor(
      async () => {
        const page = await screen({
          filters: [{ field: 'price', min: 26.96, max: 26.98 }],
          sort: { field: 'price', dir: 'desc' },
          columns: ['price'],
          page_size: 100,
        });
        expect((page.rows as Row[]).map((r) => r.symbol)).not.toContain('GONE');
      },
      { timeout: 60_000, interval: 100 },
    );
  });
});
