import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestDatabase, describeOnPglite } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';

describeOnPglite('GET /api/health: the snapshot date and each dataset’s own as-of date', (kind) => {
  let db: Database;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let as: Record<string, string>;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    t = await createTestApp(db, { actAsHeader: true });
    as = { 'x-test-user-id': (await insertTestUser(db)).id };
  });
  afterAll(() => db.close());

  it('keeps data_as_of and states prices, fundamentals, listings, ETFs and dividends separately; none of them is an adapter', async () => {
    const res = await t.json('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body.data_as_of).toBe('2026-07-02');
    expect(Object.keys(res.body.datasets_as_of).sort()).toEqual(['dividends', 'etfs', 'fundamentals', 'listings', 'prices']);
    for (const day of Object.values(res.body.datasets_as_of)) expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Object.keys(res.body.adapters).filter((k) => k.startsWith('data_as_of'))).toEqual([]);
  });

  it('the dates agree with the data served: prices = the last bar of a daily series; fundamentals = the latest figure date', async () => {
    const { datasets_as_of: d } = (await t.json('GET', '/api/health')).body;
    const aaplHistory = (await t.json('GET', '/api/market/history/AAPL?range=1m', undefined, as)).body;
    expect(d.prices).toBe(aaplHistory.bars.at(-1).date);
    const f = (await t.json('GET', '/api/market/fundamentals/AAPL', undefined, as)).body;
    const figureDates: string[] = [];
    for (const basis of ['annual', 'quarterly'] as const) {
      for (const l of [...f[basis].income, ...f[basis].balance, ...f[basis].cash_flow]) for (const v of l.values) if (v.as_of) figureDates.push(v.as_of);
    }
    // AAPL's latest figure is not later than the dataset's latest (the max over every company)
    expect(figureDates.sort().at(-1)! <= d.fundamentals).toBe(true);
    // the listing directories (Nasdaq 2026-08-01, NYSE and others 2026-08-22): the later one
    expect(d.listings).toBe('2026-08-22');
  });
});
