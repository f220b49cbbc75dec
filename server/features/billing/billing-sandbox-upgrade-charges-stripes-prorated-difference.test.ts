import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import type { ProviderEvent } from '../../adapters/payments/index.ts';
import { SANDBOX_PRICE_IDS } from '../../adapters/payments/sandbox/sandbox-provider.ts';
import { type BillingTestApp, createClock, startBillingApp } from '../../test/billing-test-kit.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';

const DAY = 24 * 3600_000;
const APR_1 = new Date('2026-04-01T00:00:00.000Z');
const APR_25 = new Date(APR_1.getTime() + 24 * DAY); // 6 of April's 30 days left

// Issue 26 item 6: the sandbox switched Basic → Pro for free; Stripe (always_invoice) charges the difference now.
describeEachDatabase('a sandbox Basic → Pro upgrade charges the prorated difference', (kind) => {
  let db: Database;
  let t: BillingTestApp;
  const clock = createClock(APR_1);
  beforeAll(async () => ({ db, t } = await startBillingApp(kind, { now: clock.now })));
  afterAll(async () => db?.close());

  const chargesOf = async (userId: string) =>
    (
      await db.query<{ amount_cents: number }>(sql`
        SELECT c.amount_cents FROM sandbox_charge c JOIN sandbox_customer k ON k.id = c.customer_id WHERE k.user_ref = ${userId} ORDER BY c.created_at, c.amount_cents DESC`)
    ).map((c) => c.amount_cents);
  const proratedInvoices = async () =>
    (await db.query<{ payload: ProviderEvent }>(sql`SELECT payload FROM sandbox_event_outbox WHERE type = 'invoice.paid' AND handled_at IS NOT NULL`))
      .map((r) => r.payload)
      .filter((e) => e.type === 'invoice.paid' && e.invoice.billingReason === 'subscription_update');

  /** A portal session opened now (it lasts an hour). */
  const openPortal = async (userId: string) =>
    String((await t.json('POST', '/api/billing/customer-portal', undefined, t.as(userId))).body.url).split('/sandbox/portal/')[1]!;

  /** A Free user subscribed to Basic on Apr 1 (period Apr 1 → May 1). */
  async function subscribeBasicOnApril1() {
    clock.set(APR_1);
    const u = await insertTestUser(db);
    await t.ledger.openAccount(u.id);
    const checkout = await t.json('POST', '/api/billing/create-checkout', { plan: 'basic' }, t.as(u.id));
    expect((await t.sandbox().pay(String(checkout.body.url).split('/sandbox/checkout/')[1]!, '4242424242424242')).outcome).toBe('paid');
    return u;
  }

  it('in the portal on Apr 25 (6 of 30 days left): charged 999 ¢ then 600 − 200 = 400 ¢, one subscription_update invoice of 400 ¢, tier Pro, no new period', async () => {
    const u = await subscribeBasicOnApril1();
    clock.set(APR_25);
    const portalId = await openPortal(u.id);
    expect(await t.sandbox().applyPortalAction(portalId, { type: 'switch', priceId: SANDBOX_PRICE_IDS.Pro })).toEqual({
      ok: true,
      notice: 'Your plan is now Stockpilot Pro.',
    });
    expect(await chargesOf(u.id)).toEqual([999, 400]);
    const invoices = await proratedInvoices();
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ invoice: { amountPaidCents: 400, priceId: SANDBOX_PRICE_IDS.Pro, periodStart: APR_25.toISOString() } });
    expect((await t.ledger.getAccount(u.id)).tier).toBe('Pro');
    // The proration invoice pays for the switch within April: it opens no period of its own.
    expect(await t.count('billing_period', u.id)).toBe(1);
    expect(await t.ledger.reconcile({ userId: u.id })).toMatchObject({ ok: true });

    // Choosing Pro again changes and charges nothing.
    expect(await t.sandbox().applyPortalAction(portalId, { type: 'switch', priceId: SANDBOX_PRICE_IDS.Pro })).toMatchObject({ ok: false });
    expect(await chargesOf(u.id)).toEqual([999, 400]);
  });

  it('the portal reviews a switch before making it: Pro at $29.99 a month, due today $6.00 − $2.00 = $4.00; nothing charged until confirmed, then exactly that', async () => {
    const u = await subscribeBasicOnApril1();
    clock.set(APR_25);
    const portalId = await openPortal(u.id);
    const page = async (query = '') => (await t.app.request(`/sandbox/portal/${portalId}${query}`)).text();
    // The plan list leads to the review (a GET), not to the switch.
    expect(await page()).toContain(`name="review" value="${SANDBOX_PRICE_IDS.Pro}"`);
    const review = await page(`?review=${SANDBOX_PRICE_IDS.Pro}`);
    expect(review).toContain('Review: switch to Pro now');
    expect(review).toContain('<span>Pro</span><span>$29.99 per month</span>');
    // 6 of April's 30 days left: 2999 × 6/30 = 599.8 → 600 ¢; 999 × 6/30 = 199.8 → 200 ¢; 600 − 200 = 400 ¢.
    expect(review).toContain('<span>Pro for the 6 days left of this period</span><span>$6.00</span>');
    expect(review).toContain('<span>Unused Basic for those 6 days</span><span>−$2.00</span>');
    expect(review).toContain('<span>Due today (prorated)</span><span>$4.00</span>');
    expect(review).toContain('Pay $4.00 and switch to Pro');
    expect(await chargesOf(u.id)).toEqual([999]);
    expect((await t.ledger.getAccount(u.id)).tier).toBe('Basic');
    // Confirming charges what the review said.
    const confirmed = await t.app.request(`/sandbox/portal/${portalId}/action`, {
      method: 'POST',
      headers: { origin: t.ctx.env.BASE_URL, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'switch', price: SANDBOX_PRICE_IDS.Pro }).toString(),
    });
    expect(confirmed.status).toBe(303);
    expect(await chargesOf(u.id)).toEqual([999, 400]);
    expect((await t.ledger.getAccount(u.id)).tier).toBe('Pro');
    // Back down to Basic: reviewed as due today $0.00, Basic from the period end.
    const down = await page(`?review=${SANDBOX_PRICE_IDS.Basic}`);
    expect(down).toContain('<span>Due today</span><span>$0.00</span>');
    expect(down).toContain('Switch to Basic on May 1, 2026');
    // A review of an unknown price or of the current plan shows no review.
    expect(await page('?review=price_nope')).not.toContain('Review:');
    expect(await page(`?review=${SANDBOX_PRICE_IDS.Pro}`)).not.toContain('Review:');
  });

  it('with the saved card 4000 0000 0000 0341 (attaches, declines) the upgrade is refused: no charge, still Basic', async () => {
    const u = await subscribeBasicOnApril1();
    expect((await t.sandbox().applyPortalAction(await openPortal(u.id), { type: 'card', cardNumber: '4000000000000341' })).ok).toBe(true);
    clock.set(APR_25);
    const invoicesBefore = (await proratedInvoices()).length;
    expect(await t.sandbox().applyPortalAction(await openPortal(u.id), { type: 'switch', priceId: SANDBOX_PRICE_IDS.Pro })).toEqual({
      ok: false,
      message: 'Your card was declined.',
    });
    expect(await chargesOf(u.id)).toEqual([999]);
    expect(await proratedInvoices()).toHaveLength(invoicesBefore);
    expect((await t.ledger.getAccount(u.id)).tier).toBe('Basic');
  });
});
