import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Database, PreparedStatement } from '../../adapters/db/index.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import { createTokensService } from './tokens-service.ts';

describeEachDatabase('account reads asked together', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(async () => db?.close());

  it('20 users read at once: at most 2 statements, each user gets their own balance (10 + i tokens)', async () => {
    const ledger = createTokensService(db);
    const users: string[] = [];
    for (let i = 0; i < 20; i++) {
      const { id } = await insertTestUser(db);
      await ledger.openAccount(id);
      if (i > 0) await ledger.grantAllocation(id, i * 1000, { idempotencyKey: `bonus-${i}`, actor: 'operator:test' });
      users.push(id);
    }
    const run = vi.spyOn(db, 'run');
    const accounts = await Promise.all(users.map((id) => ledger.getAccount(id)));
    const reads = run.mock.calls.filter(([s]) => (s as PreparedStatement).name === 'ledger_read_accounts').length;
    run.mockRestore();
    expect(reads).toBeGreaterThanOrEqual(1);
    expect(reads).toBeLessThanOrEqual(2);
    expect(accounts.map((a) => a.userId)).toEqual(users);
    expect(accounts.map((a) => a.availableMt)).toEqual(users.map((_, i) => 10_000 + i * 1000));
  });

  it('a read asked after a charge commits sees it, even while another read of the same user is in flight', async () => {
    const ledger = createTokensService(db);
    const { id } = await insertTestUser(db);
    await ledger.openAccount(id);
    const before = ledger.getAccount(id);
    const hold = await ledger.hold(id, 1200, 'charge-1');
    await ledger.capture(id, hold.id);
    const after = await ledger.getAccount(id);
    expect([10_000, 8800]).toContain((await before).availableMt);
    expect(after.availableMt).toBe(10_000 - 1200);
  });

  it('a user with no account yet in a batch gets one opened (Free, 10 tokens); the others are unaffected', async () => {
    const ledger = createTokensService(db);
    const opened = await insertTestUser(db);
    await ledger.openAccount(opened.id);
    const fresh = await insertTestUser(db);
    const [a, b] = await Promise.all([ledger.getAccount(opened.id), ledger.getAccount(fresh.id)]);
    expect([a.tier, a.availableMt, b.tier, b.availableMt]).toEqual(['Free', 10_000, 'Free', 10_000]);
  });
});
