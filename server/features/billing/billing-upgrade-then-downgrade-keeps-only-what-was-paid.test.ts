import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import type { FakeStripe } from '../../test/fake-stripe/fake-stripe-server.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import {
  type BillingTestApp,
  createClock,
  sendStripeWebhook,
  startBillingApp,
  startStripeBillingApp,
  stopStripeBillingApp,
} from '../../test/billing-test-kit.ts';

const s = (iso: string) => Date.parse(iso) / 1000;

/**
 * Basic → Pro → Basic in one period through Stripe's events. Stripe's portal switches the price at once
 * (and credits the unused Pro time), so the ledger takes back the unspent Pro grant at once.
 * Period May 1 → Jun 1 (31 days): May 16 12:00 is half-way, the upgrade adds (200 − 50) × 0.5 = 75.
 */
describeEachDatabase('Stripe: Basic → Pro → Basic in one period', (kind) => {
  let db: Database;
  let fake: FakeStripe;
  let t: BillingTestApp;
  const clock = createClock(new Date('2026-05-01T00:00:00.000Z'));
  beforeAll(async () => ({ db, fake, t } = await startStripeBillingApp(kind, { now: clock.now })));
  afterAll(() => stopStripeBillingApp({ db, fake }));

  const webhook = (type: string, object: Record<string, unknown>) => sendStripeWebhook({ fake, t }, type, object);
  const tokens = async (userId: string) => (await t.json('GET', '/api/subscription', undefined, t.as(userId))).body;

  it('50 → upgrade +75 = 125 → 30 spent = 95 → downgraded at once: −min(75, 95) = 20 (Basic 50 − 30); June renews Basic 50', async () => {
    const u = await insertTestUser(db);
    const res = await t.json('POST', '/api/billing/create-checkout', { plan: 'basic' }, t.as(u.id));
    const created = [...fake.sessions.values()].find((x) => x.url === res.body.url)!;
    const session = fake.completeSession(created.id, 'paid');
    const subId = session.subscription as string;
    fake.updateSubscription(subId, { period: { start: s('2026-05-01T00:00:00Z'), end: s('2026-06-01T00:00:00Z') } });
    await webhook('checkout.session.completed', session);
    await webhook('invoice.paid', fake.buildInvoice(subId, { billingReason: 'subscription_create' }));
    expect(await tokens(u.id)).toMatchObject({ subscription_tier: 'Basic', tokens: 50 });

    clock.set(new Date('2026-05-16T12:00:00.000Z'));
    await webhook('customer.subscription.updated', fake.updateSubscription(subId, { price: 'price_pro_fake' }));
    expect(await tokens(u.id)).toMatchObject({ subscription_tier: 'Pro', tokens: 125 }); // 50 + 150 × 0.5
    // Stripe's proration invoice for the switch (its first line credits the unused Basic time) opens no period
    // and schedules nothing: the subscription event already brought the change.
    const proration = {
      billingReason: 'subscription_update',
      price: 'price_basic_fake',
      period: { start: s('2026-05-16T12:00:00Z'), end: s('2026-06-01T00:00:00Z') },
    };
    await webhook('invoice.paid', fake.buildInvoice(subId, proration));
    expect(await t.ledger.getAccount(u.id)).toMatchObject({ tier: 'Pro', pendingTier: null, availableMt: 125_000 });

    const hold = await t.ledger.hold(u.id, 30_000, 'analyses');
    await t.ledger.capture(u.id, hold.id);
    expect(await tokens(u.id)).toMatchObject({ tokens: 95 });

    clock.set(new Date('2026-05-17T00:00:00.000Z'));
    const downgraded = fake.updateSubscription(subId, { price: 'price_basic_fake' }); // no cancel_at_period_end: Stripe bills Basic now
    await webhook('customer.subscription.updated', downgraded);
    expect(await tokens(u.id)).toMatchObject({ subscription_tier: 'Basic', tokens: 20 }); // 95 − min(75, 95)
    const account = await t.ledger.getAccount(u.id);
    expect(account).toMatchObject({ tier: 'Basic', pendingTier: null, previousTier: 'Pro', nextResetDate: '2026-06-01T00:00:00.000Z' });
    // Free 10 → Basic 50 (+40), the upgrade (+75), the immediate downgrade (−75): one entry per real change.
    expect((await t.ledgerEntries(u.id, 'tier_change')).map((e) => e.delta_allocation_mt)).toEqual([40_000, 75_000, -75_000]);

    // The same state delivered again (another event id) takes nothing more.
    await webhook('customer.subscription.updated', downgraded);
    expect((await t.ledger.getAccount(u.id)).availableMt).toBe(20_000);

    clock.set(new Date('2026-06-01T00:00:05.000Z'));
    await webhook(
      'customer.subscription.updated',
      fake.updateSubscription(subId, { period: { start: s('2026-06-01T00:00:00Z'), end: s('2026-07-01T00:00:00Z') } }),
    );
    await webhook('invoice.paid', fake.buildInvoice(subId));
    expect(await tokens(u.id)).toMatchObject({ subscription_tier: 'Basic', tokens: 50 });
    expect(await t.ledger.reconcile({ userId: u.id })).toMatchObject({ ok: true });
  });
});

/** The sandbox portal schedules a downgrade for the period end (as its page says): Pro stays paid and usable until then. */
describeEachDatabase('sandbox: Basic → Pro → Basic in one period', (kind) => {
  let db: Database;
  let t: BillingTestApp;
  const clock = createClock(new Date('2026-03-01T00:00:00.000Z'));
  beforeAll(async () => ({ db, t } = await startBillingApp(kind, { now: clock.now })));
  afterAll(async () => db?.close());

  it('50 → Pro on Mar 16 12:00 (+75) → 30 spent = 95 → downgrade scheduled: still Pro with 95 → Apr 1 renews at Basic: 50', async () => {
    const u = await insertTestUser(db);
    const res = await t.json('POST', '/api/billing/create-checkout', { plan: 'basic' }, t.as(u.id));
    expect((await t.json('POST', `${new URL(res.body.url).pathname}/pay`, { card_number: '4242424242424242' })).status).toBe(303);

    clock.set(new Date('2026-03-16T12:00:00.000Z')); // Mar 1 → Apr 1 is 31 days: half-way
    const portal = await t.json('POST', '/api/billing/customer-portal', undefined, t.as(u.id));
    const portalPath = new URL(portal.body.url).pathname;
    const act = (body: Record<string, string>) => t.json('POST', `${portalPath}/action`, body);
    expect((await act({ action: 'switch', price: 'price_sandbox_pro' })).status).toBe(200);
    expect(await t.ledger.getAccount(u.id)).toMatchObject({ tier: 'Pro', availableMt: 125_000 });
    await t.ledger.capture(u.id, (await t.ledger.hold(u.id, 30_000, 'analyses')).id);

    const down = await act({ action: 'switch', price: 'price_sandbox_basic' });
    expect(down.body).toEqual({ ok: true, notice: 'Your plan changes to Stockpilot Basic at the end of the current period.' });
    expect(await t.ledger.getAccount(u.id)).toMatchObject({ tier: 'Pro', pendingTier: 'Basic', availableMt: 95_000 });
    const html = await (await t.app.request(portalPath)).text();
    expect(html).toContain('Changes to Stockpilot Basic on');
    expect(html).toContain('Keep Pro');

    clock.set(new Date('2026-04-01T00:00:01.000Z'));
    expect(await t.sandbox().renewDueSubscriptions()).toBe(1);
    expect(await t.ledger.getAccount(u.id)).toMatchObject({ tier: 'Basic', pendingTier: null, previousTier: 'Pro', availableMt: 50_000 });
    const [period] = await db.query<{ tier: string }>(sql`SELECT tier FROM billing_period WHERE user_id = ${u.id} ORDER BY period_start DESC LIMIT 1`);
    expect(period!.tier).toBe('Basic'); // April is invoiced at Basic
  });
});
