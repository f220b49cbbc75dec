import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { ProviderError } from '../../adapters/payments/index.ts';
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

type Kit = BillingTestApp;

const checkoutRow = async (db: Database, sessionId: string) =>
  (
    await db.query<{ status: string; resolution: Record<string, unknown> | null }>(sql`
    SELECT status, resolution FROM checkout_session WHERE provider_session_id = ${sessionId}`)
  )[0]!;

/** The allocation-setting tier changes of a user: one Free → paid (the allocation), then prorated plan changes only. */
const tierChanges = async (db: Database, userId: string) =>
  db.query<{ delta_allocation_mt: number; from: string; to: string; plan: string }>(sql`
    SELECT delta_allocation_mt, meta->>'from' AS "from", meta->>'to' AS "to", meta->>'plan' AS plan
    FROM token_ledger WHERE user_id = ${userId} AND reason = 'tier_change' AND delta_allocation_mt <> 0 ORDER BY id`);

describeEachDatabase('one live subscription per user', (kind) => {
  describe('sandbox', () => {
    let db: Database;
    let t: Kit;
    const clock = createClock(new Date('2026-05-01T00:00:00.000Z'));
    beforeAll(async () => ({ db, t } = await startBillingApp(kind, { now: clock.now })));
    afterAll(async () => db?.close());

    const open = async (userId: string, plan: 'basic' | 'pro') => {
      const res = await t.json('POST', '/api/billing/create-checkout', { plan }, t.as(userId));
      expect(res.status).toBe(200);
      return (res.body.url as string).split('/').at(-1)!;
    };
    const pay = (id: string) => t.json('POST', `/sandbox/checkout/${id}/pay`, { card_number: '4242424242424242' });

    it('opening a second subscription checkout expires the first at the sandbox: it can no longer be paid', async () => {
      const u = await insertTestUser(db);
      const first = await open(u.id, 'basic');
      const second = await open(u.id, 'pro');
      expect((await checkoutRow(db, first)).status).toBe('expired');
      expect((await t.sandbox().getCheckout(first))!.status).toBe('expired');
      expect((await pay(first)).status).not.toBe(303);
      expect((await pay(second)).status).toBe(303);
      expect((await t.ledger.getAccount(u.id)).tier).toBe('Pro');
    });

    it('two checkouts both paid (the expiry could not reach the provider): one live subscription, tier = the last asked (Pro), the second payment refunded in full, one allocation', async () => {
      const u = await insertTestUser(db);
      const sandbox = t.sandbox();
      const expire = sandbox.expireCheckoutSession;
      // Both tabs open while the provider cannot be reached to expire the older checkout.
      sandbox.expireCheckoutSession = async () => {
        throw new ProviderError('sandbox unreachable');
      };
      const basic = await open(u.id, 'basic');
      const pro = await open(u.id, 'pro');
      expect((await pay(basic)).status).toBe(303);
      expect((await t.ledger.getAccount(u.id)).tier).toBe('Basic');
      expect((await pay(pro)).status).toBe(303);
      sandbox.expireCheckoutSession = expire;

      const subs = await db.query<{ id: string; status: string; price_id: string }>(sql`
        SELECT s.id, s.status, s.price_id FROM sandbox_subscription s JOIN billing_customer c ON c.customer_id = s.customer_id
        WHERE c.user_id = ${u.id} ORDER BY s.created_at`);
      expect(subs.filter((s) => s.status === 'active')).toHaveLength(1);
      const [kept, superseded] = subs;
      expect(kept).toMatchObject({ status: 'active', price_id: 'price_sandbox_pro' });
      expect(superseded).toMatchObject({ status: 'canceled' });

      const [charge] = await db.query<{ amount_cents: number; amount_refunded_cents: number }>(sql`
        SELECT amount_cents, amount_refunded_cents FROM sandbox_charge WHERE checkout_session_id = ${pro}`);
      expect(charge).toEqual({ amount_cents: 2999, amount_refunded_cents: 2999 });

      expect((await checkoutRow(db, basic)).status).toBe('fulfilled');
      const row = await checkoutRow(db, pro);
      expect(row.status).toBe('superseded');
      expect(row.resolution).toMatchObject({
        kept_subscription: kept!.id,
        kept_tier: 'Basic',
        asked_tier: 'Pro',
        superseded_subscription: superseded!.id,
        switched: { to: 'Pro' },
        canceled: { subscription: superseded!.id },
        refunded: { amount_cents: 2999 },
      });

      // Free 10 → Basic 50 (+40, the one allocation), then Basic → Pro prorated at the same instant:
      // +(200 − 50) × 1.0 = +150 → 200 tokens. The cancelled second subscription took nothing away.
      expect(await tierChanges(db, u.id)).toEqual([
        { delta_allocation_mt: 40_000, from: 'Free', to: 'Basic', plan: expect.any(String) },
        { delta_allocation_mt: 150_000, from: 'Basic', to: 'Pro', plan: 'prorated-upgrade' },
      ]);
      const account = await t.ledger.getAccount(u.id);
      expect(account).toMatchObject({ tier: 'Pro', availableMt: 200_000, pendingTier: null });
      const view = await t.json('GET', '/api/billing/subscription', undefined, t.as(u.id));
      expect(view.body).toMatchObject({ tier: 'Pro', status: 'active', cancel_at_period_end: false });
    });
  });

  describe('Stripe (the real SDK against the fake server)', () => {
    let db: Database;
    let fake: FakeStripe;
    let t: Kit;
    const clock = createClock(new Date('2026-05-01T00:00:00.000Z'));
    beforeAll(async () => ({ db, fake, t } = await startStripeBillingApp(kind, { now: clock.now })));
    afterAll(() => stopStripeBillingApp({ db, fake }));

    const open = async (userId: string, plan: 'basic' | 'pro') => {
      const res = await t.json('POST', '/api/billing/create-checkout', { plan }, t.as(userId));
      expect(res.status).toBe(200);
      return [...fake.sessions.values()].find((x) => x.url === res.body.url)!.id as string;
    };
    const webhook = (type: string, object: Record<string, unknown>) => sendStripeWebhook({ fake, t }, type, object);

    it('opening a second subscription checkout expires the first at Stripe (checkout.sessions.expire)', async () => {
      const u = await insertTestUser(db);
      const first = await open(u.id, 'basic');
      await open(u.id, 'pro');
      expect(fake.sessions.get(first)!.status).toBe('expired');
      expect(fake.requests.some((r) => r.path === `/v1/checkout/sessions/${first}/expire`)).toBe(true);
      expect((await checkoutRow(db, first)).status).toBe('expired');
    });

    it('both paid before either webhook: Stripe keeps one live subscription switched to Pro, the second is cancelled and refunded 2999 ¢, and its deletion leaves the user on Pro', async () => {
      const u = await insertTestUser(db);
      const basic = await open(u.id, 'basic');
      fake.completeSession(basic, 'paid'); // paid in one tab while the other tab opens a Pro checkout
      const pro = await open(u.id, 'pro');
      expect(fake.sessions.get(basic)!.status).toBe('complete'); // Stripe refused to expire a paid session
      const paidPro = fake.completeSession(pro, 'paid');

      await webhook('checkout.session.completed', fake.sessions.get(basic)!);
      expect((await t.ledger.getAccount(u.id)).tier).toBe('Basic');
      await webhook('checkout.session.completed', paidPro);

      const keptId = fake.sessions.get(basic)!.subscription as string;
      const supersededId = paidPro.subscription as string;
      const mine = [...fake.subscriptions.values()].filter((s) => s.customer === paidPro.customer);
      expect(mine.filter((s) => s.status === 'active').map((s) => s.id)).toEqual([keptId]);
      expect(fake.subscriptions.get(keptId)!.items.data[0].price.id).toBe('price_pro_fake');
      const update = fake.requests.find((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${keptId}`)!;
      expect(update.body).toMatchObject({ proration_behavior: 'always_invoice', cancel_at_period_end: 'false' });
      expect(fake.subscriptions.get(supersededId)!.status).toBe('canceled');
      expect(fake.refunds).toEqual([expect.objectContaining({ amount: 2999, status: 'succeeded' })]);
      expect((await checkoutRow(db, pro)).status).toBe('superseded');

      // Stripe then tells about both subscriptions, in either order; the deletion must not drop the user to Free.
      await webhook('customer.subscription.created', fake.subscriptions.get(supersededId)!);
      await webhook('customer.subscription.deleted', fake.subscriptions.get(supersededId)!);
      await webhook('customer.subscription.updated', fake.subscriptions.get(keptId)!);
      // A redelivered completion repeats nothing at Stripe.
      await webhook('checkout.session.completed', paidPro);
      expect(fake.refunds).toHaveLength(1);

      expect(await tierChanges(db, u.id)).toEqual([
        { delta_allocation_mt: 40_000, from: 'Free', to: 'Basic', plan: expect.any(String) },
        { delta_allocation_mt: 150_000, from: 'Basic', to: 'Pro', plan: 'prorated-upgrade' },
      ]);
      expect(await t.ledger.getAccount(u.id)).toMatchObject({ tier: 'Pro', availableMt: 200_000, pendingTier: null });
      const view = await t.json('GET', '/api/billing/subscription', undefined, t.as(u.id));
      expect(view.body).toMatchObject({ tier: 'Pro', status: 'active' });
    });
  });
});
