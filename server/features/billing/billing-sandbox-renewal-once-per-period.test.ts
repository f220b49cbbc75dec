import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import { type BillingTestApp, createClock, startBillingApp } from '../../test/billing-test-kit.ts';

/** The sandbox rolls its subscriptions over like Stripe's billing: one invoice.paid per period, or the end of a cancelled one. */
describeEachDatabase('sandbox renewal', (kind) => {
  let db: Database;
  let t: BillingTestApp;
  const clock = createClock(new Date('2026-01-31T09:00:00.000Z'));
  beforeAll(async () => ({ db, t } = await startBillingApp(kind, { now: clock.now })));
  afterAll(async () => db?.close());

  async function subscribe(userId: string) {
    const res = await t.json('POST', '/api/billing/create-checkout', { plan: 'basic' }, t.as(userId));
    const paid = await t.json('POST', `${new URL(res.body.url).pathname}/pay`, { card_number: '4242424242424242' });
    expect(paid.status).toBe(303);
  }

  it('Jan 31 subscription renews on Feb 28 (clamped) for a period to Mar 31 (anchored), once even when two runners race: 50 − 20 spent → 50 again', async () => {
    clock.set(new Date('2026-01-31T09:00:00.000Z'));
    const u = await insertTestUser(db);
    await subscribe(u.id);
    await t.ledger.adjust(u.id, -20_000, { bucket: 'allocation', reason: 'spent in January', actor: 'test' });
    expect(await t.balanceMt(u.id)).toBe(30_000);
    expect(await t.sandbox().renewDueSubscriptions()).toBe(0); // nothing due yet

    clock.set(new Date('2026-02-28T09:00:01.000Z'));
    const runs = await Promise.all([t.sandbox().renewDueSubscriptions(), t.sandbox().renewDueSubscriptions()]);
    expect(runs[0]! + runs[1]!).toBe(1);
    const account = await t.ledger.getAccount(u.id);
    expect(account.availableMt).toBe(50_000);
    expect(account.actualBillingPeriodEnd).toBe('2026-03-31T09:00:00.000Z');
    expect(account.nextResetDate).toBe('2026-03-31T09:00:00.000Z'); // in step with the ledger's own period
    const [periods] = await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM billing_period WHERE user_id = ${u.id}`);
    expect(periods!.n).toBe(2); // the first (subscription_create) and February's
  });

  it('a subscription cancelled at period end becomes Free when the period ends', async () => {
    clock.set(new Date('2026-03-01T10:00:00.000Z'));
    const u = await insertTestUser(db);
    await subscribe(u.id);
    const portal = await t.json('POST', '/api/billing/customer-portal', undefined, t.as(u.id));
    const cancel = await t.json('POST', `${new URL(portal.body.url).pathname}/action`, { action: 'cancel' });
    expect(cancel.status).toBe(200);
    expect((await t.ledger.getAccount(u.id)).pendingTier).toBe('Free');

    clock.set(new Date('2026-04-01T10:00:01.000Z'));
    await t.sandbox().renewDueSubscriptions();
    const account = await t.ledger.getAccount(u.id);
    expect(account.tier).toBe('Free');
    const mine = await t.json('GET', '/api/billing/subscription', undefined, t.as(u.id));
    expect(mine.body).toMatchObject({ tier: 'Free', status: 'canceled', current_period_end: null });
  });
});
