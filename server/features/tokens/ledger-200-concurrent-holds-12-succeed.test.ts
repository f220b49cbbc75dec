import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../adapters/db/index.ts';
import { isAppError } from '../../lib/errors.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import { createTokensService } from './tokens-service.ts';

// 10 tokens = 10,000 mt; a hold of 0.8 = 800 mt; 10,000 / 800 = 12.5 → 12 holds fit, 188 are refused,
// 10,000 − 12 × 800 = 400 mt = 0.4 tokens remain. On PostgreSQL the 200 run on a pool of 40 connections;
// on PGlite (one connection) they are 200 concurrent promises.
describeEachDatabase(
  '200 concurrent holds of 0.8 on a balance of 10',
  (kind) => {
    let db: Database;
    beforeAll(async () => {
      db = await createTestDatabase(kind);
    });
    afterAll(async () => db?.close());

    it('exactly 12 succeed, balance 0.4, Σ ledger = balance', async () => {
      const ledger = createTokensService(db);
      const { id } = await insertTestUser(db);
      await ledger.openAccount(id);
      const results = await Promise.allSettled(Array.from({ length: 200 }, (_, i) => ledger.hold(id, 800, `analysis-${i}`)));
      const ok = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r) => r.status === 'rejected');
      expect(ok).toHaveLength(12);
      expect(refused).toHaveLength(188);
      expect(refused.every((r) => isAppError(r.reason) && r.reason.code === 'INSUFFICIENT_TOKENS')).toBe(true);

      const a = await ledger.getAccount(id);
      expect(a.availableMt).toBe(400);
      expect(a.heldAllocationMt).toBe(12 * 800);

      // Capture them all: the balance stays 0.4, nothing is held.
      await Promise.all(ok.map((r) => ledger.capture(id, (r as PromiseFulfilledResult<{ id: string }>).value.id)));
      const [sum] = await db.query<{ balance: number; rows: number }>(
        sql`SELECT SUM(delta_allocation_mt + delta_purchased_mt) AS balance, COUNT(*)::int AS rows FROM token_ledger WHERE user_id = ${id}`,
      );
      // open (+10,000) + 12 holds (−800 each) + 12 captures (0) = 400; refused holds wrote nothing.
      expect(sum).toEqual({ balance: 400, rows: 1 + 12 + 12 });
      expect((await ledger.getAccount(id)).availableMt).toBe(400);
      expect(await ledger.reconcile({ userId: id })).toMatchObject({ ok: true });
    });
  },
  { alsoOnWorker: true },
);
