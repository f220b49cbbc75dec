import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import { createTokensService } from './tokens-service.ts';

describeEachDatabase('draw-down order and the monthly reset', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(async () => db?.close());

  it('allocation is drawn before purchased, and purchased tokens survive the reset', async () => {
    let clock = Date.UTC(2026, 2, 15, 9);
    const ledger = createTokensService(db, { now: () => new Date(clock) });
    const { id } = await insertTestUser(db);
    await ledger.openAccount(id); // allocation 10
    await ledger.creditPurchase(id, { amountMt: 20_000, idempotencyKey: 'cs_1', actor: 'payments' }); // purchased 20

    // 9.5 of allocation spent: 10 − 9.5 = 0.5 allocation left, purchased untouched.
    for (let i = 0; i < 19; i++) await ledger.capture(id, (await ledger.hold(id, 500, `a${i}`)).id);
    expect(await ledger.getAccount(id)).toMatchObject({ allocationMt: 500, purchasedMt: 20_000 });

    // A 1.2 hold straddles the buckets: 0.5 from allocation, then 0.7 from purchased.
    const h = await ledger.hold(id, 1200, 'straddle');
    expect(h).toMatchObject({ fromAllocationMt: 500, fromPurchasedMt: 700 });
    await ledger.capture(id, h.id);
    expect(await ledger.getAccount(id)).toMatchObject({ allocationMt: 0, purchasedMt: 19_300 });

    // Reset after one month: allocation back to 10, purchased 19.3 stays → 29.3.
    clock = Date.UTC(2026, 3, 15, 9);
    expect(await ledger.runMonthlyResets({ userId: id })).toBe(1);
    expect(await ledger.getAccount(id)).toMatchObject({
      allocationMt: 10_000,
      purchasedMt: 19_300,
      availableMt: 29_300,
      nextResetDate: '2026-05-15T09:00:00.000Z',
    });
    expect(await ledger.reconcile({ userId: id })).toMatchObject({ ok: true });
  });

  it('unused allocation does not roll over; a hold released after the reset returns only its purchased part', async () => {
    let clock = Date.UTC(2026, 6, 1);
    const ledger = createTokensService(db, { now: () => new Date(clock), defaultHoldTtlMs: 3600_000 * 24 });
    const { id } = await insertTestUser(db);
    await ledger.openAccount(id);
    await ledger.creditPurchase(id, { amountMt: 5_000, idempotencyKey: 'cs_2', actor: 'payments' });
    await ledger.capture(id, (await ledger.hold(id, 9_000, 'big')).id); // allocation 1 left
    const h = await ledger.hold(id, 1_500, 'pending'); // 1.0 from allocation, 0.5 from purchased
    clock = Date.UTC(2026, 7, 1);
    await ledger.runMonthlyResets({ userId: id }); // allocation := 10 (not 10 + anything left)
    expect(await ledger.getAccount(id)).toMatchObject({ allocationMt: 10_000, purchasedMt: 4_500 });
    await ledger.release(id, h.id); // the 1.0 of July's allocation expired with July; 0.5 purchased comes back
    expect(await ledger.getAccount(id)).toMatchObject({ allocationMt: 10_000, purchasedMt: 5_000, heldAllocationMt: 0, heldPurchasedMt: 0 });
    expect(await ledger.reconcile({ userId: id })).toMatchObject({ ok: true });
  });
});
