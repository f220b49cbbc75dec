import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createLedgerService, runAdminCommand } from './index.ts';
import { isAppError } from '../../lib/errors.ts';
import { createTestApp } from '../../test/app.ts';
import { uniqueEmail } from '../../test/auth.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import type { Database } from '../../adapters/db/index.ts';

// 200 requests at once on one database: sign-ups (their rate-limit rows are inserted by racing requests,
// so most inserts hit 23505 and retry), sign-ins refused by the rate limit, balance reads, and token holds
// (some with a repeated key: 23505 again), captures, releases, and ledger transactions that commit or fail. On PGlite each statement and each
// transaction must run alone; a statement landing inside another's transaction shows up as a lost or
// extra row, a 25P02, or a ledger that no longer adds up.
const SIGN_UP_IPS = 15;
const SIGN_UPS_PER_IP = 2; // the sign-up limit is 3 per 10 s per client: all 30 are allowed
const SIGN_INS = 20; // one client, limit 3 per 10 s: at most 3 answered
const HOLDERS = 10;
const BALANCE_READS = 50;
const FREE_MT = 10_000; // Free: 10 tokens

describeEachDatabase(
  '200 mixed requests at once, then the operator reconcile',
  (kind) => {
    let db: Database;
    beforeAll(async () => {
      db = await createTestDatabase(kind);
      // The sign-in limit counts in a 10 s window of this process's clock: it stands still during the test, so
      // a burst that takes longer than 10 s on a loaded machine still falls in one window.
      vi.useFakeTimers({ toFake: ['Date'] });
    });
    afterAll(async () => {
      vi.useRealTimers();
      await db?.close();
    });

    it('every request gets its own answer and `admin reconcile` finds Σ ledger = balances for every account', async () => {
      const t = await createTestApp(db, { env: { TRUST_PROXY: 'true' }, actAsHeader: true });
      const ledger = createLedgerService(db);
      const holders: string[] = [];
      for (let i = 0; i < HOLDERS; i++) {
        const user = await insertTestUser(db);
        await ledger.openAccount(user.id);
        holders.push(user.id);
      }

      const signUps = Array.from({ length: SIGN_UP_IPS * SIGN_UPS_PER_IP }, (_, i) =>
        t.json(
          'POST',
          '/api/auth/sign-up/email',
          { email: uniqueEmail('mixed'), password: 'correct horse battery staple', first_name: 'Mixed', last_name: `Load ${i}` },
          { 'x-forwarded-for': `198.51.100.${1 + (i % SIGN_UP_IPS)}` },
        ),
      );
      const signIns = Array.from({ length: SIGN_INS }, () =>
        t.json('POST', '/api/auth/sign-in/email', { email: 'nobody@example.test', password: 'wrong password here' }, { 'x-forwarded-for': '203.0.113.7' }),
      );
      const reads = Array.from({ length: BALANCE_READS }, (_, i) => t.json('GET', '/api/tokens', undefined, { 'x-test-user-id': holders[i % HOLDERS]! }));
      // Per holder, 10 calls: 4 holds of 1 token captured, one of 1 token whose work fails (released),
      // the same 0.5-token hold twice under one key (one hold), one of 20 tokens (more than the 12 there are),
      // a purchase of 2 tokens (a transaction that commits) and an operator revoke of 50 tokens (a
      // transaction whose statement fails: the balance cannot go below zero).
      const ledgerCalls = holders.flatMap((id) => [
        ...Array.from({ length: 4 }, (_, k) => ledger.withHold(id, { costMt: 1000, idempotencyKey: `captured-${k}` }, async () => 'done')),
        ledger
          .withHold(id, { costMt: 1000, idempotencyKey: 'released' }, async () => {
            throw new Error('the analysis failed');
          })
          .then(
            () => 'not released',
            (e: Error) => e.message,
          ),
        ledger.hold(id, 500, 'pending-twice'),
        ledger.hold(id, 500, 'pending-twice'),
        ledger.hold(id, 20_000, 'too-big').then(
          () => 'held',
          (e: unknown) => (isAppError(e) ? e.code : String(e)),
        ),
        ledger.creditPurchase(id, { amountMt: 2000, idempotencyKey: 'mixed-purchase', actor: 'system:test' }).then((r) => r.created),
        ledger.adjust(id, -50_000, { bucket: 'allocation', reason: 'more than there is', actor: 'operator:test' }).then(
          () => 'revoked',
          () => 'refused',
        ),
      ]);
      expect(signUps.length + signIns.length + reads.length + ledgerCalls.length).toBe(200);

      const [up, inn, read, held] = await Promise.all([Promise.all(signUps), Promise.all(signIns), Promise.all(reads), Promise.all(ledgerCalls)]);

      expect(up.map((r) => r.status)).toEqual(Array(SIGN_UP_IPS * SIGN_UPS_PER_IP).fill(200));
      const limited = inn.filter((r) => r.status === 429).length;
      // 20 attempts − at most 3 answered (401, no such account) = at least 17 refused with 429.
      expect(limited).toBeGreaterThanOrEqual(SIGN_INS - 3);
      expect(inn.filter((r) => r.status !== 429).every((r) => r.status === 401)).toBe(true);
      expect(read.every((r) => r.status === 200)).toBe(true);
      for (let h = 0; h < HOLDERS; h++) {
        const calls = held.slice(h * 10, h * 10 + 10) as unknown[];
        expect(calls[4] as string).toBe('the analysis failed');
        // Same key twice → the same hold.
        expect((calls[5] as { id: string }).id).toBe((calls[6] as { id: string }).id);
        expect(calls[7]).toBe('INSUFFICIENT_TOKENS');
        expect(calls.slice(8)).toEqual([true, 'refused']);
      }

      // 10 holders + 30 sign-ups = 40 accounts, each opened once.
      const [counts] = await db.query<{ users: number; accounts: number; opens: number }>(sql`
        SELECT (SELECT count(*)::int FROM "user") AS users, (SELECT count(*)::int FROM user_tokens) AS accounts,
          (SELECT count(*)::int FROM token_ledger WHERE reason = 'open') AS opens`);
      expect(counts).toEqual({ users: 40, accounts: 40, opens: 40 });
      // One rate-limit row per sign-up client, counting its 2 sign-ups; the sign-in client stopped at 3.
      const signUpRows = await db.query<{ count: number }>(sql`SELECT count FROM rate_limit WHERE key LIKE ${'%|/sign-up/email'}`);
      expect(signUpRows.map((r) => r.count)).toEqual(Array(SIGN_UP_IPS).fill(SIGN_UPS_PER_IP));
      const [signInRow] = await db.query<{ count: number }>(sql`SELECT count FROM rate_limit WHERE key LIKE ${'%|/sign-in/email'}`);
      expect(signInRow!.count).toBe(SIGN_INS - limited);

      for (const id of holders) {
        const a = await ledger.getAccount(id);
        // 10,000 + 2,000 bought − 4 × 1,000 captured − 500 still held = 7,500 available; the released
        // 1,000 came back and the refused revoke took nothing.
        expect(a.availableMt).toBe(FREE_MT + 2000 - 4 * 1000 - 500);
        expect(a.purchasedMt).toBe(2000);
        expect(a.heldAllocationMt).toBe(500);
        const holds = await db.query<{ status: string; n: number }>(
          sql`SELECT status, count(*)::int AS n FROM token_holds WHERE user_id = ${id} GROUP BY status ORDER BY status`,
        );
        expect(holds).toEqual([
          { status: 'captured', n: 4 },
          { status: 'pending', n: 1 },
          { status: 'released', n: 1 },
        ]);
      }

      // What `npm run admin -- reconcile --json` runs and prints.
      const out: string[] = [];
      const code = await runAdminCommand(['reconcile', '--json'], {
        ledger,
        db,
        actor: 'operator:test',
        io: { out: (l) => out.push(l), err: (l) => out.push(l) },
      });
      expect(code).toBe(0);
      expect(JSON.parse(out.join('\n'))).toEqual({ checkedUsers: 40, ok: true, mismatches: [] });
    }, 180_000); // a load test: on a busy 2-core machine it has taken 60 s
  },
  { alsoOnWorker: true },
);
