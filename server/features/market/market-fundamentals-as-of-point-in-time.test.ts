import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestDatabase, describeOnPglite } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import type { FundamentalsResponse } from './market.routes.ts';

type Figure = FundamentalsResponse['annual']['income'][number]['values'][number];

/** Every (basis, period end, line) → figure, to compare two answers cell by cell. */
function cellsOf(f: FundamentalsResponse): Map<string, Figure> {
  const out = new Map<string, Figure>();
  for (const basis of ['annual', 'quarterly'] as const) {
    const set = f[basis];
    for (const l of [...set.income, ...set.balance, ...set.cash_flow]) {
      set.periods.forEach((p, i) => {
        out.set(`${basis}|${p.end}|${l.key}`, l.values[i]!);
      });
    }
  }
  return out;
}

describeOnPglite('GET /api/market/fundamentals/{symbol}?as_of: point in time', (kind) => {
  let db: Database;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let as: Record<string, string>;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    t = await createTestApp(db, { actAsHeader: true });
    as = { 'x-test-user-id': (await insertTestUser(db)).id };
  });
  afterAll(() => db.close());

  const get = (path: string) => t.json('GET', path, undefined, as);

  it('a bad date is 400 VALIDATION_FAILED naming the field as_of', async () => {
    for (const bad of ['2026-13-01', '2023-02-29', 'yesterday', '20240101']) {
      const res = await get(`/api/market/fundamentals/AAPL?as_of=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'as_of' });
    }
  });

  it('without as_of the answer is unchanged: no as_of field, every period', async () => {
    const res = await get('/api/market/fundamentals/AAPL');
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('as_of');
    expect(res.body.annual.periods.length).toBeGreaterThan(5);
  });

  for (const day of ['2019-12-31', '2024-06-30', '2026-08-21', '2026-12-31']) {
    it(`as of ${day}: every served figure was filed by then, and every figure filed by then is served (nothing lost, no look-ahead)`, async () => {
      const full = cellsOf((await get('/api/market/fundamentals/AAPL')).body);
      const res = await get(`/api/market/fundamentals/AAPL?as_of=${day}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ symbol: 'AAPL', as_of: day, served_by: 'bundled' });
      const pit = cellsOf(res.body);
      for (const [key, fig] of pit) if (fig.value !== null) expect(fig.as_of! <= day, key).toBe(true);
      for (const [key, fig] of full) {
        if (fig.value !== null && fig.as_of! <= day) expect(pit.get(key), key).toEqual(fig);
      }
    });
  }
});
