import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/db.ts';
import { countOutboxMails, scriptedPoint, startWatchlistTest, type WatchlistTest } from '../../test/watchlist-test-kit.ts';

describeEachDatabase('watchlist alerts over a sequence of data refreshes', (kind) => {
  let k: WatchlistTest;
  beforeAll(async () => {
    k = await startWatchlistTest(kind);
  });
  afterAll(async () => k?.db.close());

  it('price above $1000 on AAPL: 990 → 1001 fires, 1005 and a repeated tick do not, 999 re-arms, 1002 fires again (2 notifications, 2 e-mails)', async () => {
    const u = await k.createUser();
    const me = k.as(u.id);
    const list = (await me.createList('Tech')).body;
    expect((await me.add(list.id, 'AAPL')).status).toBe(201);
    const created = await me.alert(list.id, 'AAPL', { kind: 'price_above', threshold: 1000 });
    expect(created.status).toBe(201);
    // Recorded on today's real close (far below $1000): armed, not fired.
    expect(created.body).toMatchObject({ last_side: 'below', fired_count: 0, description: 'Price rises above $1,000.00' });

    const sequence: Array<[string, number, boolean]> = [
      ['2030-01-02', 990, false],
      ['2030-01-03', 1001, true],
      ['2030-01-03', 1001, false], // a tick with no new data day: nothing to evaluate
      ['2030-01-04', 1005, false],
      ['2030-01-05', 999, false],
      ['2030-01-06', 1002, true],
    ];
    const firedPerTick: boolean[] = [];
    for (const [day, price] of sequence) {
      k.scripted.set(scriptedPoint('AAPL', day, { price }));
      firedPerTick.push((await k.ticker.runAlertTick()).fired === 1);
    }
    expect(firedPerTick).toEqual(sequence.map(([, , fired]) => fired));

    const bell = (await me.notifications()).body;
    expect(bell.unread).toBe(2);
    expect(bell.notifications.map((n: { title: string; as_of: string }) => [n.title, n.as_of])).toEqual([
      ['AAPL rose above $1,000.00', '2030-01-06'],
      ['AAPL rose above $1,000.00', '2030-01-03'],
    ]);
    expect(await countOutboxMails(k.db, u.email)).toBe(2);
    const alert = (await me.lists()).body.watchlists[0].rows[0].alerts[0];
    expect(alert).toMatchObject({ fired_count: 2, last_side: 'above', last_value: 1002, last_as_of: '2030-01-06' });

    // Mark one read, then all.
    const first = bell.notifications[0].id;
    expect((await me.markRead({ ids: [first] })).body.unread).toBe(1);
    expect((await me.markRead({ all: true })).body.unread).toBe(0);
  });

  it('an alert with e-mail off fires into the bell only; RSI 30 fires on the fall below 30 and not again until it has been back above', async () => {
    const u = await k.createUser();
    const me = k.as(u.id);
    const list = (await me.createList('Oversold watch')).body;
    await me.add(list.id, 'MSFT');
    expect((await me.alert(list.id, 'MSFT', { kind: 'rsi_cross', threshold: 30, email: false })).status).toBe(201);
    const rsis: Array<[string, number]> = [
      ['2031-02-02', 45],
      ['2031-02-03', 28],
      ['2031-02-04', 25],
      ['2031-02-05', 35],
      ['2031-02-06', 29],
    ];
    const fired: number[] = [];
    for (const [day, rsi14] of rsis) {
      k.scripted.set(scriptedPoint('MSFT', day, { rsi14 }));
      await k.ticker.runAlertTick();
      fired.push((await me.notifications()).body.notifications.length);
    }
    expect(fired).toEqual([0, 1, 1, 1, 2]);
    const [latest] = (await me.notifications()).body.notifications;
    expect(latest).toMatchObject({ title: 'MSFT RSI (14) fell below 30', email_status: 'off' });
    expect(await countOutboxMails(k.db, u.email)).toBe(0);
  });
});
