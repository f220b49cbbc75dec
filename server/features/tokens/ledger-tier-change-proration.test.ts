import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import { createTokensService } from './tokens-service.ts';

describeEachDatabase('tier changes', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(async () => db?.close());

  it('Free → Basic starts a new period with 50; Basic → Pro a third in adds 150 × 2/3 = 100', async () => {
    let clock = Date.UTC(2026, 3, 5, 12); // Apr 5
    const ledger = createTokensService(db, { now: () => new Date(clock) });
    const { id } = await insertTestUser(db);
    await ledger.openAccount(id);
    await ledger.capture(id, (await ledger.hold(id, 3_000, 'spend')).id); // Free allocation 7 left

    clock = Date.UTC(2026, 3, 10, 0);
    const up = await ledger.changeTier(id, 'Basic', { actor: 'payments', idempotencyKey: 'sub_1:basic' });
    // The Free remainder (7) is replaced by Basic's full 50; the period now runs Apr 10 → May 10 (30 days).
    expect(up).toMatchObject({ applied: 'now', addedMt: 43_000 });
    expect(up.account).toMatchObject({
      tier: 'Basic',
      previousTier: 'Free',
      allocationMt: 50_000,
      periodStart: '2026-04-10T00:00:00.000Z',
      nextResetDate: '2026-05-10T00:00:00.000Z',
    });

    // 10 of 30 days gone: remaining fraction 20/30 = 0.666667 (6 decimals); 150,000 mt × 0.666667 = 100,000.05 → 100,000.
    clock = Date.UTC(2026, 3, 20, 0);
    const pro = await ledger.changeTier(id, 'Pro', { actor: 'payments', idempotencyKey: 'sub_1:pro' });
    expect(pro).toMatchObject({ applied: 'now', addedMt: 100_000 });
    expect(pro.account).toMatchObject({
      tier: 'Pro',
      previousTier: 'Basic',
      prorationFactor: 0.666667,
      allocationMt: 150_000,
      lastTierChange: '2026-04-20T00:00:00.000Z',
    });

    // The same provider event again changes nothing.
    expect(await ledger.changeTier(id, 'Pro', { actor: 'payments', idempotencyKey: 'sub_1:pro' })).toMatchObject({ applied: 'none', addedMt: 0 });
    expect((await ledger.getAccount(id)).allocationMt).toBe(150_000);
    expect(await ledger.reconcile({ userId: id })).toMatchObject({ ok: true });
  });

  it('downgrade and cancel wait for the period end, then the reset applies them', async () => {
    let clock = Date.UTC(2026, 0, 31, 8); // Jan 31
    const ledger = createTokensService(db, { now: () => new Date(clock) });
    const { id } = await insertTestUser(db);
    await ledger.changeTier(id, 'Pro', { actor: 'payments' });
    await ledger.creditPurchase(id, { amountMt: 20_000, idempotencyKey: 'cs_pro', actor: 'payments' });

    clock = Date.UTC(2026, 1, 10);
    const down = await ledger.changeTier(id, 'Basic', { actor: 'payments' });
    expect(down).toMatchObject({ applied: 'at-period-end', addedMt: 0 });
    expect(down.account).toMatchObject({ tier: 'Pro', pendingTier: 'Basic', allocationMt: 200_000 });

    clock = Date.UTC(2026, 1, 28, 8); // Jan 31 + 1 month = Feb 28
    expect(await ledger.runMonthlyResets({ userId: id })).toBe(1);
    expect(await ledger.getAccount(id)).toMatchObject({
      tier: 'Basic',
      pendingTier: null,
      previousTier: 'Pro',
      allocationMt: 50_000,
      purchasedMt: 20_000,
      nextResetDate: '2026-03-31T08:00:00.000Z',
    });

    await ledger.changeTier(id, 'Free', { actor: 'payments' }); // cancel
    clock = Date.UTC(2026, 2, 31, 8);
    await ledger.runMonthlyResets({ userId: id });
    expect(await ledger.getAccount(id)).toMatchObject({
      tier: 'Free',
      previousTier: 'Basic',
      allocationMt: 10_000,
      purchasedMt: 20_000,
      nextResetDate: '2026-04-30T08:00:00.000Z',
    });
    expect(await ledger.reconcile({ userId: id })).toMatchObject({ ok: true });
  });

  it('re-subscribing before the period end cancels the pending downgrade', async () => {
    const ledger = createTokensService(db);
    const { id } = await insertTestUser(db);
    await ledger.changeTier(id, 'Basic', { actor: 'payments' });
    await ledger.changeTier(id, 'Free', { actor: 'payments' });
    expect((await ledger.getAccount(id)).pendingTier).toBe('Free');
    const again = await ledger.changeTier(id, 'Basic', { actor: 'payments' });
    expect(again).toMatchObject({ applied: 'none' });
    expect(again.account).toMatchObject({ tier: 'Basic', pendingTier: null });
  });

  it('the provider period end is stored as actual_billing_period_end', async () => {
    const ledger = createTokensService(db);
    const { id } = await insertTestUser(db);
    const end = new Date('2026-12-24T10:00:00.000Z');
    const r = await ledger.changeTier(id, 'Basic', { actor: 'payments', billingPeriodEnd: end });
    expect(r.account.actualBillingPeriodEnd).toBe(end.toISOString());
  });
});
