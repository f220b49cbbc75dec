import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../adapters/db/index.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import { createTokensService } from './tokens-service.ts';

describeEachDatabase(
  'the monthly reset run twice at once',
  (kind) => {
    let db: Database;
    beforeAll(async () => {
      db = await createTestDatabase(kind);
    });
    afterAll(async () => db?.close());

    it('grants once per user and period (two "processes", 20 users)', async () => {
      let clock = Date.UTC(2026, 4, 10);
      const a = createTokensService(db, { now: () => new Date(clock) });
      const b = createTokensService(db, { now: () => new Date(clock) });
      const users: string[] = [];
      for (let i = 0; i < 20; i++) {
        const { id } = await insertTestUser(db);
        await a.openAccount(id);
        const h = await a.hold(id, 7000, 'spend');
        await a.capture(id, h.id); // 10 − 7 = 3 left
        users.push(id);
      }
      clock = Date.UTC(2026, 5, 10, 0, 0, 1); // one month and a second later
      const [na, nb] = await Promise.all([a.runMonthlyResets(), b.runMonthlyResets()]);
      expect(na + nb).toBe(20);
      expect(await a.runMonthlyResets()).toBe(0);
      const [r] = await db.query<{ n: number }>(sql`SELECT COUNT(*)::int AS n FROM token_ledger WHERE reason = 'reset'`);
      expect(r!.n).toBe(20);
      for (const id of users) {
        const acc = await a.getAccount(id);
        expect(acc.availableMt).toBe(10_000); // back to the Free allocation, not 3 + 10
        expect(acc.nextResetDate).toBe('2026-07-10T00:00:00.000Z');
      }
      expect(await a.reconcile()).toMatchObject({ ok: true, checkedUsers: 20 });
    });
  },
  { alsoOnWorker: true },
);
