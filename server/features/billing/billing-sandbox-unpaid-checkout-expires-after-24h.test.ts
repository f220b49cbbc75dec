import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { type BillingTestApp, createClock, startBillingApp } from '../../test/billing-test-kit.ts';

// Like Stripe, a sandbox checkout left unpaid expires 24 h after it opened and says so with
// checkout.session.expired; billing then marks it expired. A paid one is never expired.
describeEachDatabase('sandbox checkouts expire after 24 h', (kind) => {
  let db: Database;
  let t: BillingTestApp;
  const clock = createClock(new Date('2026-04-01T10:00:00.000Z'));
  beforeAll(async () => ({ db, t } = await startBillingApp(kind, { now: clock.now })));
  afterAll(async () => db?.close());

  const statusOf = async (sessionId: string) =>
    (await db.query<{ status: string }>(sql`SELECT status FROM checkout_session WHERE provider_session_id = ${sessionId}`))[0]?.status;

  // Two users: a user's second open top-up would expire their first at once (one open top-up per user).
  it('one unpaid and one paid top-up: at 24 h + 1 s two racing runs expire the unpaid one once; only the paid 20 arrive (2 + 20 = 22; the other stays at 2)', async () => {
    const u = await t.userWith('Basic', 2_000);
    const v = await t.userWith('Basic', 2_000);
    const unpaid = (await t.json('POST', '/api/billing/create-token-topup', { tokensToPurchase: 50 }, t.as(v.id))).body.session_id as string;
    const paid = (await t.json('POST', '/api/billing/create-token-topup', { tokensToPurchase: 20 }, t.as(u.id))).body.session_id as string;
    expect((await t.json('POST', `/sandbox/checkout/${paid}/pay`, { card_number: '4242424242424242' })).status).toBe(303);

    clock.advance(24 * 3600 * 1000 - 1000);
    expect(await t.sandbox().expireOpenSessions()).toBe(0); // 1 s before its 24 h
    expect(await statusOf(unpaid)).toBe('open');

    clock.advance(2000);
    const runs = await Promise.all([t.sandbox().expireOpenSessions(), t.sandbox().expireOpenSessions()]);
    expect(runs[0] + runs[1]).toBe(1);
    expect(await statusOf(unpaid)).toBe('expired');
    expect(await statusOf(paid)).toBe('fulfilled');
    const [events] = await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM billing_event WHERE type = 'checkout.session.expired'`);
    expect(events!.n).toBe(1);

    // The expired checkout can no longer be paid or credited.
    const late = await t.json('POST', `/sandbox/checkout/${unpaid}/pay`, { card_number: '4242424242424242' });
    expect(late.status).not.toBe(303);
    expect((await t.json('POST', '/api/billing/verify-token-purchase', { session_id: unpaid }, t.as(v.id))).body).toEqual({ success: false, tokens_added: 0 });
    expect(await t.balanceMt(u.id)).toBe(22_000);
    expect(await t.balanceMt(v.id)).toBe(2_000);
  });
});
