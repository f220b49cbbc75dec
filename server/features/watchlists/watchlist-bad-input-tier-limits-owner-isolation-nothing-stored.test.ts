import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/db.ts';
import { startWatchlistTest, type WatchlistTest } from '../../test/watchlist-test-kit.ts';

/** Symbols of the bundled snapshot with daily prices: enough to fill a Free list and one more. */
const ELEVEN = ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL', 'META', 'JPM', 'KO', 'XOM', 'JNJ', 'PG'];

describeEachDatabase('watchlist bad input, tier limits and owners', (kind) => {
  let k: WatchlistTest;
  beforeAll(async () => {
    k = await startWatchlistTest(kind);
  });
  afterAll(async () => k?.db.close());

  describe('tier limits hold on the server', () => {
    it('Free: a second list is 403 TIER_REQUIRED naming Basic; the 11th symbol is refused; nothing extra stored', async () => {
      const u = await k.createUser('Free');
      const me = k.as(u.id);
      const list = (await me.createList('Main')).body;
      const second = await me.createList('Second');
      expect(second.status).toBe(403);
      expect(second.body.error).toMatchObject({ code: 'TIER_REQUIRED', field: 'name', details: { limit: 'lists', tier: 'Free', max: 1, upgrade_to: 'Basic' } });
      expect(second.body.error.message).toBe('Your Free plan includes 1 watchlist. Upgrade to Basic for 5 lists of 50 symbols each.');
      for (const s of ELEVEN.slice(0, 10)) expect((await me.add(list.id, s)).status).toBe(201);
      const eleventh = await me.add(list.id, ELEVEN[10]);
      expect(eleventh.status).toBe(403);
      expect(eleventh.body.error).toMatchObject({ code: 'TIER_REQUIRED', field: 'symbol', details: { limit: 'symbols_per_list', max: 10 } });
      expect(await k.countRows(u.id)).toEqual({ lists: 1, symbols: 10, alerts: 0 });
      expect((await me.lists()).body.limits).toMatchObject({ tier: 'Free', lists: 1, symbols_per_list: 10, upgrade_to: 'Basic' });
    }, 60_000);

    it('Free: 5 concurrent "add" of different symbols at 8 of 10 → exactly 2 stored', async () => {
      const u = await k.createUser('Free');
      const me = k.as(u.id);
      const list = (await me.createList('Race')).body;
      for (const s of ELEVEN.slice(0, 8)) await me.add(list.id, s);
      const answers = await Promise.all(['XOM', 'JNJ', 'PG', 'V', 'WMT'].map((s) => me.add(list.id, s)));
      expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
      expect(answers.filter((a) => a.status === 403)).toHaveLength(3);
      expect((await k.countRows(u.id)).symbols).toBe(10);
    }, 60_000);

    it('Basic: 5 lists, the 6th refused with Pro as the upgrade; Pro: a 6th list is fine', async () => {
      const basic = k.as((await k.createUser('Basic')).id);
      for (let i = 1; i <= 5; i++) expect((await basic.createList(`L${i}`)).status).toBe(201);
      const sixth = await basic.createList('L6');
      expect(sixth.status).toBe(403);
      expect(sixth.body.error.details).toMatchObject({ tier: 'Basic', max: 5, upgrade_to: 'Pro' });
      const pro = k.as((await k.createUser('Pro')).id);
      for (let i = 1; i <= 6; i++) expect((await pro.createList(`L${i}`)).status).toBe(201);
    });
  });

  describe('bad input: a code, a message, nothing stored', () => {
    it('unknown and malformed symbols, duplicates, bad names', async () => {
      const u = await k.createUser('Basic');
      const me = k.as(u.id);
      const list = (await me.createList('Ideas')).body;
      await me.add(list.id, 'AAPL');
      const before = await k.countRows(u.id);
      const cases = [
        [await me.add(list.id, 'ZZZZZQ'), 404, 'UNKNOWN_SYMBOL', 'symbol'],
        [await me.add(list.id, '$$$'), 400, 'INVALID_SYMBOL', 'symbol'],
        [await me.add(list.id, 'aapl'), 409, 'ALREADY_EXISTS', 'symbol'],
        [await me.add(list.id, 42), 400, 'VALIDATION_FAILED', 'symbol'],
        [await me.createList('  '), 400, 'VALIDATION_FAILED', 'name'],
        [await me.createList('x'.repeat(61)), 400, 'VALIDATION_FAILED', 'name'],
        [await me.createList('ideas'), 409, 'ALREADY_EXISTS', 'name'],
      ] as const;
      for (const [res, status, code, field] of cases) {
        expect({ status: res.status, code: res.body.error.code, field: res.body.error.field }).toEqual({ status, code, field });
        expect(res.body.error.message.length).toBeGreaterThan(10);
      }
      expect(await k.countRows(u.id)).toEqual(before);
    });

    it('malformed alert thresholds, wrong kinds, duplicates and alerts on symbols not on the list', async () => {
      const u = await k.createUser('Basic');
      const me = k.as(u.id);
      const list = (await me.createList('Alerts')).body;
      await me.add(list.id, 'AAPL');
      expect((await me.alert(list.id, 'AAPL', { kind: 'price_below', threshold: 50 })).status).toBe(201);
      const before = await k.countRows(u.id);
      const cases = [
        [{ kind: 'price_above', threshold: -5 }, 400, 'VALIDATION_FAILED', 'threshold'],
        [{ kind: 'price_above', threshold: 0 }, 400, 'VALIDATION_FAILED', 'threshold'],
        [{ kind: 'price_above' }, 400, 'VALIDATION_FAILED', 'threshold'],
        [{ kind: 'price_above', threshold: '200' }, 400, 'VALIDATION_FAILED', 'threshold'],
        [{ kind: 'move_percent', threshold: 250 }, 400, 'VALIDATION_FAILED', 'threshold'],
        [{ kind: 'rsi_cross', threshold: 50 }, 400, 'VALIDATION_FAILED', 'threshold'],
        [{ kind: 'golden_cross', threshold: 3 }, 400, 'VALIDATION_FAILED', 'threshold'],
        [{ kind: 'moon_landing' }, 400, 'VALIDATION_FAILED', 'kind'],
        [{ kind: 'price_below', threshold: 50 }, 409, 'ALREADY_EXISTS', 'kind'],
      ] as const;
      for (const [body, status, code, field] of cases) {
        const res = await me.alert(list.id, 'AAPL', body);
        expect({ body, status: res.status, code: res.body.error.code, field: res.body.error.field }).toEqual({ body, status, code, field });
      }
      const notOnList = await me.alert(list.id, 'MSFT', { kind: 'price_above', threshold: 500 });
      expect({ status: notOnList.status, code: notOnList.body.error.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
      expect(await k.countRows(u.id)).toEqual(before);
    });
  });

  it("owner isolation: another user's list, symbols, alerts and notifications are 404 or invisible", async () => {
    const owner = k.as((await k.createUser('Basic')).id);
    const otherId = (await k.createUser('Basic')).id;
    const other = k.as(otherId);
    const list = (await owner.createList('Mine')).body;
    await owner.add(list.id, 'AAPL');
    const alert = (await owner.alert(list.id, 'AAPL', { kind: 'price_above', threshold: 900 })).body;
    const attempts = [
      await other.rename(list.id, 'Stolen'),
      await other.add(list.id, 'MSFT'),
      await other.remove(list.id, 'AAPL'),
      await other.alert(list.id, 'AAPL', { kind: 'price_below', threshold: 10 }),
      await other.deleteAlert(alert.id),
      await other.deleteList(list.id),
    ];
    expect(attempts.map((a) => [a.status, a.body.error.code])).toEqual(Array(6).fill([404, 'NOT_FOUND']));
    expect((await other.lists()).body.watchlists).toEqual([]);
    expect(await k.countRows(otherId)).toEqual({ lists: 0, symbols: 0, alerts: 0 });
    const mine = (await owner.lists()).body.watchlists;
    expect(
      mine.map((l: { name: string; rows: Array<{ symbol: string; alerts: unknown[] }> }) => [l.name, l.rows.map((r) => [r.symbol, r.alerts.length])]),
    ).toEqual([['Mine', [['AAPL', 1]]]]);
    // The owner can rename, then delete: the symbol's alerts go with the list.
    expect((await owner.rename(list.id, 'Renamed')).body.name).toBe('Renamed');
    expect((await owner.deleteList(list.id)).status).toBe(200);
  });

  it('a row carries the figures of the analyses: price, change, sparkline, rating, RSI, fair value and grades for AAPL', async () => {
    const me = k.as((await k.createUser()).id);
    const list = (await me.createList('Figures')).body;
    const row = (await me.add(list.id, 'AAPL')).body;
    expect(row.price).toBeGreaterThan(0);
    expect(row.change_period).toBe('day');
    expect(row.sparkline.length).toBe(63);
    expect(row.sparkline.at(-1)).toBeCloseTo(row.price, 2);
    expect(row.rating?.label).toMatch(/^(strong_)?(buy|sell)$|^neutral$/);
    expect(row.rsi_14).toBeGreaterThanOrEqual(0);
    expect(row.fair_value).toBeGreaterThan(0);
    // upside = fair value / price − 1, in percent
    expect(row.upside_percent).toBeCloseTo((row.fair_value / row.price - 1) * 100, 0);
    expect(Object.values(row.grades)).toHaveLength(5);
  });

  it('the public sample answers without a session with the same rows a list shows; the lists themselves need one', async () => {
    const sample = await k.t.json('GET', '/api/watchlists/sample');
    expect(sample.status).toBe(200);
    expect(sample.body.symbols.map((r: { symbol: string }) => r.symbol)).toEqual(['AAPL', 'MSFT', 'NVDA', 'JPM', 'KO', 'XOM', 'SPY']);
    const me = k.as((await k.createUser()).id);
    const list = (await me.createList('Same')).body;
    expect((await me.add(list.id, 'AAPL')).body).toEqual(sample.body.symbols[0]);
    expect((await k.t.json('GET', '/api/watchlists')).status).toBe(401);
    expect((await k.t.json('GET', '/api/notifications')).status).toBe(401);
  });
});
