import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { accountFeatureOf, ledgerTotals, personalRowsOf, seedUserData } from '../../test/account-test-kit.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { signUpAndVerify } from '../../test/auth.ts';
import { createClock } from '../../test/billing-test-kit.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import { createLedgerService } from '../tokens/index.ts';

const DAY = 86_400_000;

describeEachDatabase('account deletion', (kind) => {
  let db: Database;
  let t: TestApp;
  // Near the real time: better-auth stamps sessions with the wall clock, the app reads them with this one.
  const clock = createClock(new Date());
  beforeAll(async () => ({ db, t } = await startTestApp(kind, { now: clock.now })));
  afterAll(async () => db?.close());

  it('after 7 days the job deletes the account: personal rows gone, sessions revoked, the ledger kept under a pseudonym with equal totals', async () => {
    const ledger = createLedgerService(db, { now: clock.now });
    const gone = await signUpAndVerify(t);
    const stays = await signUpAndVerify(t);
    await seedUserData(db, ledger, gone.userId);
    const staysRows = await seedUserData(db, ledger, stays.userId);
    const asked = clock.now();

    const res = await t.json('POST', '/api/account/deletion', { password: gone.password }, { cookie: gone.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      scheduled_for: new Date(asked.getTime() + 7 * DAY).toISOString(),
      requested_at: asked.toISOString(),
      grace_days: 7,
      password_required: true,
    });
    const before = await ledgerTotals(db);
    expect((await ledger.reconcile()).ok).toBe(true);

    // One millisecond before the end of the grace period: nothing happens.
    clock.set(new Date(asked.getTime() + 7 * DAY - 1));
    const job = accountFeatureOf(t.features);
    expect(await job.runDueDeletions()).toEqual({ deleted: 0, failed: 0 });
    expect((await personalRowsOf(db, gone.userId)).user).toBe(1);

    clock.set(new Date(asked.getTime() + 7 * DAY));
    expect(await job.runDueDeletions()).toEqual({ deleted: 1, failed: 0 });
    // A second tick (or another process) finds nothing left to do.
    expect(await job.runDueDeletions()).toEqual({ deleted: 0, failed: 0 });

    expect(Object.values(await personalRowsOf(db, gone.userId)).every((n) => n === 0)).toBe(true);
    const [email] = await db.query(sql`SELECT 1 FROM "user" WHERE email = ${gone.email}`);
    expect(email).toBeUndefined();
    // The session no longer signs in.
    const session = await t.json('GET', '/api/auth/get-session', undefined, { cookie: gone.cookie });
    expect(session.body).toBeNull();

    // The ledger and payments are kept, under one pseudonymous id with no personal data; the totals have not moved.
    const pseudonyms = await db.query<{ user_id: string; n: number }>(
      sql`SELECT user_id, count(*)::int AS n FROM token_ledger WHERE user_id LIKE 'deleted\_%' GROUP BY user_id`,
    );
    expect(pseudonyms).toHaveLength(1);
    const pseudonym = pseudonyms[0]!.user_id;
    expect(pseudonyms[0]!.n).toBe(4);
    const [stand] = await db.query(sql`SELECT name, email, image FROM "user" WHERE id = ${pseudonym}`);
    expect(stand).toEqual({ name: 'Deleted account', email: `${pseudonym}@deleted.invalid`, image: null });
    const [kept] = await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM checkout_session WHERE user_id = ${pseudonym}`);
    expect(kept!.n).toBe(1);
    expect(await ledgerTotals(db)).toEqual(before);
    expect(await ledger.reconcile()).toMatchObject({ ok: true, mismatches: [] });
    // The pseudonym gets no monthly grants: its period never resets.
    clock.set(new Date(asked.getTime() + 70 * DAY));
    await ledger.runMonthlyResets();
    const [after] = await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM token_ledger WHERE user_id = ${pseudonym}`);
    expect(after!.n).toBe(4);

    // The other user is untouched.
    const other = await personalRowsOf(db, stays.userId);
    expect(other).toMatchObject({ user: 1, analyses: 1, watchlists: 1, api_keys: 1, copilot_conversations: 1 });
    const [analysis] = await db.query(sql`SELECT id FROM analyses WHERE id = ${staysRows.analysisId}`);
    expect(analysis).toBeDefined();
  });

  it('the ledger stays append-only outside an anonymisation: an UPDATE of user_id alone is refused', async () => {
    const ledger = createLedgerService(db, { now: clock.now });
    const u = await insertTestUser(db);
    await ledger.openAccount(u.id);
    await expect(db.query(sql`UPDATE token_ledger SET user_id = 'deleted_x' WHERE user_id = ${u.id}`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/append-only/) },
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(sql`SELECT set_config('stockpilot.anonymise_ledger_to', 'deleted_x', true)`);
        // The setting allows the user_id change only: an amount changed with it is refused.
        await tx.query(sql`UPDATE token_ledger SET user_id = 'deleted_x', delta_allocation_mt = 0 WHERE user_id = ${u.id}`);
      }),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/append-only/) } });
  });
});
