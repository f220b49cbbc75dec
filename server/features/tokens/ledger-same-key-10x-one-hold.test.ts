import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../adapters/db/index.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import { createTokensService } from './tokens-service.ts';

describeEachDatabase(
  'the same idempotency key 10 times at once',
  (kind) => {
    let db: Database;
    beforeAll(async () => {
      db = await createTestDatabase(kind);
    });
    afterAll(async () => db?.close());

    it('gives one hold: all ten callers get the same id, 1.2 is reserved once (10 − 1.2 = 8.8)', async () => {
      const ledger = createTokensService(db);
      const { id } = await insertTestUser(db);
      await ledger.openAccount(id);
      const holds = await Promise.all(Array.from({ length: 10 }, () => ledger.hold(id, 1200, 'request-42')));
      expect(new Set(holds.map((h) => h.id)).size).toBe(1);
      expect((await ledger.getAccount(id)).availableMt).toBe(8800);
      const [n] = await db.query<{ holds: number; entries: number }>(sql`
      SELECT (SELECT COUNT(*)::int FROM token_holds WHERE user_id = ${id}) AS holds,
             (SELECT COUNT(*)::int FROM token_ledger WHERE user_id = ${id} AND reason = 'hold') AS entries`);
      expect(n).toEqual({ holds: 1, entries: 1 });
    });

    it('a replay after capture returns the captured hold and charges nothing more', async () => {
      const ledger = createTokensService(db);
      const { id } = await insertTestUser(db);
      const h = await ledger.hold(id, 500, 'req');
      await ledger.capture(id, h.id);
      const again = await ledger.hold(id, 500, 'req');
      expect(again).toMatchObject({ id: h.id, status: 'captured' });
      expect((await ledger.getAccount(id)).availableMt).toBe(9500);
    });

    it('the same key with another cost is a CONFLICT', async () => {
      const ledger = createTokensService(db);
      const { id } = await insertTestUser(db);
      await ledger.hold(id, 500, 'req');
      await expect(ledger.hold(id, 800, 'req')).rejects.toMatchObject({ code: 'CONFLICT' });
      expect((await ledger.getAccount(id)).availableMt).toBe(9500);
    });

    it('opening an account 10 times at once (sign-up hook racing lazy reads) opens it once with 10 tokens', async () => {
      const ledger = createTokensService(db);
      const { id } = await insertTestUser(db);
      const accounts = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? ledger.openAccount(id) : ledger.getAccount(id))));
      expect(new Set(accounts.map((a) => `${a.tier}:${a.availableMt}:${a.nextResetDate}`)).size).toBe(1);
      expect(accounts[0]).toMatchObject({ tier: 'Free', availableMt: 10_000 });
      const [n] = await db.query<{ n: number }>(sql`SELECT COUNT(*)::int AS n FROM token_ledger WHERE user_id = ${id} AND reason = 'open'`);
      expect(n!.n).toBe(1);
    });
  },
  { alsoOnWorker: true },
);
