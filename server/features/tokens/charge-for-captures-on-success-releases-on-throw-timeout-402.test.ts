import { afterAll, beforeAll, expect, it } from 'vitest';
import { getActionCostMt } from '../../../core/tokens/costs.ts';
import type { Database } from '../../adapters/db/index.ts';
import { isAppError } from '../../lib/errors.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import { createTokensService } from './tokens-service.ts';

describeEachDatabase('chargeFor: the cost from the catalogue, captured only when the work succeeds', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(async () => db?.close());

  const newAccount = async () => {
    const ledger = createTokensService(db);
    const { id } = await insertTestUser(db);
    await ledger.openAccount(id);
    return { ledger, id };
  };

  it('a technical analysis costs 0.800: 10.000 − 0.800 = 9.200, one captured hold, the result returned', async () => {
    const { ledger, id } = await newAccount();
    expect(getActionCostMt('technical')).toBe(800);
    const charged = await ledger.chargeFor(id, 'technical', 'run-1', async ({ hold }) => ({ rating: 'Buy', heldMt: hold.costMt }));
    expect(charged).toMatchObject({ result: { rating: 'Buy', heldMt: 800 }, costMt: 800, hold: { status: 'captured', costMt: 800 } });
    expect((await ledger.getAccount(id)).availableMt).toBe(9_200);
    expect((await ledger.listHolds(id))[0]).toMatchObject({ status: 'captured', costMt: 800 });
    // The hold's ledger row names the action, so the token activity can say what was bought.
    const entries = await ledger.listEntries(id);
    expect(entries.find((e) => e.reason === 'hold')).toMatchObject({ meta: { action: 'technical' } });
  });

  it('work that throws charges nothing: the hold is released, the error rethrown, 10.000 stays 10.000', async () => {
    const { ledger, id } = await newAccount();
    await expect(
      ledger.chargeFor(id, 'dcf', 'run-2', async () => {
        throw new Error('engine failed');
      }),
    ).rejects.toThrow('engine failed');
    expect((await ledger.getAccount(id)).availableMt).toBe(10_000);
    expect((await ledger.listHolds(id))[0]).toMatchObject({ status: 'released', costMt: 1_000 });
  });

  it('work that outlives its timeout is aborted, released and answered TIMEOUT; a late result is discarded', async () => {
    const { ledger, id } = await newAccount();
    let aborted = false;
    let finishLate: () => void = () => {};
    const late = new Promise<void>((resolve) => (finishLate = resolve));
    const run = ledger.chargeFor(
      id,
      'balance-sheet',
      'run-3',
      async ({ signal }) => {
        signal.addEventListener('abort', () => (aborted = true));
        await late;
        return 'too late';
      },
      { timeoutMs: 50 },
    );
    await expect(run).rejects.toSatisfy((e) => isAppError(e) && e.code === 'TIMEOUT' && e.status === 504);
    finishLate();
    expect(aborted).toBe(true);
    expect((await ledger.getAccount(id)).availableMt).toBe(10_000);
    expect((await ledger.listHolds(id))[0]).toMatchObject({ status: 'released', costMt: 1_200 });
  });

  it('a balance that cannot cover the cost is refused 402 before the work runs', async () => {
    const { ledger, id } = await newAccount();
    // 10.000 − 8 × 1.200 = 0.400 left, less than a 0.500 overview.
    for (let i = 0; i < 8; i++) await ledger.chargeFor(id, 'balance-sheet', `spend-${i}`, async () => i);
    expect((await ledger.getAccount(id)).availableMt).toBe(400);
    let ran = false;
    await expect(
      ledger.chargeFor(id, 'overview', 'run-4', async () => {
        ran = true;
      }),
    ).rejects.toSatisfy((e) => isAppError(e) && e.code === 'INSUFFICIENT_TOKENS');
    expect(ran).toBe(false);
    expect((await ledger.getAccount(id)).availableMt).toBe(400);
    expect(await ledger.reconcile({ userId: id })).toMatchObject({ ok: true });
  });
});
