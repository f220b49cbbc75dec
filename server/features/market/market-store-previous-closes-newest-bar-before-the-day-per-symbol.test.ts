import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { createMarketDataStore } from './market-data-store.ts';

const bar = (symbol: string, date: string, close: number) => ({ symbol, date, open: close, high: close, low: close, close, volume: 100, source: 'test' });

describeEachDatabase('the previous closes ingestion checks a day against: each symbol’s newest stored bar before the day', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    const store = createMarketDataStore(db);
    const at = new Date('2026-07-08T22:00:00Z');
    await store.claimDay('prices', '2026-07-08', at, 60_000);
    // AAA has Jul 6, 7 and 8; BBB only Jul 6; CCC only Jul 8 (nothing before Jul 8); ZZZ Jul 7.
    await store.completePricesDay(
      '2026-07-08',
      {
        bars: [
          bar('AAA', '2026-07-06', 10),
          bar('AAA', '2026-07-07', 11),
          bar('AAA', '2026-07-08', 12),
          bar('BBB', '2026-07-06', 20),
          bar('CCC', '2026-07-08', 30),
          bar('ZZZ', '2026-07-07', 40.5),
        ],
        refusals: [],
        skipped: 0,
      },
      at,
    );
  });
  afterAll(() => db.close());

  it('before Jul 8: AAA $11 of Jul 7 (not Jul 8), BBB $20 of Jul 6, ZZZ $40.50 of Jul 7, CCC absent (its only bar is Jul 8)', async () => {
    const closes = await createMarketDataStore(db).readLastCloses('2026-07-08');
    expect(Object.fromEntries(closes)).toEqual({
      AAA: { date: '2026-07-07', close: 11 },
      BBB: { date: '2026-07-06', close: 20 },
      ZZZ: { date: '2026-07-07', close: 40.5 },
    });
  });

  it('before Jul 6: nothing stored earlier, so no symbol', async () => {
    expect((await createMarketDataStore(db).readLastCloses('2026-07-06')).size).toBe(0);
  });
});
