import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOutboxMailer } from '../../adapters/mail/outbox/index.ts';
import type { Database } from '../../adapters/db/index.ts';
import { describeOnPglite } from '../../test/db.ts';
import { createWatchlistsFeature } from './index.ts';
import { createScriptedPoints, scriptedPoint, startWatchlistTest, type WatchlistTest } from '../../test/watchlist-test-kit.ts';

/** The test database, recording each statement's text and how many rows it returned. */
function withStatementLog(db: Database) {
  const dialect = new PgDialect();
  const log: Array<{ text: string; rows: number }> = [];
  const counted = new Proxy(db, {
    get(target, prop) {
      if (prop === 'query')
        return async (statement: SQL) => {
          const rows = await target.query(statement);
          log.push({ text: dialect.sqlToQuery(statement).sql, rows: rows.length });
          return rows;
        };
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  /** Alert rows the statements since `from` returned, besides the list of alerted symbols every tick reads. */
  const alertRowsReadSince = (from: number) =>
    log
      .slice(from)
      .filter((s) => /FROM watchlist_alerts/.test(s.text) && !/SELECT DISTINCT symbol/.test(s.text))
      .reduce((n, s) => n + s.rows, 0);
  return { counted, log, alertRowsReadSince };
}

describeOnPglite('an alert tick reads only the alerts of symbols with a new data day', (kind) => {
  let k: WatchlistTest;
  beforeAll(async () => {
    k = await startWatchlistTest(kind);
  });
  afterAll(async () => k?.db.close());

  it('AAPL (2 alerts) and MSFT (1): first tick reads 3 rows; same day again reads 0; AAPL alone moves a day: 2; its crossing fires once', async () => {
    const u = await k.createUser();
    const me = k.as(u.id);
    const list = (await me.createList('Two symbols')).body;
    await me.add(list.id, 'AAPL');
    await me.add(list.id, 'MSFT');
    expect((await me.alert(list.id, 'AAPL', { kind: 'price_above', threshold: 1000 })).status).toBe(201);
    expect((await me.alert(list.id, 'AAPL', { kind: 'price_below', threshold: 10 })).status).toBe(201);
    expect((await me.alert(list.id, 'MSFT', { kind: 'price_above', threshold: 2000 })).status).toBe(201);

    const { counted, log, alertRowsReadSince } = withStatementLog(k.db);
    const points = createScriptedPoints();
    const ticker = createWatchlistsFeature(
      { ...k.t.ctx, db: counted },
      { ledger: k.ledger, market: k.market, mailer: createOutboxMailer({ db: k.db, logger: k.t.ctx.logger }), points: points.source },
    );
    const tick = async () => {
      const from = log.length;
      const report = await ticker.runAlertTick();
      return { report, alertRows: alertRowsReadSince(from) };
    };

    points.set(scriptedPoint('AAPL', '2034-05-01', { price: 990 }));
    points.set(scriptedPoint('MSFT', '2034-05-01', { price: 1500 }));
    // This process has evaluated nothing yet: every alert is read once.
    expect(await tick()).toMatchObject({ report: { symbols: 2, alerts: 3, fired: 0 }, alertRows: 3 });
    // The next minute, the same data day: 0 alert rows read, 0 written.
    expect(await tick()).toMatchObject({ report: { symbols: 2, alerts: 0, changed: 0, fired: 0 }, alertRows: 0 });
    // AAPL gets a new day (990 → 1001 crosses $1000), MSFT does not: AAPL's 2 alerts are read, MSFT's 1 is not.
    points.set(scriptedPoint('AAPL', '2034-05-02', { price: 1001 }));
    expect(await tick()).toMatchObject({ report: { alerts: 2, fired: 1 }, alertRows: 2 });
    expect(await tick()).toMatchObject({ report: { alerts: 0, fired: 0 }, alertRows: 0 });
    expect((await me.notifications()).body.notifications.map((n: { title: string }) => n.title)).toEqual(['AAPL rose above $1,000.00']);
  });
});
