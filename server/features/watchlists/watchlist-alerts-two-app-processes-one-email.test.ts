import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/db.ts';
import { startLineProcess } from '../../test/line-process.ts';
import type { TickReport } from './index.ts';
import { countOutboxMails, createSecondTicker, scriptedPoint, startWatchlistTest, type WatchlistTest } from '../../test/watchlist-test-kit.ts';

/** An app process running alert ticks on demand: `tick(line)` sends one refresh and resolves with its report. */
function startTickProcess(url: string) {
  const p = startLineProcess('server/test/alert-ticks-in-child-process.ts', [url]);
  return { ready: p.ready, stop: p.stop, tick: async (line: string) => JSON.parse(await p.send(line)) as TickReport };
}

describeEachDatabase('alert ticks in two app processes at once', (kind) => {
  let k: WatchlistTest;
  beforeAll(async () => {
    k = await startWatchlistTest(kind);
  });
  afterAll(async () => k?.db.close());

  it('price above $1000: both processes tick each refresh (990, 1001, 1003, 999, 1002) → 2 firings, 2 notifications, exactly 2 e-mails', async () => {
    const u = await k.createUser();
    const me = k.as(u.id);
    const list = (await me.createList('Race')).body;
    await me.add(list.id, 'AAPL');
    await me.alert(list.id, 'AAPL', { kind: 'price_above', threshold: 1000 });
    const refreshes: Array<[string, number]> = [
      ['2032-03-01', 990],
      ['2032-03-02', 1001],
      ['2032-03-03', 1003],
      ['2032-03-04', 999],
      ['2032-03-05', 1002],
    ];
    const firedPerRefresh: number[] = [];
    if (kind === 'postgres') {
      const url = (k.db as unknown as { pool: { options: { connectionString: string } } }).pool.options.connectionString;
      const procs = [startTickProcess(url), startTickProcess(url)];
      try {
        await Promise.all(procs.map((p) => p.ready));
        for (const [day, price] of refreshes) {
          const reports = await Promise.all(procs.map((p) => p.tick(`AAPL ${day} ${price}`)));
          firedPerRefresh.push(reports.reduce((n, r) => n + r.fired, 0));
        }
      } finally {
        await Promise.all(procs.map((p) => p.stop()));
      }
    } else {
      // PGlite is one process's database: the two "processes" are two feature instances ticking at once.
      const second = createSecondTicker(k);
      for (const [day, price] of refreshes) {
        k.scripted.set(scriptedPoint('AAPL', day, { price }));
        second.set(scriptedPoint('AAPL', day, { price }));
        const reports = await Promise.all([k.ticker.runAlertTick(), second.ticker.runAlertTick()]);
        firedPerRefresh.push(reports.reduce((n, r) => n + r.fired, 0));
      }
    }
    expect(firedPerRefresh).toEqual([0, 1, 0, 0, 1]);
    expect((await me.notifications()).body.notifications).toHaveLength(2);
    expect(await countOutboxMails(k.db, u.email)).toBe(2);
    // The alert's own state moved once per refresh, not once per process.
    expect((await me.lists()).body.watchlists[0].rows[0].alerts[0]).toMatchObject({ fired_count: 2, last_as_of: '2032-03-05', last_side: 'above' });
  }, 60_000);
});
