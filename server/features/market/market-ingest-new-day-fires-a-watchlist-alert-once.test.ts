import { afterAll, beforeAll, expect, it } from 'vitest';
import type { IngestDailyBar } from '../../../core/market/ingest-validation.ts';
import { createOutboxMailer } from '../../adapters/mail/outbox/index.ts';
import type { Database } from '../../adapters/db/index.ts';
import type { TestApp } from '../../test/app.ts';
import { startTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import { createLedgerService } from '../tokens/index.ts';
import { createWatchlistsFeature } from '../watchlists/index.ts';
import { createMarketFeature, type MarketFeature } from './index.ts';
import type { IngestVendor } from './market-ingest.ts';

/** AAPL's next two days: $308.63 (Jul 2) → $311.72 (+1.0 %) → $315.00. Other symbols are not in the answer. */
const BARS: Record<string, number> = { '2026-07-06': 311.72, '2026-07-07': 315 };
const vendor: IngestVendor = {
  id: 'test-vendor',
  async fetchDailyBars(day) {
    const close = BARS[day]!;
    const accepted: IngestDailyBar[] = [{ symbol: 'AAPL', date: day, open: close, high: close, low: close, close, volume: 1, vwap: null, trades: null }];
    return { accepted, refused: [], wholeAnswerRefused: null };
  },
  async fetchCorporateActions() {
    const none = { accepted: [], refused: [], wholeAnswerRefused: null };
    return { splits: none, dividends: none };
  },
};

describeEachDatabase('a new market day from ingestion reaches the watchlist alerts', (kind) => {
  let db: Database;
  let t: TestApp;
  let clock = new Date('2026-07-06T22:00:00Z');
  let ingest: MarketFeature['ingest'];
  beforeAll(async () => {
    ({ db, t } = await startTestApp(kind, { actAsHeader: true, now: () => clock }));
    // The worker: another market feature on the same database, with the vendor (the app's own has none configured).
    ingest = createMarketFeature(t.ctx, { ingestVendor: vendor }).ingest;
  });
  afterAll(() => db.close());

  it('price above $310: armed on the snapshot ($308.63), fired once by the ingested Jul 6 ($311.72), not again on Jul 7 ($315)', async () => {
    const ledger = createLedgerService(db);
    const u = await insertTestUser(db);
    await ledger.openAccount(u.id);
    const h = { 'x-test-user-id': u.id };
    const list = (await t.json('POST', '/api/watchlists', { name: 'Tech' }, h)).body;
    await t.json('POST', `/api/watchlists/${list.id}/symbols`, { symbol: 'AAPL' }, h);
    const alert = await t.json('POST', `/api/watchlists/${list.id}/symbols/AAPL/alerts`, { kind: 'price_above', threshold: 310 }, h);
    expect(alert.body).toMatchObject({ last_side: 'below', fired_count: 0 });

    // The app's own watchlists feature reads its points through the app's market service, as in production.
    const market = (t.features.find((f) => f.name === 'market') as MarketFeature).market;
    const ticker = createWatchlistsFeature(t.ctx, { ledger, market, mailer: createOutboxMailer({ db, logger: t.ctx.logger }) });
    expect((await ticker.runAlertTick()).fired).toBe(0);

    expect((await ingest!.refresh({ day: '2026-07-06' })).at(-1)).toMatchObject({ outcome: 'stored', stored: 1 });
    // Another process learns of the new day within a minute of its clock.
    clock = new Date(clock.getTime() + 61_000);
    expect((await market.getQuote('AAPL')).price).toBe(311.72);
    expect((await ticker.runAlertTick()).fired).toBe(1);
    expect((await ticker.runAlertTick()).fired).toBe(0);

    clock = new Date('2026-07-07T22:00:00Z');
    await ingest!.refresh({ day: '2026-07-07' });
    clock = new Date(clock.getTime() + 61_000);
    expect((await market.getQuote('AAPL')).as_of).toBe('2026-07-07');
    expect((await ticker.runAlertTick()).fired).toBe(0);
    const bell = (await t.json('GET', '/api/notifications', undefined, h)).body;
    expect(bell.notifications.map((n: { title: string; as_of: string }) => [n.title, n.as_of])).toEqual([['AAPL rose above $310.00', '2026-07-06']]);
  });
});
