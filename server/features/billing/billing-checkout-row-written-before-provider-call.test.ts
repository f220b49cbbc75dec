import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { type BillingTestApp, createClock, startBillingApp } from '../../test/billing-test-kit.ts';

// A checkout's row is written before the provider is asked for a session, so no write failure can leave
// a payable session that credits nothing (issue 10, item 8).
describeEachDatabase('checkout row written before the provider call', (kind) => {
  let db: Database;
  let t: BillingTestApp;
  const clock = createClock(new Date('2026-04-01T10:00:00.000Z'));
  beforeAll(async () => ({ db, t } = await startBillingApp(kind, { now: clock.now })));
  afterAll(async () => db?.close());
  afterEach(async () => {
    await db.query(sql.raw('DROP TRIGGER IF EXISTS test_fail_write ON checkout_session'));
  });

  /** Makes the database refuse one kind of write to checkout_session, as a lost connection or full disk would. */
  const failWrites = async (when: 'INSERT' | 'UPDATE OF provider_session_id') => {
    await db.query(
      sql.raw(`CREATE OR REPLACE FUNCTION test_fail_write() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'test: write refused'; END $$`),
    );
    await db.query(sql.raw(`CREATE TRIGGER test_fail_write BEFORE ${when} ON checkout_session FOR EACH ROW EXECUTE FUNCTION test_fail_write()`));
  };
  const sandboxSessions = async (userRef: string) =>
    db.query<{ id: string; status: string; metadata: string }>(sql`
      SELECT s.id, s.status, s.metadata FROM sandbox_checkout_session s JOIN sandbox_customer c ON c.id = s.customer_id WHERE c.user_ref = ${userRef}`);
  const pay = (id: string) => t.json('POST', `/sandbox/checkout/${id}/pay`, { card_number: '4242424242424242' });

  it('the row cannot be written: 500 and no session exists at the provider (nothing payable), balance 4 tokens', async () => {
    const u = await t.userWith('Basic', 4_000);
    await failWrites('INSERT');
    const res = await t.json('POST', '/api/billing/create-token-topup', { tokensToPurchase: 20 }, t.as(u.id));
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe('INTERNAL_ERROR');
    expect(await sandboxSessions(u.id)).toEqual([]);
    expect(await t.balanceMt(u.id)).toBe(4_000);
  });

  it('the provider refuses: 502 UPSTREAM_ERROR, the row is marked failed, no session exists', async () => {
    const u = await t.userWith('Basic', 4_000);
    const sandbox = t.sandbox();
    const create = sandbox.createPaymentCheckout;
    sandbox.createPaymentCheckout = async () => {
      throw new Error('provider down');
    };
    try {
      const res = await t.json('POST', '/api/billing/create-token-topup', { tokensToPurchase: 20 }, t.as(u.id));
      expect(res.status).toBe(502);
      expect(res.body.error.code).toBe('UPSTREAM_ERROR');
    } finally {
      sandbox.createPaymentCheckout = create;
    }
    const rows = await db.query<{ status: string; provider_session_id: string | null }>(sql`
      SELECT status, provider_session_id FROM checkout_session WHERE user_id = ${u.id}`);
    expect(rows).toEqual([{ status: 'failed', provider_session_id: null }]);
    expect(await sandboxSessions(u.id)).toEqual([]);
  });

  it('the session id cannot be stored after the provider answered: the session it left is still credited when paid (4 + 20 = 24), once', async () => {
    const u = await t.userWith('Basic', 4_000);
    await failWrites('UPDATE OF provider_session_id');
    const res = await t.json('POST', '/api/billing/create-token-topup', { tokensToPurchase: 20 }, t.as(u.id));
    expect(res.status).toBe(500);
    await db.query(sql.raw('DROP TRIGGER IF EXISTS test_fail_write ON checkout_session'));

    const [session] = await sandboxSessions(u.id);
    const [row] = await db.query<{ id: string; provider_session_id: string | null }>(
      sql`SELECT id, provider_session_id FROM checkout_session WHERE user_id = ${u.id}`,
    );
    expect(row!.provider_session_id).toBeNull();
    expect(JSON.parse(session!.metadata)).toMatchObject({ checkout_id: row!.id, user_id: u.id });

    expect((await pay(session!.id)).status).toBe(303);
    expect(await t.balanceMt(u.id)).toBe(4_000 + 20_000);
    const [after] = await db.query<{ status: string; provider_session_id: string }>(
      sql`SELECT status, provider_session_id FROM checkout_session WHERE id = ${row!.id}`,
    );
    expect(after).toEqual({ status: 'fulfilled', provider_session_id: session!.id });
    const verify = await t.json('POST', '/api/billing/verify-token-purchase', { session_id: session!.id }, t.as(u.id));
    expect(verify.body).toEqual({ success: true, tokens_added: 20 });
    expect(await t.balanceMt(u.id)).toBe(24_000);
  });
});
