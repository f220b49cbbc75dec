import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import type { FakeStripe } from '../../test/fake-stripe/fake-stripe-server.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import { type BillingTestApp, createClock, startStripeBillingApp, stopStripeBillingApp } from '../../test/billing-test-kit.ts';

/**
 * The real `stripe` SDK against a local Stripe-compatible server; webhooks signed with the SDK's
 * generateTestHeaderString. Every credit must happen exactly once, whoever gets there first.
 */
describeEachDatabase('Stripe fulfilment happens exactly once', (kind) => {
  let db: Database;
  let fake: FakeStripe;
  let t: BillingTestApp;
  const clock = createClock();
  beforeAll(async () => ({ db, fake, t } = await startStripeBillingApp(kind, { now: clock.now })));
  afterAll(() => stopStripeBillingApp({ db, fake }));

  const webhook = (event: object, opts?: { secret?: string; timestamp?: number; tamper?: (body: string) => string }) => {
    const { body, signature } = fake.signEvent(event as Record<string, unknown>, opts);
    return t.json('POST', '/api/webhooks/stripe', opts?.tamper ? opts.tamper(body) : body, { 'stripe-signature': signature });
  };
  const topup = async (userId: string, tokens: number) => {
    const res = await t.json('POST', '/api/billing/create-token-topup', { tokensToPurchase: tokens }, t.as(userId));
    expect(res.status).toBe(200);
    return res.body.session_id as string;
  };

  it('health says stripe; the checkout URL is Stripe’s and the server fixed 50 × 50 ¢ = 2,500 ¢', async () => {
    expect((await t.json('GET', '/api/health')).body.adapters.payments).toBe('stripe');
    const u = await t.userWith('Basic', 4_999);
    const id = await topup(u.id, 50);
    expect(fake.sessions.get(id)!.amount_total).toBe(2_500);
    expect(fake.sessions.get(id)!.url).toContain(fake.url);
    const [row] = await db.query<{ amount_cents: number; tokens: number; user_id: string }>(
      sql`SELECT amount_cents, tokens, user_id FROM checkout_session WHERE provider_session_id = ${id}`,
    );
    expect(row).toEqual({ amount_cents: 2_500, tokens: 50, user_id: u.id });
  });

  it('webhook + 50 concurrent verify calls for one paid session → credited once: 2 + 50 = 52 tokens, one purchase entry, one verify wins', async () => {
    const u = await t.userWith('Basic', 2_000);
    const id = await topup(u.id, 50);
    const session = fake.completeSession(id, 'paid');
    const event = fake.buildEvent('checkout.session.completed', session);
    const [hook, ...verifies] = await Promise.all([
      webhook(event),
      ...Array.from({ length: 50 }, () => t.json('POST', '/api/billing/verify-token-purchase', { session_id: id }, t.as(u.id))),
    ]);
    expect(hook!.status).toBe(200);
    const ok = verifies.filter((v) => v.status === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.body).toEqual({ success: true, tokens_added: 50 });
    expect(verifies.filter((v) => v.status === 400).every((v) => v.body.error.code === 'SESSION_ALREADY_USED')).toBe(true);
    expect(verifies.filter((v) => v.status === 400)).toHaveLength(49);
    expect(await t.balanceMt(u.id)).toBe(52_000);
    expect(await t.ledgerEntries(u.id, 'purchase')).toEqual([
      { delta_allocation_mt: 0, delta_purchased_mt: 50_000, idempotency_key: `purchase:checkout:${id}` },
    ]);
  });

  it('the same event delivered 5× (at once, then again) → credited once: 1 + 20 = 21', async () => {
    const u = await t.userWith('Pro', 1_000);
    const id = await topup(u.id, 20);
    const event = fake.buildEvent('checkout.session.completed', fake.completeSession(id, 'paid'));
    const results = await Promise.all(Array.from({ length: 5 }, () => webhook(event)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const replay = await webhook(event);
    expect(replay.body).toEqual({ received: true, duplicate: true });
    expect(await t.balanceMt(u.id)).toBe(21_000);
    expect(await t.ledgerEntries(u.id, 'purchase')).toHaveLength(1);
    const [ev] = await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM billing_event WHERE event_id = ${event.id}`);
    expect(ev!.n).toBe(1);
  });

  it('tampered body, wrong secret, or a timestamp 301 s old → 400 INVALID_SIGNATURE and nothing written', async () => {
    const u = await t.userWith('Basic', 0);
    const id = await topup(u.id, 100);
    const event = fake.buildEvent('checkout.session.completed', fake.completeSession(id, 'paid'));
    const eventsBefore = await t.count('billing_event');
    const attempts = [
      await webhook(event, { tamper: (b) => b.replace('"amount_total":5000', '"amount_total":5001') }),
      await webhook(event, { secret: 'whsec_not_ours' }),
      await webhook(event, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      await t.json('POST', '/api/webhooks/stripe', JSON.stringify(event)),
    ];
    for (const a of attempts) {
      expect(a.status).toBe(400);
      expect(a.body.error.code).toBe('INVALID_SIGNATURE');
    }
    expect(await t.count('billing_event')).toBe(eventsBefore);
    expect(await t.balanceMt(u.id)).toBe(0);
    const [row] = await db.query<{ status: string }>(sql`SELECT status FROM checkout_session WHERE provider_session_id = ${id}`);
    expect(row!.status).toBe('open');
  });

  it('unpaid at completion (async payment) → no credit, verify says success:false; async_payment_succeeded → credited 4 + 20 = 24', async () => {
    const u = await t.userWith('Basic', 4_000);
    const id = await topup(u.id, 20);
    expect((await webhook(fake.buildEvent('checkout.session.completed', fake.completeSession(id, 'unpaid')))).status).toBe(200);
    expect(await t.balanceMt(u.id)).toBe(4_000);
    const early = await t.json('POST', '/api/billing/verify-token-purchase', { session_id: id }, t.as(u.id));
    expect(early.body).toEqual({ success: false, tokens_added: 0 });
    expect(await t.balanceMt(u.id)).toBe(4_000);

    expect((await webhook(fake.buildEvent('checkout.session.async_payment_succeeded', fake.markSessionPaid(id)))).status).toBe(200);
    expect(await t.balanceMt(u.id)).toBe(24_000);
    const late = await t.json('POST', '/api/billing/verify-token-purchase', { session_id: id }, t.as(u.id));
    expect(late.body).toEqual({ success: true, tokens_added: 20 });
    expect(await t.balanceMt(u.id)).toBe(24_000);
  });

  it('async_payment_failed → the session is failed and never credited', async () => {
    const u = await t.userWith('Basic', 0);
    const id = await topup(u.id, 20);
    const session = fake.completeSession(id, 'unpaid');
    await webhook(fake.buildEvent('checkout.session.completed', session));
    await webhook(fake.buildEvent('checkout.session.async_payment_failed', session));
    const [row] = await db.query<{ status: string }>(sql`SELECT status FROM checkout_session WHERE provider_session_id = ${id}`);
    expect(row!.status).toBe('failed');
    expect(await t.balanceMt(u.id)).toBe(0);
  });

  it("another user's session_id → 404 SESSION_NOT_FOUND, and the owner's tokens are not moved", async () => {
    const owner = await t.userWith('Basic', 1_000);
    const other = await t.userWith('Basic', 1_000);
    const id = await topup(owner.id, 20);
    fake.completeSession(id, 'paid');
    const res = await t.json('POST', '/api/billing/verify-token-purchase', { session_id: id }, t.as(other.id));
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('SESSION_NOT_FOUND');
    expect(await t.balanceMt(owner.id)).toBe(1_000);
    expect(await t.balanceMt(other.id)).toBe(1_000);
  });

  it('a paid session whose amount is not the price the server set (2,500 ¢ expected, 100 ¢ paid) → no credit, logged as an error', async () => {
    const u = await t.userWith('Basic', 0);
    const id = await topup(u.id, 50);
    fake.sessions.get(id)!.amount_total = 100;
    const spy = vi.spyOn(t.ctx.logger, 'error');
    await webhook(fake.buildEvent('checkout.session.completed', fake.completeSession(id, 'paid')));
    const verify = await t.json('POST', '/api/billing/verify-token-purchase', { session_id: id }, t.as(u.id));
    expect(verify.body).toEqual({ success: false, tokens_added: 0 });
    expect(await t.balanceMt(u.id)).toBe(0);
    expect(spy.mock.calls.some(([, msg]) => String(msg).includes('does not match the price'))).toBe(true);
    spy.mockRestore();
  });

  it('a subscription moved to a price the server does not know → no tier change, logged', async () => {
    const u = await insertTestUser(db);
    const res = await t.json('POST', '/api/billing/create-checkout', { plan: 'basic' }, t.as(u.id));
    expect(res.status).toBe(200);
    const sessionId = [...fake.sessions.values()].find((s) => s.url === res.body.url)!.id;
    const session = fake.completeSession(sessionId, 'paid');
    await webhook(fake.buildEvent('checkout.session.completed', session));
    expect((await t.ledger.getAccount(u.id)).tier).toBe('Basic');

    const spy = vi.spyOn(t.ctx.logger, 'error');
    const sub = fake.updateSubscription(session.subscription, { price: 'price_somebody_elses' });
    await webhook(fake.buildEvent('customer.subscription.updated', sub));
    expect((await t.ledger.getAccount(u.id)).tier).toBe('Basic');
    expect(spy.mock.calls.some(([, msg]) => String(msg).includes('price the server does not know'))).toBe(true);
    spy.mockRestore();
  });

  it('invoice.paid twice for one period → one allocation: 50 − 30 spent, then the new period gives 50 (not 100)', async () => {
    clock.set(new Date('2026-03-10T12:00:00.000Z'));
    const u = await insertTestUser(db);
    const res = await t.json('POST', '/api/billing/create-checkout', {}, t.as(u.id));
    const sessionId = [...fake.sessions.values()].find((s) => s.url === res.body.url)!.id;
    const session = fake.completeSession(sessionId, 'paid');
    const subId = session.subscription as string;
    fake.updateSubscription(subId, { period: { start: Date.parse('2026-03-10T12:00:00Z') / 1000, end: Date.parse('2026-04-10T12:00:00Z') / 1000 } });
    await webhook(fake.buildEvent('checkout.session.completed', session));
    await webhook(fake.buildEvent('invoice.paid', fake.buildInvoice(subId, { billingReason: 'subscription_create' })));
    expect(await t.balanceMt(u.id)).toBe(50_000);
    await t.ledger.adjust(u.id, -30_000, { bucket: 'allocation', reason: 'spent in March', actor: 'test' });

    clock.set(new Date('2026-04-10T13:00:00.000Z')); // Stripe charged the renewal an hour into the new period
    const period = { start: Date.parse('2026-04-10T12:00:00Z') / 1000, end: Date.parse('2026-05-10T12:00:00Z') / 1000 };
    fake.updateSubscription(subId, { period });
    const invoice = fake.buildInvoice(subId, { billingReason: 'subscription_cycle', period });
    await webhook(fake.buildEvent('invoice.paid', invoice));
    await webhook(fake.buildEvent('invoice.paid', invoice)); // a second event for the same invoice and period
    const account = await t.ledger.getAccount(u.id);
    expect(account.availableMt).toBe(50_000);
    expect(account.actualBillingPeriodEnd).toBe('2026-05-10T12:00:00.000Z');
    expect(await t.ledgerEntries(u.id, 'reset')).toHaveLength(1);
    const [periods] = await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM billing_period WHERE subscription_id = ${subId}`);
    expect(periods!.n).toBe(2);
    const sub = await t.json('GET', '/api/subscription', undefined, t.as(u.id));
    expect(sub.body).toMatchObject({ subscribed: true, subscription_tier: 'Basic', subscription_end: '2026-05-10T12:00:00.000Z', tokens: 50 });
  });

  it('charge.refunded reverses what is unspent: 60 bought, 50 spent, full refund → 10 removed, never below zero', async () => {
    clock.set(new Date('2026-03-10T12:00:00.000Z'));
    const u = await t.userWith('Basic', 0);
    const id = await topup(u.id, 60);
    await webhook(fake.buildEvent('checkout.session.completed', fake.completeSession(id, 'paid')));
    expect(await t.balanceMt(u.id)).toBe(60_000);
    await t.ledger.adjust(u.id, -50_000, { bucket: 'purchased', reason: 'spent', actor: 'test' });
    const charge = fake.buildRefundedCharge(id, 3_000);
    await webhook(fake.buildEvent('charge.refunded', charge));
    await webhook(fake.buildEvent('charge.refunded', charge));
    expect(await t.balanceMt(u.id)).toBe(0);
    expect(await t.ledgerEntries(u.id, 'refund')).toHaveLength(1);
  });
});
