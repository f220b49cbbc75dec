import { afterAll, beforeAll, expect, it } from 'vitest';
import type { IngestDailyBar } from '../../../core/market/ingest-validation.ts';
import type { Database } from '../../adapters/db/index.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { insertOpenRuns, readRunState } from '../../test/track-record-test-kit.ts';
import type { IngestVendor } from '../../adapters/market-data/index.ts';
import { createMarketFeature, type MarketFeature } from '../market/index.ts';
import { runRescoringTick } from './rescoring.ts';

/** Every ingested day: AAPL closes at $330.00, SPY where it last closed (the benchmark flat). */
const vendor: IngestVendor = {
  id: 'test-vendor',
  async fetchDailyBars(day, { previousCloses }) {
    const bar = (symbol: string, close: number): IngestDailyBar => ({
      symbol,
      date: day,
      open: close,
      high: close,
      low: close,
      close,
      volume: 1,
      vwap: null,
      trades: null,
    });
    return { accepted: [bar('AAPL', 330), bar('SPY', previousCloses.get('SPY')!.close)], refused: [], wholeAnswerRefused: null };
  },
  async fetchCorporateActions() {
    const none = { accepted: [], refused: [], wholeAnswerRefused: null };
    return { splits: none, dividends: none };
  },
};

describeEachDatabase('new market days from ingestion mature a track-record horizon', (kind) => {
  let db: Database;
  let t: TestApp;
  let clock = new Date('2026-07-02T22:00:00Z');
  beforeAll(async () => {
    ({ db, t } = await startTestApp(kind, { now: () => clock }));
  });
  afterAll(() => db.close());

  it('a Buy on AAPL of Jun 30: its 1-month horizon (Jul 30) is open on the snapshot and scored once Jul 31 is ingested', async () => {
    const market = (t.features.find((f) => f.name === 'market') as MarketFeature).market;
    await insertOpenRuns(db, [{ symbol: 'AAPL', asOf: '2026-06-30', rating: 'Buy' }]);
    const tick = () => runRescoringTick({ db, market, now: () => clock });
    // The benchmark's (SPY's) last bar in the snapshot is Jul 1.
    expect(await tick()).toMatchObject({ scored: 1, dataDay: '2026-07-01' });
    expect((await readRunState(db))[0]).toMatchObject({ change_1m: null, final: false });

    clock = new Date('2026-07-31T22:00:00Z');
    const ingest = createMarketFeature(t.ctx, { ingestVendor: vendor }).ingest!;
    const days = (await ingest.refresh()).filter((o) => o.dataset === 'prices');
    // Jul 6 … Jul 31: four full weeks, 20 trading days (Jul 3, the observed Independence Day, skipped), each stored once.
    expect(days.map((o) => o.outcome)).toEqual(Array(20).fill('stored'));
    clock = new Date(clock.getTime() + 61_000);
    expect(await tick()).toMatchObject({ scored: 1, dataDay: '2026-07-31' });
    const [run] = await readRunState(db);
    const june30 = (await market.getHistory('AAPL', '3m')).bars.find((b) => b.date === '2026-06-30')!.close;
    // $330.00 over the Jun 30 close, against a flat benchmark: a positive 1-month change, 3 months still open.
    expect(run).toMatchObject({ final: false, change_3m: null });
    expect(run!.change_1m).not.toBeNull();
    expect(Math.sign(run!.change_1m!)).toBe(Math.sign(330 - june30));
  });
});
