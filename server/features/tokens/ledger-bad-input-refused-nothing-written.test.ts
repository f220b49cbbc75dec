import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../adapters/db/index.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import { createTokensService } from './tokens-service.ts';
import type { LedgerService } from './ledger-types.ts';

describeEachDatabase('bad input is refused with a code and writes nothing', (kind) => {
  let db: Database;
  let ledger: LedgerService;
  let alice: string;
  let bob: string;
  const snapshot = async () =>
    db.query(sql`SELECT
      (SELECT COUNT(*)::int FROM token_ledger) AS entries,
      (SELECT COUNT(*)::int FROM token_holds) AS holds,
      (SELECT COALESCE(SUM(allocation_mt + purchased_mt + held_allocation_mt + held_purchased_mt), 0) FROM user_tokens) AS total,
      (SELECT string_agg(user_id || ':' || subscription_tier || ':' || COALESCE(pending_tier, '-'), ',' ORDER BY user_id) FROM user_tokens) AS tiers`);

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    ledger = createTokensService(db);
    alice = (await insertTestUser(db)).id;
    bob = (await insertTestUser(db)).id;
    await ledger.openAccount(alice);
    await ledger.openAccount(bob);
  });
  afterAll(async () => db?.close());

  const badAmounts: Array<[string, number]> = [
    ['negative', -800],
    ['zero', 0],
    ['fractional below a milli-token', 0.5],
    ['fractional milli-tokens', 800.25],
    ['NaN', Number.NaN],
    ['beyond 10^12 mt', 1e12 + 1],
    ['Infinity', Number.POSITIVE_INFINITY],
  ];

  for (const [label, amount] of badAmounts) {
    it(`amount ${label} (${amount}) → INVALID_AMOUNT for hold, grant, purchase and operator adjust`, async () => {
      const before = await snapshot();
      await expect(ledger.hold(alice, amount, `bad-${label}`)).rejects.toMatchObject({ code: 'INVALID_AMOUNT', field: 'cost' });
      await expect(ledger.grantAllocation(alice, amount, { idempotencyKey: `g-${label}`, actor: 'test' })).rejects.toMatchObject({ code: 'INVALID_AMOUNT' });
      await expect(ledger.creditPurchase(alice, { amountMt: amount, idempotencyKey: `p-${label}`, actor: 'test' })).rejects.toMatchObject({
        code: 'INVALID_AMOUNT',
      });
      // adjust() takes a signed delta (negative = revoke), so only its magnitude can be bad.
      if (!(amount <= 0))
        await expect(ledger.adjust(alice, amount, { bucket: 'purchased', reason: 'x', actor: 'test' })).rejects.toMatchObject({ code: 'INVALID_AMOUNT' });
      expect(await snapshot()).toEqual(before);
    });
  }

  it('an amount passed as a string is refused, not coerced', async () => {
    const before = await snapshot();
    await expect(ledger.hold(alice, '800' as unknown as number, 'str')).rejects.toMatchObject({ code: 'INVALID_AMOUNT' });
    expect(await snapshot()).toEqual(before);
  });

  it('unknown tier names → INVALID_TIER', async () => {
    const before = await snapshot();
    for (const tier of ['Gold', 'pro', '', 'Free ']) {
      await expect(ledger.changeTier(alice, tier as 'Pro', { actor: 'test' })).rejects.toMatchObject({ code: 'INVALID_TIER', field: 'tier' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('capture of a released hold → HOLD_NOT_PENDING; release of a captured one too', async () => {
    const released = await ledger.hold(alice, 500, 'to-release');
    await ledger.release(alice, released.id);
    const captured = await ledger.hold(alice, 500, 'to-capture');
    await ledger.capture(alice, captured.id);
    const before = await snapshot();
    await expect(ledger.capture(alice, released.id)).rejects.toMatchObject({ code: 'HOLD_NOT_PENDING' });
    await expect(ledger.release(alice, captured.id)).rejects.toMatchObject({ code: 'HOLD_NOT_PENDING' });
    expect(await snapshot()).toEqual(before);
  });

  it("a hold used with another user's id → HOLD_NOT_FOUND, Alice's hold stays pending", async () => {
    const h = await ledger.hold(alice, 800, 'alice-work');
    const before = await snapshot();
    await expect(ledger.capture(bob, h.id)).rejects.toMatchObject({ code: 'HOLD_NOT_FOUND' });
    await expect(ledger.release(bob, h.id)).rejects.toMatchObject({ code: 'HOLD_NOT_FOUND' });
    await expect(ledger.capture(alice, 'not-a-uuid')).rejects.toMatchObject({ code: 'HOLD_NOT_FOUND' });
    expect(await snapshot()).toEqual(before);
    expect((await ledger.listHolds(alice, { status: 'pending' })).map((x) => x.id)).toContain(h.id);
  });

  it('a hold for a user id that does not exist → NOT_FOUND', async () => {
    const before = await snapshot();
    await expect(ledger.hold('no-such-user', 800, 'k')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(ledger.creditPurchase('no-such-user', { amountMt: 800, idempotencyKey: 'k', actor: 'test' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await snapshot()).toEqual(before);
  });

  it('a revoke beyond the bucket → INSUFFICIENT_TOKENS, and an operator change needs a reason', async () => {
    const before = await snapshot();
    await expect(ledger.adjust(bob, -10_001, { bucket: 'allocation', reason: 'too much', actor: 'test' })).rejects.toMatchObject({
      code: 'INSUFFICIENT_TOKENS',
    });
    await expect(ledger.adjust(bob, 1000, { bucket: 'allocation', reason: '  ', actor: 'test' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      field: 'reason',
    });
    expect(await snapshot()).toEqual(before);
  });
});
