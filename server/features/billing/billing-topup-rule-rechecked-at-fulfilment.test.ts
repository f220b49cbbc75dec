import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import { type BillingTestApp, createClock, startBillingApp } from '../../test/billing-test-kit.ts';

// The rule "Basic or Pro, balance below 5 tokens" holds when a top-up opens; one top-up may be open per
// user; a payment that arrives after the rule stopped holding is credited (the money is taken) and says so.
describeEachDatabase('top-up rule re-checked at fulfilment', (kind) => {
  let db: Database;
  let t: BillingTestApp;
  const clock = createClock(new Date('2026-04-01T10:00:00.000Z'));
  beforeAll(async () => ({ db, t } = await startBillingApp(kind, { now: clock.now })));
  afterAll(async () => db?.close());

  const openTopup = async (userId: string, tokens: number) => {
    const res = await t.json('POST', '/api/billing/create-token-topup', { tokensToPurchase: tokens }, t.as(userId));
    expect(res.status).toBe(200);
    return res.body.session_id as string;
  };
  const pay = (id: string) => t.json('POST', `/sandbox/checkout/${id}/pay`, { card_number: '4242424242424242' });
  const statusOf = async (id: string) =>
    (await db.query<{ status: string }>(sql`SELECT status FROM checkout_session WHERE provider_session_id = ${id}`))[0]?.status;
  const purchaseMeta = async (userId: string) =>
    (
      await db.query<{ delta_purchased_mt: number; meta: Record<string, unknown> }>(sql`
      SELECT delta_purchased_mt, meta FROM token_ledger WHERE user_id = ${userId} AND reason = 'purchase' ORDER BY id`)
    ).map((r) => ({
      ...r,
      meta: typeof r.meta === 'string' ? JSON.parse(r.meta) : r.meta,
    }));

  it('balance 4 tokens, two top-ups opened: the first is expired (unpayable); the second, paid at 4, credits 50 → 54 with the rule intact', async () => {
    const u = await t.userWith('Basic', 4_000);
    const first = await openTopup(u.id, 20);
    const second = await openTopup(u.id, 50);
    expect(await statusOf(first)).toBe('expired');
    expect((await t.sandbox().getCheckout(first))!.status).toBe('expired');
    expect((await pay(first)).status).not.toBe(303);
    expect((await pay(second)).status).toBe(303);
    expect(await t.balanceMt(u.id)).toBe(4_000 + 50_000);
    const [entry, ...more] = await purchaseMeta(u.id);
    expect(more).toEqual([]);
    expect(entry!.delta_purchased_mt).toBe(50_000);
    expect(entry!.meta.rule_broken).toBeUndefined();
  });

  it('opened at 4, paid after a grant took the balance to 20: credited (20 + 20 = 40), the entry says balance_not_below_5', async () => {
    const u = await t.userWith('Basic', 4_000);
    const id = await openTopup(u.id, 20);
    await t.ledger.grantAllocation(u.id, 16_000, { actor: 'test', idempotencyKey: `grant-${u.id}` });
    expect(await t.balanceMt(u.id)).toBe(20_000);
    expect((await pay(id)).status).toBe(303);
    expect(await t.balanceMt(u.id)).toBe(20_000 + 20_000);
    const [entry] = await purchaseMeta(u.id);
    expect(entry).toMatchObject({
      delta_purchased_mt: 20_000,
      meta: { rule_broken: 'balance_not_below_5', tier_at_fulfilment: 'Basic', balance_mt_at_fulfilment: 20_000, tokens: 20, amount_cents: 1000 },
    });
  });

  it('opened on Basic, paid after going Free by other means: credited (Free 10 + 20 = 30), the entry says not_subscribed', async () => {
    const u = await t.userWith('Basic', 4_000);
    const id = await openTopup(u.id, 20);
    await t.ledger.changeTier(u.id, 'Free', { actor: 'test', immediate: true });
    expect(await t.balanceMt(u.id)).toBe(10_000);
    expect((await pay(id)).status).toBe(303);
    expect(await t.balanceMt(u.id)).toBe(10_000 + 20_000);
    expect((await purchaseMeta(u.id))[0]!.meta).toMatchObject({ rule_broken: 'not_subscribed', tier_at_fulfilment: 'Free', balance_mt_at_fulfilment: 10_000 });
  });

  it('a subscriber whose subscription ends (→ Free) has their open top-up expired at the provider', async () => {
    const u = await insertTestUser(db);
    const sub = (await t.json('POST', '/api/billing/create-checkout', { plan: 'basic' }, t.as(u.id))).body.url.split('/').at(-1) as string;
    expect((await pay(sub)).status).toBe(303);
    await t.ledger.adjust(u.id, -46_000, { bucket: 'allocation', reason: 'spent down to 4 tokens', actor: 'test' });
    const topup = await openTopup(u.id, 20);
    const [row] = await db.query<{ subscription_id: string }>(sql`SELECT subscription_id FROM checkout_session WHERE provider_session_id = ${sub}`);
    await t.sandbox().cancelSubscriptionNow(row!.subscription_id, 'test');
    expect((await t.ledger.getAccount(u.id)).tier).toBe('Free');
    expect(await statusOf(topup)).toBe('expired');
    expect((await t.sandbox().getCheckout(topup))!.status).toBe('expired');
    expect((await pay(topup)).status).not.toBe(303);
  });
});
