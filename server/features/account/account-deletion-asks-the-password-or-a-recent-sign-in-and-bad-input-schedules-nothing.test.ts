import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { accountFeatureOf } from '../../test/account-test-kit.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { signUpAndVerify } from '../../test/auth.ts';
import { createClock } from '../../test/billing-test-kit.ts';
import { describeOnPglite } from '../../test/db.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

describeOnPglite('account deletion: re-authentication and bad input', (kind) => {
  let db: Database;
  let t: TestApp;
  const clock = createClock(new Date());
  beforeAll(async () => ({ db, t } = await startTestApp(kind, { now: clock.now })));
  afterAll(async () => db?.close());

  const status = async (cookie: string) => (await t.json('GET', '/api/account/deletion', undefined, { cookie })).body;
  const requests = async (userId: string) =>
    (await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM account_deletion_requests WHERE user_id = ${userId}`))[0]!.n;

  it('e-mail account: no password, a wrong one or an unknown field answer 400 naming the field and schedule nothing; the right one schedules once', async () => {
    const u = await signUpAndVerify(t);
    expect(await status(u.cookie)).toEqual({ scheduled_for: null, requested_at: null, grace_days: 7, password_required: true });

    const none = await t.json('POST', '/api/account/deletion', {}, { cookie: u.cookie });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'password' });

    const wrong = await t.json('POST', '/api/account/deletion', { password: 'not my password at all' }, { cookie: u.cookie });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 'INVALID_PASSWORD', field: 'password' });
    // Counted in the same per-account throttle as sign-in.
    const [failures] = await db.query<{ failures: number }>(sql`SELECT failures FROM sign_in_failures ORDER BY last_failure_at DESC LIMIT 1`);
    expect(failures!.failures).toBe(1);

    const extra = await t.json('POST', '/api/account/deletion', { password: u.password, now: true }, { cookie: u.cookie });
    expect(extra.status).toBe(400);
    expect(extra.body.error.field).toBe('now');
    expect(await requests(u.userId)).toBe(0);

    const ok = await t.json('POST', '/api/account/deletion', { password: u.password }, { cookie: u.cookie });
    expect(ok.status).toBe(200);
    expect(Date.parse(ok.body.scheduled_for) - Date.parse(ok.body.requested_at)).toBe(7 * DAY);
    const again = await t.json('POST', '/api/account/deletion', { password: u.password }, { cookie: u.cookie });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('CONFLICT');
    expect((await status(u.cookie)).scheduled_for).toBe(ok.body.scheduled_for);
  });

  it('guessing: after the 5 free wrong passwords the next attempt waits (429 with Retry-After), the right one included', async () => {
    const u = await signUpAndVerify(t);
    for (let i = 0; i < 5; i++) {
      const wrong = await t.json('POST', '/api/account/deletion', { password: `guess number ${i}` }, { cookie: u.cookie });
      expect(wrong.body.error.code).toBe('INVALID_PASSWORD');
    }
    const waits = await t.json('POST', '/api/account/deletion', { password: u.password }, { cookie: u.cookie });
    expect(waits.status).toBe(429);
    expect(waits.body.error.code).toBe('RATE_LIMITED');
    expect(Number(waits.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await requests(u.userId)).toBe(0);
  });

  it('cancelled: the job finds nothing due after the 7 days and the account stays', async () => {
    const u = await signUpAndVerify(t);
    expect((await t.json('POST', '/api/account/deletion', { password: u.password }, { cookie: u.cookie })).status).toBe(200);
    const cancelled = await t.json('DELETE', '/api/account/deletion', undefined, { cookie: u.cookie });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.scheduled_for).toBeNull();
    const start = clock.now();
    clock.set(new Date(start.getTime() + 8 * DAY));
    try {
      expect(await accountFeatureOf(t.features).runDueDeletions()).toMatchObject({ failed: 0 });
      const [user] = await db.query(sql`SELECT id FROM "user" WHERE id = ${u.userId}`);
      expect(user).toBeDefined();
    } finally {
      clock.set(start);
    }
  });

  it('account without a password (Google): a sign-in within 10 minutes stands in for it; an older one is 403', async () => {
    const u = await signUpAndVerify(t);
    // As a Google-only account: no e-mail-and-password sign-in.
    await db.query(sql`DELETE FROM account WHERE user_id = ${u.userId} AND provider_id = 'credential'`);
    expect((await status(u.cookie)).password_required).toBe(false);
    const signedIn = clock.now();

    clock.set(new Date(signedIn.getTime() + 11 * MINUTE));
    const stale = await t.json('POST', '/api/account/deletion', {}, { cookie: u.cookie });
    expect(stale.status).toBe(403);
    expect(stale.body.error).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'recent_sign_in_required' } });
    expect(await requests(u.userId)).toBe(0);

    clock.set(new Date(signedIn.getTime() + 5 * MINUTE));
    const fresh = await t.json('POST', '/api/account/deletion', {}, { cookie: u.cookie });
    expect(fresh.status).toBe(200);
    const [row] = await db.query(sql`SELECT reauthenticated_by FROM account_deletion_requests WHERE user_id = ${u.userId}`);
    expect(row).toEqual({ reauthenticated_by: 'recent_sign_in' });
    clock.set(signedIn);
  });

  it('signed out: 401 on every deletion route', async () => {
    for (const [method, body] of [['GET'], ['POST', { password: 'x' }], ['DELETE']] as const) {
      const res = await t.json(method, '/api/account/deletion', body);
      expect(res.status).toBe(401);
    }
  });
});
