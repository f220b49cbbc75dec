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
 * A renewal that is not paid gives no new allocation: the old period's allocation expires as usual, bought
 * tokens stay, and the period's allocation arrives once, when its invoice is paid.
 * `runMonthlyResets()` is the tokens feature's once-a-minute job.
 */
describeEachDatabase('Stripe: allocation waits for the paid invoice', (kind) => {
  let db: Database;
  let fake: FakeStripe;
  let t: BillingTestApp;
  const clock = createClock(new Date('2026-05-01T00:00:00.000Z'));
  beforeAll(async () => ({ db, fake, t } = await startStripeBillingApp(kind, { now: clock.now })));
  afterAll(() => stopStripeBillingApp({ db, fake }));

  const webhook = (type: string, object: Record<string, unknown>) => sendStripeWebhook({ fake, t }, type, object);
  const spend = async (userId: string, mt: number, key: string) => t.ledger.capture(userId, (await t.ledger.hold(userId, mt, key)).id);

  it('May: 50 + 20 bought − 20 spent; June renewal fails (past_due): 0 + 20; paid on Jun 3: 50 + 20 once; July pays on time: 50 again', async () => {
    const u = await insertTestUser(db);
    const res = await t.json('POST', '/api/billing/create-checkout', { plan: 'basic' }, t.as(u.id));
    const session = fake.completeSession([...fake.sessions.values()].find((x) => x.url === res.body.url)!.id, 'paid');
    const subId = session.subscription as string;
    fake.updateSubscription(subId, { period: { start: s('2026-05-01T00:00:00Z'), end: s('2026-06-01T00:00:00Z') } });
    await webhook('checkout.session.completed', session);
    await webhook('invoice.paid', fake.buildInvoice(subId, { billingReason: 'subscription_create' }));
    await t.ledger.creditPurchase(u.id, { amountMt: 20_000, idempotencyKey: 'cs_topup_may', actor: 'payments' });
    await spend(u.id, 20_000, 'may-analyses');
    expect(await t.ledger.getAccount(u.id)).toMatchObject({ allocationMt: 30_000, purchasedMt: 20_000 });

    // Jun 1: Stripe moves the subscription to the new period, the charge fails, the subscription is past_due.
    clock.set(new Date('2026-06-01T00:00:05.000Z'));
    await webhook(
      'customer.subscription.updated',
      fake.updateSubscription(subId, { status: 'past_due', period: { start: s('2026-06-01T00:00:00Z'), end: s('2026-07-01T00:00:00Z') } }),
    );
    await webhook('invoice.payment_failed', fake.buildInvoice(subId, { status: 'open', id: 'in_june' }));
    expect(await t.ledger.runMonthlyResets()).toBe(1);
    expect(await t.ledger.runMonthlyResets()).toBe(0);
    // May's 30 expired; June's 50 is withheld; the 20 bought stay.
    expect(await t.ledger.getAccount(u.id)).toMatchObject({
      tier: 'Basic',
      allocationMt: 0,
      purchasedMt: 20_000,
      awaitingPayment: true,
      nextResetDate: '2026-07-01T00:00:00.000Z',
    });
    expect((await t.json('GET', '/api/subscription', undefined, t.as(u.id))).body).toMatchObject({ subscription_tier: 'Basic', tokens: 20 });
    expect((await t.json('GET', '/api/billing/subscription', undefined, t.as(u.id))).body).toMatchObject({ status: 'past_due', tier: 'Basic' });

    // Jun 3: the retry pays the June invoice.
    clock.set(new Date('2026-06-03T10:00:00.000Z'));
    await webhook('customer.subscription.updated', fake.updateSubscription(subId, { status: 'active' }));
    const paidJune = fake.buildInvoice(subId, { id: 'in_june' });
    await webhook('invoice.paid', paidJune);
    expect(await t.ledger.getAccount(u.id)).toMatchObject({ allocationMt: 50_000, purchasedMt: 20_000, awaitingPayment: false });
    // Once: the invoice again (another event id), and the reset job, add nothing.
    await webhook('invoice.paid', paidJune);
    expect(await t.ledger.runMonthlyResets()).toBe(0);
    expect(await t.balanceMt(u.id)).toBe(70_000); // 50 + 20
    expect((await t.ledgerEntries(u.id, 'reset')).map((e) => e.delta_allocation_mt)).toEqual([-30_000, 50_000]);

    // July is paid on time: the allocation arrives with the invoice, as before.
    await spend(u.id, 10_000, 'june-analyses');
    clock.set(new Date('2026-07-01T00:00:05.000Z'));
    await webhook(
      'customer.subscription.updated',
      fake.updateSubscription(subId, { period: { start: s('2026-07-01T00:00:00Z'), end: s('2026-08-01T00:00:00Z') } }),
    );
    await webhook('invoice.paid', fake.buildInvoice(subId));
    expect(await t.ledger.getAccount(u.id)).toMatchObject({ allocationMt: 50_000, purchasedMt: 20_000, awaitingPayment: false });
    expect(await t.ledger.reconcile({ userId: u.id })).toMatchObject({ ok: true });
  });
});

describeEachDatabase('sandbox: allocation waits for the paid invoice', (kind) => {
  let db: Database;
  let t: BillingTestApp;
  const clock = createClock(new Date('2026-01-10T09:00:00.000Z'));
  beforeAll(async () => ({ db, t } = await startBillingApp(kind, { now: clock.now })));
  afterAll(async () => db?.close());

  const openPortal = async (userId: string) => {
    const portal = await t.json('POST', '/api/billing/customer-portal', undefined, t.as(userId));
    const path = new URL(portal.body.url).pathname;
    return { path, act: (body: Record<string, string>) => t.json('POST', `${path}/action`, body) };
  };

  it('card 4000 0000 0000 0341 saved → Feb 10 renewal declined (past_due): 0 + 20; Update card to 4242 pays the open invoice: 50 + 20, once', async () => {
    const u = await insertTestUser(db);
    const res = await t.json('POST', '/api/billing/create-checkout', { plan: 'basic' }, t.as(u.id));
    expect((await t.json('POST', `${new URL(res.body.url).pathname}/pay`, { card_number: '4242424242424242' })).status).toBe(303);
    await t.ledger.creditPurchase(u.id, { amountMt: 20_000, idempotencyKey: 'cs_topup_jan', actor: 'payments' });
    let portal = await openPortal(u.id);
    // A card that cannot be attached is refused and changes nothing; 0341 attaches (its charges fail).
    const refused = await portal.act({ action: 'card', card_number: '4000 0000 0000 0002' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'CONFLICT', message: 'Your card was declined.' });
    expect(await portal.act({ action: 'card', card_number: '4000 0000 0000 0341' })).toMatchObject({
      status: 200,
      body: { ok: true, notice: 'Your card was saved.' },
    });
    expect(await (await t.app.request(portal.path)).text()).toContain('Card ending in 0341');

    clock.set(new Date('2026-02-10T09:00:01.000Z'));
    expect(await t.sandbox().renewDueSubscriptions()).toBe(1);
    expect(await t.ledger.runMonthlyResets()).toBe(1);
    expect(await t.ledger.getAccount(u.id)).toMatchObject({ tier: 'Basic', allocationMt: 0, purchasedMt: 20_000, awaitingPayment: true });
    expect((await t.json('GET', '/api/billing/subscription', undefined, t.as(u.id))).body).toMatchObject({ status: 'past_due', tier: 'Basic' });
    expect(await t.sandbox().renewDueSubscriptions()).toBe(0); // a past_due subscription is not renewed again

    portal = await openPortal(u.id);
    expect(await (await t.app.request(portal.path)).text()).toContain('The last renewal payment failed');
    const declined = await portal.act({ action: 'card', card_number: '4000000000000341' });
    expect(declined.body.error).toMatchObject({ message: 'Your card was saved, but the payment of the open invoice was declined.' });
    expect(await t.balanceMt(u.id)).toBe(20_000);

    const paid = await portal.act({ action: 'card', card_number: '4242 4242 4242 4242' });
    expect(paid.body).toEqual({ ok: true, notice: 'Your card was saved and the open invoice is paid.' });
    expect(await t.ledger.getAccount(u.id)).toMatchObject({ allocationMt: 50_000, purchasedMt: 20_000, awaitingPayment: false });
    expect((await t.json('GET', '/api/billing/subscription', undefined, t.as(u.id))).body).toMatchObject({ status: 'active' });
    // Once: saving the card again, the reset job and the renewal job add nothing.
    expect((await portal.act({ action: 'card', card_number: '4242424242424242' })).body.notice).toBe('Your card was saved.');
    expect(await t.ledger.runMonthlyResets()).toBe(0);
    expect(await t.sandbox().renewDueSubscriptions()).toBe(0);
    expect(await t.balanceMt(u.id)).toBe(70_000);
    const [periods] = await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM billing_period WHERE user_id = ${u.id}`);
    expect(periods!.n).toBe(2); // January's and February's

    clock.set(new Date('2026-03-10T09:00:01.000Z'));
    expect(await t.sandbox().renewDueSubscriptions()).toBe(1);
    expect(await t.ledger.getAccount(u.id)).toMatchObject({ allocationMt: 50_000, awaitingPayment: false, nextResetDate: '2026-04-10T09:00:00.000Z' });
    expect(await t.ledger.reconcile({ userId: u.id })).toMatchObject({ ok: true });
  });
});
