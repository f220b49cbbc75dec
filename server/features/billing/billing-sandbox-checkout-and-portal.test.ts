import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import { createBillingTestApp } from '../../test/billing-test-kit.ts';

describeEachDatabase('sandbox checkout and portal', (kind) => {
  let db: Database;
  let t: Awaited<ReturnType<typeof createBillingTestApp>>;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    t = await createBillingTestApp(db);
  });
  afterAll(async () => db?.close());

  const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;
  const pay = (url: string, card: string, action = 'pay') =>
    t.app.request(`${new URL(url).pathname}/pay`, {
      method: 'POST',
      headers: { origin: t.ctx.env.BASE_URL, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card_number: card, action }).toString(),
    });

  it('health names the sandbox as the payment adapter', async () => {
    const res = await t.json('GET', '/api/health');
    expect(res.body.adapters.payments).toBe('sandbox');
  });

  it('Basic user with 3 tokens buys 50: the hosted page shows the order, 4242… pays, 303 to success, balance 3 + 50 = 53', async () => {
    const u = await t.userWith('Basic', 3_000);
    const res = await t.json('POST', '/api/billing/create-token-topup', { tokensToPurchase: 50 }, t.as(u.id));
    expect(res.status).toBe(200);
    expect(res.body.url).toBe(`${t.ctx.env.BASE_URL}/sandbox/checkout/${res.body.session_id}`);

    const page = await t.app.request(pathOf(res.body.url));
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Sandbox payments — no real charges');
    expect(html).toContain('Stockpilot analysis tokens × 50');
    expect(html).toContain('$25.00'); // 50 × $0.50
    expect(html).not.toMatch(/<script/i);

    const paid = await pay(res.body.url, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${t.ctx.env.BASE_URL}/token-topup?success=true&session_id=${res.body.session_id}`);
    expect(await t.balanceMt(u.id)).toBe(53_000);

    const verify = await t.json('POST', '/api/billing/verify-token-purchase', { session_id: res.body.session_id }, t.as(u.id));
    expect(verify.body).toEqual({ success: true, tokens_added: 50 });
    expect(await t.balanceMt(u.id)).toBe(53_000);
  });

  it('4000 0000 0000 0002 is declined with the buyer-facing message, nothing credited; cancel goes to the cancel URL', async () => {
    const u = await t.userWith('Pro', 1_000);
    const res = await t.json('POST', '/api/billing/create-token-topup', { tokensTourchase: 20 }, t.as(u.id));
    const declined = await pay(res.body.url, '4000 0000 0000 0002');
    expect(declined.status).toBe(200); // the page shows the decline, as a hosted checkout does
    expect(await declined.text()).toContain('Your card was declined.');
    expect(await t.balanceMt(u.id)).toBe(1_000);

    const json = await t.json('POST', `${new URL(res.body.url).pathname}/pay`, { card_number: '4000000000000002' });
    expect(json.status).toBe(402);
    expect(json.body.error).toMatchObject({ code: 'CARD_DECLINED', message: 'Your card was declined.' });

    const canceled = await pay(res.body.url, '', 'cancel');
    expect(canceled.status).toBe(303);
    expect(canceled.headers.get('location')).toBe(`${t.ctx.env.BASE_URL}/token-topup?canceled=true`);
    const verify = await t.json('POST', '/api/billing/verify-token-purchase', { session_id: res.body.session_id }, t.as(u.id));
    expect(verify.body).toEqual({ success: false, tokens_added: 0 });
    expect(await t.balanceMt(u.id)).toBe(1_000);
  });

  it('Free user subscribes to Basic: tier Basic with 50 tokens; the portal switches to Pro now and cancels at period end', async () => {
    const u = await insertTestUser(db);
    const res = await t.json('POST', '/api/billing/create-checkout', {}, t.as(u.id));
    expect(res.status).toBe(200);
    const html = await (await t.app.request(pathOf(res.body.url))).text();
    expect(html).toContain('Subscribe to Stockpilot Basic');
    expect(html).toContain('$9.99');
    const paid = await pay(res.body.url, '4242424242424242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toMatch(/\/dashboard\?checkout=success&session_id=cs_sandbox_/);

    const sub = await t.json('GET', '/api/subscription', undefined, t.as(u.id));
    expect(sub.body).toMatchObject({ subscribed: true, subscription_tier: 'Basic', tokens: 50 });
    // checkout.session.completed, customer.subscription.created and invoice.paid: one tier change, +40 (10 → 50).
    expect((await t.ledgerEntries(u.id, 'tier_change')).map((e) => e.delta_allocation_mt)).toEqual([40_000]);
    const mine = await t.json('GET', '/api/billing/subscription', undefined, t.as(u.id));
    expect(mine.body).toMatchObject({ provider: 'sandbox', status: 'active', tier: 'Basic', cancel_at_period_end: false });
    expect(sub.body.subscription_end).toBe(mine.body.current_period_end);

    // A second checkout while subscribed leads to the portal, not to a second subscription.
    const again = await t.json('POST', '/api/billing/create-checkout', { plan: 'pro' }, t.as(u.id));
    expect(again.body.url).toMatch(/\/sandbox\/portal\/bps_sandbox_/);
    expect(again.body.portal).toBe(true);

    const portal = await t.json('POST', '/api/billing/customer-portal', undefined, t.as(u.id));
    const portalPath = pathOf(portal.body.url);
    const portalHtml = await (await t.app.request(portalPath)).text();
    expect(portalHtml).toContain('Stockpilot Basic');
    expect(portalHtml).toContain('Switch to Pro');

    const form = (body: Record<string, string>) =>
      t.app.request(`${portalPath}/action`, {
        method: 'POST',
        headers: { origin: t.ctx.env.BASE_URL, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body).toString(),
      });
    const up = await form({ action: 'switch', price: 'price_sandbox_pro' });
    expect(up.status).toBe(303);
    const afterUp = await t.ledger.getAccount(u.id);
    expect(afterUp.tier).toBe('Pro');
    expect(afterUp.previousTier).toBe('Basic');
    // Upgrade right after subscribing: (200 − 50) × remaining fraction ≈ 1 → about 150 tokens added.
    expect(afterUp.availableMt).toBeGreaterThan(199_000);

    const cancel = await form({ action: 'cancel' });
    expect(cancel.status).toBe(303);
    const afterCancel = await t.ledger.getAccount(u.id);
    expect(afterCancel.tier).toBe('Pro');
    expect(afterCancel.pendingTier).toBe('Free');
    expect((await t.json('GET', '/api/billing/subscription', undefined, t.as(u.id))).body.cancel_at_period_end).toBe(true);
    const [events] = await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM billing_event WHERE provider = 'sandbox' AND processed_at IS NOT NULL`);
    expect(events!.n).toBeGreaterThanOrEqual(5);
  });
});
