import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import { createTokensService } from './tokens-service.ts';

/**
 * Basic → Pro → Basic in one period must not keep Pro's tokens when the provider downgraded at once (it
 * then bills Basic again and credits the unused Pro time). Periods here: Apr 1 → May 1 (30 days), so the
 * half-way point is Apr 16 and the Pro upgrade adds (200 − 50) × 0.5 = 75 tokens.
 */
describeEachDatabase('upgrade, then an immediate downgrade', (kind) => {
  let db: Database;
  let clock = 0;
  const ledger = () => createTokensService(db, { now: () => new Date(clock) });
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(async () => db?.close());

  /** A Basic user from Apr 1, upgraded to Pro on Apr 16 (+75). */
  async function basicThenProHalfWay() {
    const l = ledger();
    const { id } = await insertTestUser(db);
    clock = Date.UTC(2026, 3, 1);
    await l.changeTier(id, 'Basic', { actor: 'payments' });
    clock = Date.UTC(2026, 3, 16);
    const up = await l.changeTier(id, 'Pro', { actor: 'payments', idempotencyKey: `${id}:up` });
    expect(up).toMatchObject({ applied: 'now', addedMt: 75_000 }); // 150,000 × 0.5
    expect(up.account.allocationMt).toBe(125_000); // 50 + 75
    return { l, id };
  }

  async function spend(l: ReturnType<typeof ledger>, id: string, mt: number, key: string) {
    await l.capture(id, (await l.hold(id, mt, key)).id);
  }

  it('spent 30: takes back min(75 grant, 95 unspent) = 75 → 125 − 30 − 75 = 20, i.e. Basic 50 − 30; the period goes on', async () => {
    const { l, id } = await basicThenProHalfWay();
    await spend(l, id, 30_000, 'spend-30'); // 125 − 30 = 95
    clock = Date.UTC(2026, 3, 17);
    const down = await l.changeTier(id, 'Basic', { actor: 'payments', downgradeNow: true, idempotencyKey: `${id}:down` });
    expect(down).toMatchObject({ applied: 'now', addedMt: -75_000 });
    expect(down.account).toMatchObject({
      tier: 'Basic',
      previousTier: 'Pro',
      pendingTier: null,
      allocationMt: 20_000,
      nextResetDate: '2026-05-01T00:00:00.000Z',
    });

    // The same provider event again takes nothing more.
    expect(await l.changeTier(id, 'Basic', { actor: 'payments', downgradeNow: true, idempotencyKey: `${id}:down` })).toMatchObject({
      applied: 'none',
      addedMt: 0,
    });
    expect((await l.getAccount(id)).allocationMt).toBe(20_000);
    const [entry] = await l.listEntries(id, { limit: 1 });
    expect(entry).toMatchObject({ reason: 'tier_change', deltaAllocationMt: -75_000, balanceBeforeMt: 95_000, balanceAfterMt: 20_000 });
    expect(entry!.meta).toMatchObject({ from: 'Pro', to: 'Basic', plan: 'downgrade-now', owed_mt: 75_000, taken_back_mt: 75_000 });

    clock = Date.UTC(2026, 4, 1);
    expect(await l.runMonthlyResets({ userId: id })).toBe(1);
    expect(await l.getAccount(id)).toMatchObject({ tier: 'Basic', allocationMt: 50_000 });
    expect(await l.reconcile({ userId: id })).toMatchObject({ ok: true });
  });

  it('spent 110 and 10 held: only the 15 unspent is taken back (not 75), allocation 0, never negative; purchased tokens untouched', async () => {
    const { l, id } = await basicThenProHalfWay();
    await l.creditPurchase(id, { amountMt: 20_000, idempotencyKey: 'cs_topup', actor: 'payments' });
    await spend(l, id, 100_000, 'spend-100'); // allocation 125 − 100 = 25
    const held = await l.hold(id, 10_000, 'held-10'); // allocation 15 left, 10 held (counts as spent)
    clock = Date.UTC(2026, 3, 20);
    const down = await l.changeTier(id, 'Basic', { actor: 'payments', downgradeNow: true });
    expect(down.addedMt).toBe(-15_000); // min(75, 15)
    expect(down.account).toMatchObject({ tier: 'Basic', allocationMt: 0, heldAllocationMt: 10_000, purchasedMt: 20_000, availableMt: 20_000 });
    const [entry] = await l.listEntries(id, { limit: 1 });
    expect(entry!.meta).toMatchObject({ owed_mt: 75_000, taken_back_mt: 15_000 });
    await l.capture(id, held.id);
    expect(await l.getAccount(id)).toMatchObject({ allocationMt: 0, heldAllocationMt: 0, purchasedMt: 20_000 });
    expect(await l.reconcile({ userId: id })).toMatchObject({ ok: true });
  });

  it('a downgrade scheduled for the period end keeps Pro (and its 95 unspent) until May 1, then Basic 50', async () => {
    const { l, id } = await basicThenProHalfWay();
    await spend(l, id, 30_000, 'spend-30');
    clock = Date.UTC(2026, 3, 17);
    const down = await l.changeTier(id, 'Basic', { actor: 'payments' });
    expect(down).toMatchObject({ applied: 'at-period-end', addedMt: 0 });
    expect(down.account).toMatchObject({ tier: 'Pro', pendingTier: 'Basic', allocationMt: 95_000 });
    clock = Date.UTC(2026, 4, 1);
    expect(await l.runMonthlyResets({ userId: id })).toBe(1);
    expect(await l.getAccount(id)).toMatchObject({ tier: 'Basic', pendingTier: null, previousTier: 'Pro', allocationMt: 50_000 });
  });

  it('a period that began on Pro (no upgrade in it): downgrading now on Apr 16 takes back (200 − 50) × 0.5 = 75 → 200 − 75 = 125', async () => {
    const l = ledger();
    const { id } = await insertTestUser(db);
    clock = Date.UTC(2026, 3, 1);
    await l.changeTier(id, 'Pro', { actor: 'payments' });
    clock = Date.UTC(2026, 3, 16);
    const down = await l.changeTier(id, 'Basic', { actor: 'payments', downgradeNow: true });
    expect(down.addedMt).toBe(-75_000);
    expect(down.account).toMatchObject({ tier: 'Basic', allocationMt: 125_000 });
    const [entry] = await l.listEntries(id, { limit: 1 });
    expect(entry!.meta).toMatchObject({ basis: 'remaining-fraction', owed_mt: 75_000, taken_back_mt: 75_000 });
  });
});
