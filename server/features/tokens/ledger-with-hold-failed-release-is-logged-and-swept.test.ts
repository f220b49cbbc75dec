import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database, PreparedStatement } from '../../adapters/db/index.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import { settleStatements } from './tokens-statements-store.ts';
import { createTokensService } from './tokens-service.ts';

/** The same database, except that the release statement fails (a connection lost at the worst moment). */
function breakRelease(db: Database): Database {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'run') {
        return (statement: PreparedStatement, values: Record<string, unknown>) =>
          statement === settleStatements.released ? Promise.reject(new Error('connection lost during release')) : target.run(statement, values);
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describeEachDatabase('withHold when the release after failed work fails too', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(async () => db?.close());

  it('logs the user, hold and error, rethrows the work’s error, and the sweeper returns 1.2 after the TTL (8.8 → 10)', async () => {
    let clock = Date.UTC(2026, 3, 1, 12);
    const now = () => new Date(clock);
    const records: Array<Record<string, unknown>> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => records.push(JSON.parse(line) as Record<string, unknown>) });
    const ledger = createTokensService(breakRelease(db), { now, logger });
    const sweeper = createTokensService(db, { now });
    const { id } = await insertTestUser(db);
    expect((await ledger.openAccount(id)).availableMt).toBe(10_000);

    const ttlMs = 60_000;
    await expect(
      ledger.withHold(id, { costMt: 1_200, idempotencyKey: 'analysis-1', ttlMs }, async () => {
        throw new Error('the analysis failed');
      }),
    ).rejects.toThrow('the analysis failed');

    const [pending] = await sweeper.listHolds(id);
    expect(pending).toMatchObject({ status: 'pending', costMt: 1_200, fromAllocationMt: 1_200 });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ level: 50, userId: id, holdId: pending!.id, err: { message: 'connection lost during release' } });

    // Left for the sweeper: 10 − 1.2 = 8.8 available, 1.2 held, until the TTL has passed.
    expect(await sweeper.getAccount(id)).toMatchObject({ availableMt: 8_800, heldAllocationMt: 1_200 });
    clock += ttlMs - 1;
    expect(await sweeper.expireStaleHolds({ userId: id })).toBe(0);
    clock += 1;
    expect(await sweeper.expireStaleHolds({ userId: id })).toBe(1);

    // 8.8 + 1.2 = 10: the allocation is back, nothing held, one expire entry by the sweeper.
    expect(await sweeper.getAccount(id)).toMatchObject({ availableMt: 10_000, allocationMt: 10_000, heldAllocationMt: 0 });
    expect((await sweeper.listHolds(id))[0]).toMatchObject({ id: pending!.id, status: 'expired' });
    const [expireEntry] = await sweeper.listEntries(id, { limit: 1 });
    expect(expireEntry).toMatchObject({
      reason: 'expire',
      holdId: pending!.id,
      deltaAllocationMt: 1_200,
      deltaHeldAllocationMt: -1_200,
      balanceBeforeMt: 8_800,
      balanceAfterMt: 10_000,
      actor: 'system:sweeper',
    });
    expect(await sweeper.reconcile({ userId: id })).toMatchObject({ ok: true });
  });
});
