import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import { createTokensService } from './tokens-service.ts';

describeEachDatabase('float trap', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(async () => db?.close());

  it('ten costs of 0.1 then a cost of 1.0 on a balance of 2.0 → allowed', async () => {
    // In floats: 2.0 − 0.1 × 10 (one at a time) = 0.9999999999999999 < 1.0, which would refuse the last one.
    let floatBalance = 2.0;
    for (let i = 0; i < 10; i++) floatBalance -= 0.1;
    expect(floatBalance).toBeLessThan(1.0);

    // In milli-tokens: 2000 − 100 × 10 = 1000 ≥ 1000 → allowed, leaving exactly 0.
    const ledger = createTokensService(db);
    const { id } = await insertTestUser(db);
    await ledger.openAccount(id);
    await ledger.adjust(id, -8_000, { bucket: 'allocation', reason: 'set up a balance of 2.0', actor: 'test' });
    expect((await ledger.getAccount(id)).availableMt).toBe(2_000);
    for (let i = 0; i < 10; i++) await ledger.capture(id, (await ledger.hold(id, 100, `tenth-${i}`)).id);
    const last = await ledger.hold(id, 1_000, 'one');
    await ledger.capture(id, last.id);
    expect((await ledger.getAccount(id)).availableMt).toBe(0);
    await expect(ledger.hold(id, 1, 'one-more')).rejects.toMatchObject({ code: 'INSUFFICIENT_TOKENS' });
  });
});
