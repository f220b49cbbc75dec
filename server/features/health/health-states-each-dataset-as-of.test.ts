import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
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

  it('keeps data_as_of and states prices, fundamentals, listings, ETFs, dividends and the risk-free rate separately; none of them is an adapter', async () => {
    const res = await t.json('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body.data_as_of).toBe('2026-07-02');
    expect(Object.keys(res.body.datasets_as_of).sort()).toEqual(['dividends', 'etfs', 'fundamentals', 'listings', 'prices', 'risk_free']);
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
    // the DCF's risk-free rate: the shipped pair's 10-year yield of 2024-12-31 until a Treasury day is stored
    expect(d.risk_free).toBe('2024-12-31');
  });

  it('fundamentals are dated by the latest known filing date, not an estimated one, and never after their sources were extracted', async () => {
    // Recomputed from the bundle: refs are [source, filing date, 1 when estimated]; the snapshot's estimates
    // reach 2026-08-29 (fiscal years ending 2026-06-30 + 60 days), after the SEC extract of 2026-08-22.
    const dir = join(import.meta.dirname, '../../../data');
    const file = JSON.parse(gunzipSync(readFileSync(join(dir, 'fundamentals.json.gz'))).toString('utf8'));
    const refs = Object.values(file.fundamentals as Record<string, { refs: [string, string, number?][] }>).flatMap((f) => f.refs);
    const known = refs.filter((r) => r[1] && r[2] !== 1).map((r) => r[1]);
    const sources = JSON.parse(readFileSync(join(dir, 'sources.json'), 'utf8')).sources as { id: string; as_of: string }[];
    const extracted = sources
      .filter((x) => new Set(refs.map((r) => r[0])).has(x.id))
      .map((x) => x.as_of)
      .sort()
      .at(-1)!;
    const expected = [known.sort().at(-1)!, extracted].sort()[0];

    // Before the fundamentals file is read, the stated date capped at the latest source date.
    const before = (await t.json('GET', '/api/health')).body.datasets_as_of.fundamentals;
    expect(
      before <=
        sources
          .map((x) => x.as_of)
          .sort()
          .at(-1)!,
    ).toBe(true);
    await t.json('GET', '/api/market/fundamentals/MSFT', undefined, as);
    const after = (await t.json('GET', '/api/health')).body.datasets_as_of.fundamentals;
    expect(after).toBe(expected);
    expect(after <= extracted).toBe(true);
  });
});
