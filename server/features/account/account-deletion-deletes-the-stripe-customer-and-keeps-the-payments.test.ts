import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import type { FakeStripe } from '../../test/fake-stripe/fake-stripe-server.ts';
import { accountFeatureOf, ledgerTotals } from '../../test/account-test-kit.ts';
import { type BillingTestApp, createClock, sendStripeWebhook, startStripeBillingApp, stopStripeBillingApp } from '../../test/billing-test-kit.ts';
import { describeOnPglite } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';

/** The real `stripe` SDK against the local Stripe-compatible server, as the billing tests run it. */
describeOnPglite('account deletion with Stripe', (kind) => {
  let db: Database;
  let fake: FakeStripe;
  let t: BillingTestApp;
  const clock = createClock(new Date('2026-05-01T00:00:00.000Z'));
  beforeAll(async () => ({ db, fake, t } = await startStripeBillingApp(kind, { now: clock.now })));
  afterAll(() => stopStripeBillingApp({ db, fake }));

  it('a subscriber’s deletion deletes the customer at Stripe (its subscription ends there) and keeps the checkout under the pseudonym', async () => {
    const u = await insertTestUser(db);
    const res = await t.json('POST', '/api/billing/create-checkout', { plan: 'basic' }, t.as(u.id));
    expect(res.status).toBe(200);
    const created = [...fake.sessions.values()].find((x) => x.url === res.body.url)!;
    const session = fake.completeSession(created.id, 'paid');
    await sendStripeWebhook({ fake, t }, 'checkout.session.completed', session);
    expect((await t.ledger.getAccount(u.id)).tier).toBe('Basic');
    const customerId = String(session.customer);
    expect(fake.customers.has(customerId)).toBe(true);

    // Arranged as the route leaves it (the re-authentication is the other tests' subject): due now.
    await db.query(sql`
      INSERT INTO account_deletion_requests (user_id, requested_at, scheduled_for, reauthenticated_by)
      VALUES (${u.id}, ${new Date(clock.now().getTime() - 8 * 86_400_000).toISOString()}, ${clock.now().toISOString()}, 'password')`);
    const before = await ledgerTotals(db);
    expect(await accountFeatureOf(t.features).runDueDeletions()).toEqual({ deleted: 1, failed: 0 });

    expect(fake.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/customers/${customerId}`)).toBe(true);
    expect(fake.customers.has(customerId)).toBe(false);
    expect(fake.subscriptions.get(String(session.subscription))?.status).toBe('canceled');
    const [link] = await db.query(sql`SELECT 1 FROM billing_customer WHERE customer_id = ${customerId}`);
    expect(link).toBeUndefined();
    const [checkout] = await db.query<{ user_id: string; amount_cents: number }>(
      sql`SELECT user_id, amount_cents FROM checkout_session WHERE provider_session_id = ${created.id}`,
    );
    expect(checkout!.user_id).toMatch(/^deleted_[0-9a-f]{32}$/);
    expect(checkout!.amount_cents).toBeGreaterThan(0);
    expect(await ledgerTotals(db)).toEqual(before);
    expect((await t.ledger.reconcile()).ok).toBe(true);

    // Stripe then tells the app the subscription ended (deleting the customer cancelled it): accepted, and the ledger still reconciles.
    await sendStripeWebhook({ fake, t }, 'customer.subscription.deleted', fake.subscriptions.get(String(session.subscription))!);
    expect((await t.ledger.reconcile()).ok).toBe(true);
  });

  it('a customer Stripe no longer knows (404, e.g. a retried deletion) counts as deleted; another user’s customer stays', async () => {
    const u = await insertTestUser(db);
    await db.query(sql`INSERT INTO billing_customer (user_id, provider, customer_id) VALUES (${u.id}, 'stripe', 'cus_unknown_to_stripe_but_404_is_fine')`);
    const other = await insertTestUser(db);
    await db.query(sql`INSERT INTO billing_customer (user_id, provider, customer_id) VALUES (${other.id}, 'stripe', 'cus_other')`);
    await db.query(sql`
      INSERT INTO account_deletion_requests (user_id, requested_at, scheduled_for, reauthenticated_by)
      VALUES (${u.id}, ${new Date(clock.now().getTime() - 8 * 86_400_000).toISOString()}, ${clock.now().toISOString()}, 'password')`);
    expect(await accountFeatureOf(t.features).runDueDeletions()).toEqual({ deleted: 1, failed: 0 });
    const [user] = await db.query(sql`SELECT 1 FROM "user" WHERE id = ${u.id}`);
    expect(user).toBeUndefined();
    const [kept] = await db.query(sql`SELECT user_id FROM billing_customer WHERE customer_id = 'cus_other'`);
    expect(kept).toEqual({ user_id: other.id });
  });
});
