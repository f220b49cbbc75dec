import { afterAll, beforeAll, expect, it } from 'vitest';
import type { IngestDailyBar } from '../../../core/market/ingest-validation.ts';
import type { Database } from '../../adapters/db/index.ts';
import type { TestApp } from '../../test/app.ts';
import { startTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { createMarketFeature, type MarketFeature } from './index.ts';
import type { IngestVendor } from './market-ingest.ts';

/** AAPL's Jul 6 close 10 % above the snapshot's $308.63: $339.49; nothing else trades in the answer. */
const JUL_6_CLOSE = 339.49;
const vendor: IngestVendor = {
  id: 'test-vendor',
  async fetchDailyBars(day) {
    const accepted: IngestDailyBar[] = [
      { symbol: 'AAPL', date: day, open: JUL_6_CLOSE, high: JUL_6_CLOSE, low: JUL_6_CLOSE, close: JUL_6_CLOSE, volume: 1, vwap: null, trades: null },
    ];
    return { accepted, refused: [], wholeAnswerRefused: null };
  },
  async fetchCorporateActions() {
    const none = { accepted: [], refused: [], wholeAnswerRefused: null };
    return { splits: none, dividends: none };
  },
};

const without = (values: number[], gone: number[]) => {
  const left = [...values];
  for (const g of gone) left.splice(left.indexOf(g), 1);
  return left;
};

describeEachDatabase('a new market day regrades each sector on its own prices', (kind) => {
  let db: Database;
  let t: TestApp;
  let clock = new Date('2026-07-06T22:00:00Z');
  let ingest: MarketFeature['ingest'];
  beforeAll(async () => {
    ({ db, t } = await startTestApp(kind, { now: () => clock }));
    ingest = createMarketFeature(t.ctx, { ingestVendor: vendor }).ingest;
  });
  afterAll(() => db.close());

  it("AAPL 10 % higher: its earnings yield in the IT distribution becomes the snapshot's ÷ 1.1; every other value stays", async () => {
    const market = (t.features.find((f) => f.name === 'market') as MarketFeature).market;
    const before = (await market.getSectorTable())!.sectors['Information Technology']!.distributions.earnings_yield!;

    expect((await ingest!.refresh({ day: '2026-07-06' })).at(-1)).toMatchObject({ outcome: 'stored', stored: 1 });
    clock = new Date(clock.getTime() + 61_000);
    const after = (await market.getSectorTable())!.sectors['Information Technology']!.distributions.earnings_yield!;

    expect(after).toHaveLength(before.length);
    const gone = before.filter((v) => !after.includes(v));
    const added = after.filter((v) => !before.includes(v));
    // One company moved: AAPL, whose yield (EPS ÷ price) is the old one × 308.63 ÷ 339.49.
    expect(gone).toHaveLength(1);
    expect(added).toHaveLength(1);
    expect(added[0]!).toBeCloseTo((gone[0]! * 308.63) / JUL_6_CLOSE, 12);
    expect(without(after, added)).toEqual(without(before, gone));
    // Read again on the same day: the table is built once.
    expect(await market.getSectorTable()).toBe(await market.getSectorTable());
  });
});
