import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { createMarketDataStore } from './market-data-store.ts';

describeEachDatabase('the universe’s bulk bars read: each symbol’s bars since a day, in day order, exact as stored', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    const store = createMarketDataStore(db);
    const at = new Date('2026-07-09T22:00:00Z');
    await store.claimDay('prices', '2026-07-09', at, 60_000);
    // Stored out of day order on purpose; BBB's Jul 8 bar has no volume; CCC has nothing on or after Jul 7.
    await store.completePricesDay(
      '2026-07-09',
      {
        bars: [
          { symbol: 'AAA', date: '2026-07-09', open: 12.25, high: 12.5, low: 11.75, close: 12.125, volume: 3_000_000_000, source: 'test' },
          { symbol: 'AAA', date: '2026-07-06', open: 10, high: 10, low: 10, close: 10, volume: 100, source: 'test' },
          { symbol: 'AAA', date: '2026-07-08', open: 11.5, high: 11.75, low: 11.0001, close: 11.0001, volume: 0, source: 'test' },
          { symbol: 'BBB', date: '2026-07-08', open: 0.0042, high: 0.0045, low: 0.004, close: 0.0044, volume: null, source: 'test' },
          { symbol: 'BBB', date: '2026-07-07', open: 20, high: 21, low: 19, close: 20.5, volume: 7, source: 'test' },
          { symbol: 'CCC', date: '2026-07-06', open: 30, high: 30, low: 30, close: 30, volume: 1, source: 'test' },
        ],
        refusals: [],
        skipped: 0,
      },
      at,
    );
  });
  afterAll(() => db.close());

  it('since Jul 7: AAA Jul 8 then Jul 9 (Jul 6 is before), BBB Jul 7 then Jul 8 with no volume, CCC absent', async () => {
    const bars = await createMarketDataStore(db).readBarsOf(['AAA', 'BBB', 'CCC'], '2026-07-07');
    expect([...bars.keys()].sort()).toEqual(['AAA', 'BBB']);
    expect(bars.get('AAA')).toEqual([
      { date: '2026-07-08', open: 11.5, high: 11.75, low: 11.0001, close: 11.0001, volume: 0 },
      { date: '2026-07-09', open: 12.25, high: 12.5, low: 11.75, close: 12.125, volume: 3_000_000_000 },
    ]);
    expect(bars.get('BBB')).toEqual([
      { date: '2026-07-07', open: 20, high: 21, low: 19, close: 20.5, volume: 7 },
      { date: '2026-07-08', open: 0.0042, high: 0.0045, low: 0.004, close: 0.0044, volume: null },
    ]);
  });

  it('a symbol list naming nothing stored, or no symbol at all, reads an empty map', async () => {
    const store = createMarketDataStore(db);
    expect((await store.readBarsOf(['ZZZ'], '2026-07-01')).size).toBe(0);
    expect((await store.readBarsOf([], '2026-07-01')).size).toBe(0);
  });
});
