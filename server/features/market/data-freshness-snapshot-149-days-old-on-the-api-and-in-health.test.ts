import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestDatabase, describeOnPglite } from '../../test/db.ts';

describeOnPglite('how current the data is: GET /api/market/freshness and /api/health, on the test clock', (kind) => {
  let db: Database;
  let clock = new Date('2026-11-28T21:00:00Z');
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    t = await createTestApp(db, { now: () => clock });
  });
  afterAll(() => db.close());

  it('on 2026-11-28 the bundled prices of 2026-07-02 are 149 days (29 + 31 + 30 + 31 + 28) and 103 trading days old: stale, with the sentence every page shows', async () => {
    const res = await t.json('GET', '/api/market/freshness');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      today: '2026-11-28',
      last_trading_day: '2026-11-27',
      as_of: '2026-07-02',
      age_days: 29 + 31 + 30 + 31 + 28,
      lag_trading_days: 103,
      stale: true,
      source: 'bundled',
      notice: 'Demo data from Jul 2, 2026 — 149 days old.',
      reason: expect.stringContaining('bundled snapshot'),
    });
  });

  it('/api/health reports the same freshness and each dataset’s age in days from its own as-of day', async () => {
    const { body } = await t.json('GET', '/api/health');
    expect(body.data_freshness.notice).toBe('Demo data from Jul 2, 2026 — 149 days old.');
    expect(body.datasets_age_days.prices).toBe(149);
    for (const [dataset, day] of Object.entries(body.datasets_as_of as Record<string, string | null>)) {
      if (day === null) continue;
      const expected = Math.round((Date.parse('2026-11-28') - Date.parse(day)) / 86_400_000);
      expect(body.datasets_age_days[dataset], dataset).toBe(expected);
    }
  });

  it('the morning after the snapshot (Monday 2026-07-06, 09:00 New York; Friday 3rd a holiday) it is current: no notice', async () => {
    clock = new Date('2026-07-06T13:00:00Z');
    const { body } = await t.json('GET', '/api/market/freshness');
    expect(body).toMatchObject({ today: '2026-07-06', last_trading_day: '2026-07-02', age_days: 4, lag_trading_days: 0, stale: false, notice: null });
  });
});
