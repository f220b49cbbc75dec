import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import { createTokensService } from './tokens-service.ts';

// Free (10) → Basic now: a new period with 50, +40. Basic → Pro halfway through the period: +(200 − 50) × ½ = +75.
// Pro → Free: scheduled for the period end, 0 now. Pro again while Pro: nothing changes (applied 'none').
describeEachDatabase('token activity names each plan change', (kind) => {
  let db: Database;
  let t: TestApp;
  let now = new Date('2026-06-01T00:00:00.000Z');
  beforeAll(async () => ({ db, t } = await startTestApp(kind, { actAsHeader: true, now: () => now })));
  afterAll(async () => db?.close());

  it('GET /api/tokens/ledger gives tier_change entries their from, to and when', async () => {
    const ledger = createTokensService(db, { now: () => now });
    const u = await insertTestUser(db);
    await ledger.openAccount(u.id);
    await ledger.changeTier(u.id, 'Basic', { actor: 'payments' });
    now = new Date('2026-06-16T00:00:00.000Z'); // 15 of the period's 30 days: ½ left
    await ledger.changeTier(u.id, 'Pro', { actor: 'payments' });
    await ledger.changeTier(u.id, 'Free', { actor: 'payments' });
    await ledger.changeTier(u.id, 'Pro', { actor: 'payments' });

    const res = await t.json('GET', '/api/tokens/ledger?limit=10', undefined, { 'x-test-user-id': u.id });
    expect(res.status).toBe(200);
    const rows = res.body.entries.map((e: { reason: string; change: number; plan_change?: unknown }) => [e.reason, e.change, e.plan_change ?? null]);
    expect(rows).toEqual([
      ['tier_change', 0, { from: 'Pro', to: 'Pro', applied: 'none' }],
      ['tier_change', 0, { from: 'Pro', to: 'Free', applied: 'at-period-end' }],
      ['tier_change', 75, { from: 'Basic', to: 'Pro', applied: 'now' }],
      ['tier_change', 40, { from: 'Free', to: 'Basic', applied: 'now' }],
      ['open', 10, null],
    ]);
  });
});
