import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import type { FakeStripe } from '../../test/fake-stripe/fake-stripe-server.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import { type BillingTestApp, createClock, sendStripeWebhook, startStripeBillingApp, stopStripeBillingApp } from '../../test/billing-test-kit.ts';

/** Subscribe, upgrade (prorated), cancel at period end, end — each through Stripe events, acted on the provider's current state. */
describeEachDatabase('Stripe subscription lifecycle', (kind) => {
  let db: Database;
  let fake: FakeStripe;
  let t: BillingTestApp;
  const clock = createClock(new Date('2026-05-01T00:00:00.000Z'));
  beforeAll(async () => ({ db, fake, t } = await startStripeBillingApp(kind, { now: clock.now })));
  afterAll(() => stopStripeBillingApp({ db, fake }));

  const webhook = (type: string, object: Record<string, unknown>) => sendStripeWebhook({ fake, t }, type, object);
  const s = (iso: string) => Date.parse(iso) / 1000;

  it('Free → Basic (50) → Pro mid-period (+150 × ½ = 75) → cancel at period end (still Pro, Free pending) → ended (Free)', async () => {
    const u = await insertTestUser(db);
    const res = await t.json('POST', '/api/billing/create-checkout', { plan: 'basic' }, t.as(u.id));
    const created = [...fake.sessions.values()].find((x) => x.url === res.body.url)!;
    expect(created).toMatchObject({ mode: 'subscription', client_reference_id: u.id });
    const session = fake.completeSession(created.id, 'paid');
    const subId = session.subscription as string;
    // Stripe's period: May 1 → Jun 1 (31 days).
    fake.updateSubscription(subId, { period: { start: s('2026-05-01T00:00:00Z'), end: s('2026-06-01T00:00:00Z') } });
    await webhook('checkout.session.completed', session);
    let account = await t.ledger.getAccount(u.id);
    expect(account).toMatchObject({ tier: 'Basic', availableMt: 50_000, actualBillingPeriodEnd: '2026-06-01T00:00:00.000Z' });

    // Half-way through the ledger's period (May 1 → Jun 1, 31 days): 15.5 days later.
    clock.set(new Date('2026-05-16T12:00:00.000Z'));
    const stale = structuredClone(fake.subscriptions.get(subId)!);
    await webhook('customer.subscription.updated', fake.updateSubscription(subId, { price: 'price_pro_fake' }));
    account = await t.ledger.getAccount(u.id);
    expect(account).toMatchObject({ tier: 'Pro', previousTier: 'Basic', prorationFactor: 0.5 });
    expect(account.availableMt).toBe(50_000 + 75_000); // (200 − 50) × 0.5

    // A late, stale copy of an older event changes nothing: the handler reads the subscription's current state.
    await webhook('customer.subscription.updated', stale);
    expect((await t.ledger.getAccount(u.id)).tier).toBe('Pro');

    await webhook('customer.subscription.updated', fake.updateSubscription(subId, { cancel_at_period_end: true }));
    account = await t.ledger.getAccount(u.id);
    expect(account).toMatchObject({ tier: 'Pro', pendingTier: 'Free' });
    const mine = await t.json('GET', '/api/billing/subscription', undefined, t.as(u.id));
    expect(mine.body).toMatchObject({ tier: 'Pro', cancel_at_period_end: true, current_period_end: '2026-06-01T00:00:00.000Z' });

    clock.set(new Date('2026-06-01T00:00:05.000Z'));
    await webhook('customer.subscription.deleted', fake.updateSubscription(subId, { status: 'canceled' }));
    account = await t.ledger.getAccount(u.id);
    expect(account.tier).toBe('Free');
    const sub = await t.json('GET', '/api/subscription', undefined, t.as(u.id));
    expect(sub.body).toMatchObject({ subscribed: false, subscription_tier: 'Free' });
  });

  it('the portal is Stripe’s billing portal for the user’s own customer', async () => {
    const u = await insertTestUser(db);
    const res = await t.json('POST', '/api/billing/customer-portal', undefined, t.as(u.id));
    expect(res.status).toBe(200);
    const portalCall = fake.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(fake.customers.get(portalCall.body.customer)!.metadata).toEqual({ user_id: u.id });
    expect(portalCall.body.return_url).toBe(`${t.ctx.env.BASE_URL}/dashboard`);
    expect(res.body.url).toBe(`${fake.url}/portal/${portalCall.body.customer}`);
  });
});
