import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import type { FakeStripe } from '../../test/fake-stripe/fake-stripe-server.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import { type BillingTestApp, createBillingTestApp, startStripeBillingApp, stopStripeBillingApp } from '../../test/billing-test-kit.ts';

/** Each bad request gets a status and a code, and creates no session (ours or Stripe's) and moves no token. */
describeEachDatabase('billing bad input creates nothing', (kind) => {
  let db: Database;
  let fake: FakeStripe;
  let t: BillingTestApp;
  beforeAll(async () => ({ db, fake, t } = await startStripeBillingApp(kind)));
  afterAll(() => stopStripeBillingApp({ db, fake }));

  const stripeSessionsCreated = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').length;

  async function expectNothingHappened(
    userId: string,
    balanceMt: number,
    // biome-ignore lint/suspicious/noExplicitAny: response bodies are asserted field by field
    run: () => Promise<{ status: number; body: any }>,
    status: number,
    code: string,
    field?: string,
  ) {
    const before = { ours: await t.count('checkout_session'), stripe: stripeSessionsCreated() };
    const res = await run();
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error.code).toBe(code);
    if (field) expect(res.body.error.field).toBe(field);
    expect(await t.count('checkout_session')).toBe(before.ours);
    expect(stripeSessionsCreated()).toBe(before.stripe);
    expect(await t.balanceMt(userId)).toBe(balanceMt);
  }

  const cases: Array<[string, unknown, string]> = [
    ['19 (below the minimum of 20)', { tokensToPurchase: 19 }, 'INVALID_AMOUNT'],
    ['20.5 (not whole)', { tokensToPurchase: 20.5 }, 'INVALID_AMOUNT'],
    ['-5', { tokensToPurchase: -5 }, 'INVALID_AMOUNT'],
    ['"abc"', { tokensToPurchase: 'abc' }, 'INVALID_AMOUNT'],
    ['"50" (a string, not a number)', { tokensToPurchase: '50' }, 'INVALID_AMOUNT'],
    ['10,001 (above the maximum of 10,000)', { tokensToPurchase: 10_001 }, 'INVALID_AMOUNT'],
    ['missing', {}, 'VALIDATION_FAILED'],
    ['both spellings disagreeing (50 vs 100)', { tokensToPurchase: 50, tokensTourchase: 100 }, 'VALIDATION_FAILED'],
    ['the alias alone, bad (19)', { tokensTourchase: 19 }, 'INVALID_AMOUNT'],
  ];
  for (const [name, body, code] of cases) {
    it(`tokensToPurchase ${name} → 400 ${code} on tokensToPurchase`, async () => {
      const u = await t.userWith('Basic', 2_000);
      await expectNothingHappened(u.id, 2_000, () => t.json('POST', '/api/billing/create-token-topup', body, t.as(u.id)), 400, code, 'tokensToPurchase');
    });
  }

  it('both spellings agreeing (50 and 50) are accepted: one session of 2,500 ¢', async () => {
    const u = await t.userWith('Basic', 2_000);
    const res = await t.json('POST', '/api/billing/create-token-topup', { tokensToPurchase: 50, tokensTourchase: 50 }, t.as(u.id));
    expect(res.status).toBe(200);
    expect(fake.sessions.get(res.body.session_id)!.amount_total).toBe(2_500);
  });

  it('Free user → 403 TIER_REQUIRED; Basic with exactly 5 tokens → 403 TOPUP_NOT_ALLOWED (4.999 is allowed)', async () => {
    const free = await insertTestUser(db);
    await expectNothingHappened(
      free.id,
      10_000,
      () => t.json('POST', '/api/billing/create-token-topup', { tokensToPurchase: 20 }, t.as(free.id)),
      403,
      'TIER_REQUIRED',
    );
    const five = await t.userWith('Basic', 5_000);
    await expectNothingHappened(
      five.id,
      5_000,
      () => t.json('POST', '/api/billing/create-token-topup', { tokensToPurchase: 20 }, t.as(five.id)),
      403,
      'TOPUP_NOT_ALLOWED',
    );
    const almost = await t.userWith('Pro', 4_999);
    expect((await t.json('POST', '/api/billing/create-token-topup', { tokensToPurchase: 20 }, t.as(almost.id))).status).toBe(200);
  });

  it('signed out → 401 on every billing action', async () => {
    const u = await t.userWith('Basic', 0);
    await expectNothingHappened(u.id, 0, () => t.json('POST', '/api/billing/create-token-topup', { tokensToPurchase: 20 }), 401, 'UNAUTHORIZED');
    await expectNothingHappened(u.id, 0, () => t.json('POST', '/api/billing/create-checkout', { plan: 'basic' }), 401, 'UNAUTHORIZED');
    await expectNothingHappened(u.id, 0, () => t.json('POST', '/api/billing/customer-portal'), 401, 'UNAUTHORIZED');
    await expectNothingHappened(u.id, 0, () => t.json('POST', '/api/billing/verify-token-purchase', { session_id: 'cs_x' }), 401, 'UNAUTHORIZED');
  });

  it('unknown plan "gold" → 400 INVALID_PLAN on plan', async () => {
    const u = await insertTestUser(db);
    await expectNothingHappened(u.id, 10_000, () => t.json('POST', '/api/billing/create-checkout', { plan: 'gold' }, t.as(u.id)), 400, 'INVALID_PLAN', 'plan');
  });

  it('verify: made-up id → 404, missing id → 400, a subscription session → 400, an already verified one → 400; no tokens move', async () => {
    const u = await t.userWith('Basic', 1_000);
    await expectNothingHappened(
      u.id,
      1_000,
      () => t.json('POST', '/api/billing/verify-token-purchase', { session_id: 'cs_test_made_up' }, t.as(u.id)),
      404,
      'SESSION_NOT_FOUND',
      'session_id',
    );
    await expectNothingHappened(
      u.id,
      1_000,
      () => t.json('POST', '/api/billing/verify-token-purchase', {}, t.as(u.id)),
      400,
      'VALIDATION_FAILED',
      'session_id',
    );

    const sub = await insertTestUser(db);
    const checkout = await t.json('POST', '/api/billing/create-checkout', {}, t.as(sub.id));
    const subSession = [...fake.sessions.values()].find((s) => s.url === checkout.body.url)!.id;
    await expectNothingHappened(
      sub.id,
      10_000,
      () => t.json('POST', '/api/billing/verify-token-purchase', { session_id: subSession }, t.as(sub.id)),
      400,
      'NOT_A_TOKEN_PURCHASE',
    );

    const res = await t.json('POST', '/api/billing/create-token-topup', { tokensToPurchase: 20 }, t.as(u.id));
    fake.completeSession(res.body.session_id, 'paid');
    const first = await t.json('POST', '/api/billing/verify-token-purchase', { session_id: res.body.session_id }, t.as(u.id));
    expect(first.body).toEqual({ success: true, tokens_added: 20 });
    await expectNothingHappened(
      u.id,
      21_000,
      () => t.json('POST', '/api/billing/verify-token-purchase', { session_id: res.body.session_id }, t.as(u.id)),
      400,
      'SESSION_ALREADY_USED',
    );
  });

  it('Stripe configured without price ids → create-checkout is 501 NOT_CONFIGURED with a message naming what is missing', async () => {
    const other = await createBillingTestApp(db, {
      env: { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: fake.webhookSecret, STRIPE_API_BASE: fake.url },
    });
    const u = await insertTestUser(db);
    const res = await other.json('POST', '/api/billing/create-checkout', { plan: 'pro' }, other.as(u.id));
    expect(res.status).toBe(501);
    expect(res.body.error).toMatchObject({ code: 'NOT_CONFIGURED' });
    expect(res.body.error.message).toContain('STRIPE_PRICE_BASIC');
    const hook = await other.json('POST', '/api/webhooks/stripe', '{}', { 'stripe-signature': 't=1,v1=abc' });
    expect(hook.status).toBe(400);
    expect(hook.body.error.code).toBe('INVALID_SIGNATURE');
  });
});
