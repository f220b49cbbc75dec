import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../adapters/db/index.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import { createTokensService } from './tokens-service.ts';

describeEachDatabase('the database guards the ledger itself', (kind) => {
  let db: Database;
  let userId: string;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    userId = (await insertTestUser(db)).id;
    await createTokensService(db).openAccount(userId);
  });
  afterAll(async () => db?.close());

  it('refuses UPDATE, DELETE and TRUNCATE on ledger rows', async () => {
    await expect(db.query(sql`UPDATE token_ledger SET delta_allocation_mt = 99999 WHERE user_id = ${userId}`)).rejects.toThrow();
    await expect(db.query(sql`DELETE FROM token_ledger WHERE user_id = ${userId}`)).rejects.toThrow();
    await expect(db.query(sql`TRUNCATE token_ledger`)).rejects.toThrow();
    const [row] = await db.query<{ n: number; sum: number }>(
      sql`SELECT COUNT(*)::int AS n, SUM(delta_allocation_mt) AS sum FROM token_ledger WHERE user_id = ${userId}`,
    );
    expect(row).toEqual({ n: 1, sum: 10_000 });
  });

  it('CHECK constraints keep every bucket ≥ 0', async () => {
    for (const col of ['allocation_mt', 'purchased_mt', 'held_allocation_mt', 'held_purchased_mt']) {
      await expect(db.query(sql`UPDATE user_tokens SET ${sql.raw(col)} = -1 WHERE user_id = ${userId}`)).rejects.toThrow();
    }
    expect(await createTokensService(db).getAccount(userId)).toMatchObject({ allocationMt: 10_000, purchasedMt: 0, heldAllocationMt: 0, heldPurchasedMt: 0 });
  });

  it('a ledger row whose before/after disagree with its deltas is refused', async () => {
    await expect(
      db.query(sql`INSERT INTO token_ledger (user_id, reason, delta_allocation_mt, balance_before_mt, balance_after_mt, actor, idempotency_key)
        VALUES (${userId}, 'operator_grant', 100, 0, 50, 'test', 'bad-row')`),
    ).rejects.toThrow();
  });
});
