import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../adapters/db/index.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import { createTokensService } from './tokens-service.ts';

describeEachDatabase('refunds and reconcile', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(async () => db?.close());

  it('a refund reverses only unspent purchased tokens, once per key', async () => {
    const ledger = createTokensService(db);
    const { id } = await insertTestUser(db);
    await ledger.changeTier(id, 'Basic', { actor: 'payments' });
    await ledger.creditPurchase(id, { amountMt: 20_000, idempotencyKey: 'cs_9', actor: 'payments' });
    // Spend 50 allocation + 5 purchased: 15 purchased left of the 20 bought.
    await ledger.capture(id, (await ledger.hold(id, 55_000, 'big')).id);
    const r = await ledger.reversePurchase(id, 'cs_9', { idempotencyKey: 'ch_9', actor: 'payments' });
    expect(r).toMatchObject({ reversedMt: 15_000, unspentShortfallMt: 5_000 });
    expect(await ledger.getAccount(id)).toMatchObject({ purchasedMt: 0, allocationMt: 0 });
    // Replayed webhook: same answer, nothing more.
    expect(await ledger.reversePurchase(id, 'cs_9', { idempotencyKey: 'ch_9', actor: 'payments' })).toMatchObject({ reversedMt: 15_000 });
    // A second refund of the same purchase has nothing left to refund.
    expect(await ledger.reversePurchase(id, 'cs_9', { idempotencyKey: 'ch_9b', actor: 'payments' })).toMatchObject({ entry: null, reversedMt: 0 });
    await expect(ledger.reversePurchase(id, 'cs_none', { idempotencyKey: 'x', actor: 'payments' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await ledger.reconcile({ userId: id })).toMatchObject({ ok: true });
  });

  it('credit inside the caller’s transaction rolls back with it', async () => {
    const ledger = createTokensService(db);
    const { id } = await insertTestUser(db);
    await ledger.openAccount(id);
    await expect(
      db.transaction(async (tx) => {
        await ledger.creditPurchase(id, { amountMt: 20_000, idempotencyKey: 'cs_rollback', actor: 'payments', tx });
        throw new Error('fulfil failed after the credit');
      }),
    ).rejects.toThrow('fulfil failed');
    expect((await ledger.getAccount(id)).purchasedMt).toBe(0);
    const ok = await db.transaction((tx) =>
      ledger.creditPurchase(id, { amountMt: 20_000, idempotencyKey: 'cs_rollback', actor: 'payments', meta: { session: 'cs_rollback' }, tx }),
    );
    expect(ok.created).toBe(true);
    expect((await ledger.getAccount(id)).purchasedMt).toBe(20_000);
  });

  it('reconcile reports a tampered balance and does not fix it', async () => {
    const ledger = createTokensService(db);
    const { id } = await insertTestUser(db);
    await ledger.openAccount(id);
    await db.query(sql`UPDATE user_tokens SET purchased_mt = purchased_mt + 5000 WHERE user_id = ${id}`);
    const report = await ledger.reconcile({ userId: id });
    expect(report).toEqual({ checkedUsers: 1, ok: false, mismatches: [{ userId: id, column: 'purchased_mt', ledgerSumMt: 0, cachedMt: 5000 }] });
    expect((await ledger.getAccount(id)).purchasedMt).toBe(5000);
    expect((await ledger.reconcile({ userId: id })).ok).toBe(false);
  });
});
