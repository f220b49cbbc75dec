import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../adapters/db/index.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import { createTokensService } from './tokens-service.ts';

describeEachDatabase('the ledger hot path runs prepared statements with the same answers as drizzle', (kind) => {
  let db: Database;
  let userId: string;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    userId = (await insertTestUser(db)).id;
  });
  afterAll(async () => db?.close());

  it('a captured hold reads back identically through query(), timestamps as strings', async () => {
    const ledger = createTokensService(db);
    await ledger.openAccount(userId);
    const hold = await ledger.hold(userId, 2500, 'prepared-1');
    const captured = await ledger.capture(userId, hold.id);
    const [row] = await db.query<{ status: string; settled_at: unknown; cost_mt: unknown }>(
      sql`SELECT status, settled_at, cost_mt FROM token_holds WHERE id = ${hold.id}`,
    );
    expect(row).toMatchObject({ status: 'captured', cost_mt: 2500 });
    expect(typeof row!.settled_at).toBe('string');
    expect(captured).toMatchObject({ id: hold.id, status: 'captured', costMt: 2500, fromAllocationMt: 2500, fromPurchasedMt: 0 });
    // 10,000 mt Free allocation − 2,500 captured = 7,500 left, nothing held.
    expect(await ledger.getAccount(userId)).toMatchObject({ availableMt: 7_500, heldAllocationMt: 0, heldPurchasedMt: 0 });
  });

  it.runIf(kind === 'postgres')('PostgreSQL keeps the hold and capture as named statements on the connection', async () => {
    const pool = (db as Database & { pool: { connect(): Promise<{ query(s: string): Promise<{ rows: { name: string }[] }>; release(): void }> } }).pool;
    const ledger = createTokensService(db);
    // Serially, so every call can land on the same pooled connection; then look at every connection's statements.
    for (let i = 0; i < 3; i++) await ledger.capture(userId, (await ledger.hold(userId, 100, `prepared-loop-${i}`)).id);
    const client = await pool.connect();
    try {
      const { rows } = await client.query('SELECT name FROM pg_prepared_statements ORDER BY name');
      expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['ledger_capture', 'ledger_hold']));
    } finally {
      client.release();
    }
  });
});
