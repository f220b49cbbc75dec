import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { BILLING_RATE_LIMIT, VERIFY_RATE_LIMIT } from './billing.handlers.ts';
import { type BillingTestApp, createClock, startBillingApp } from '../../test/billing-test-kit.ts';

// 10 billing requests per user per 60 s window. The clock starts 10 s into a window
// (12:00:10), so a refusal says "try again in 60 − 10 = 50 s".
describeEachDatabase('billing requests are rate limited per user', (kind) => {
  let db: Database;
  let t: BillingTestApp;
  const clock = createClock(new Date('2026-03-10T12:00:10.000Z'));
  beforeAll(async () => ({ db, t } = await startBillingApp(kind, { now: clock.now })));
  afterAll(async () => db?.close());

  it('the 11th checkout in a minute gets 429 RATE_LIMITED with Retry-After 50 and creates no session', async () => {
    expect(BILLING_RATE_LIMIT).toMatchObject({ limit: 10, windowSeconds: 60 });
    const u = await t.userWith('Free', 10_000);
    for (let i = 1; i <= 10; i++) {
      const ok = await t.json('POST', '/api/billing/create-checkout', { plan: 'basic' }, t.as(u.id));
      expect(ok.status, `request ${i}`).toBe(200);
    }
    const sessionsBefore = await t.count('checkout_session', u.id);
    const refused = await t.json('POST', '/api/billing/create-checkout', { plan: 'basic' }, t.as(u.id));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('50');
    expect(refused.body.error).toMatchObject({ code: 'RATE_LIMITED', details: { retry_after_seconds: 50 } });
    expect(refused.body.error.message).toContain('Try again in 50 s.');
    expect(await t.count('checkout_session', u.id)).toBe(sessionsBefore);

    // Another user and another action have their own budgets.
    const other = await t.userWith('Free', 10_000);
    expect((await t.json('POST', '/api/billing/create-checkout', { plan: 'basic' }, t.as(other.id))).status).toBe(200);
    expect((await t.json('POST', '/api/billing/customer-portal', undefined, t.as(u.id))).status).not.toBe(429);

    // The next window (12:01:00) opens a fresh budget.
    clock.set(new Date('2026-03-10T12:01:00.000Z'));
    expect((await t.json('POST', '/api/billing/create-checkout', { plan: 'basic' }, t.as(u.id))).status).toBe(200);
  });

  it('30 top-ups at once from one Basic user: exactly 10 open a checkout, 20 are refused', async () => {
    clock.set(new Date('2026-03-10T13:00:00.000Z'));
    const u = await t.userWith('Basic', 2_000);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => t.json('POST', '/api/billing/create-token-topup', { tokensToPurchase: 20 }, t.as(u.id))),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(20);
    expect(await t.count('checkout_session', u.id)).toBe(10);
  });

  it('verifying, idempotent and retried on reloads, allows 60 a minute: the 61st is refused', async () => {
    expect(VERIFY_RATE_LIMIT).toMatchObject({ limit: 60, windowSeconds: 60 });
    clock.set(new Date('2026-03-10T14:00:30.000Z'));
    const u = await t.userWith('Basic', 2_000);
    const opened = await t.json('POST', '/api/billing/create-token-topup', { tokensToPurchase: 20 }, t.as(u.id));
    const verify = () => t.json('POST', '/api/billing/verify-token-purchase', { session_id: opened.body.session_id }, t.as(u.id));
    const first60 = await Promise.all(Array.from({ length: 60 }, verify));
    expect(first60.every((a) => a.status === 200 && a.body.success === false)).toBe(true); // not paid yet
    const refused = await verify();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30'); // 14:01:00 − 14:00:30
  });
});
