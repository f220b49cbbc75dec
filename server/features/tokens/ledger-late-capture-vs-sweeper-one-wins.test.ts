import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { isAppError } from '../../lib/errors.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';
import { insertTestUser } from '../../test/users.ts';
import { createTokensService } from './tokens-service.ts';

describeEachDatabase(
  'a late capture racing the sweeper',
  (kind) => {
    let db: Database;
    beforeAll(async () => {
      db = await createTestDatabase(kind);
    });
    afterAll(async () => db?.close());

    it('100 times: exactly one of capture and expire wins each time, and the balance matches the winner', async () => {
      let clock = Date.UTC(2026, 3, 1);
      const ledger = createTokensService(db, { now: () => new Date(clock) });
      // A second service stands in for the sweeper of another app process.
      const sweeper = createTokensService(db, { now: () => new Date(clock) });
      const { id } = await insertTestUser(db);
      await ledger.openAccount(id);
      let captures = 0;
      let expiries = 0;
      for (let i = 0; i < 100; i++) {
        const before = (await ledger.getAccount(id)).availableMt;
        const h = await ledger.hold(id, 10, `race-${i}`, { ttlMs: 1000 });
        clock += 1001; // past the TTL: the sweeper may take it, the late capture may still land first
        const [cap, swept] = await Promise.allSettled([ledger.capture(id, h.id), sweeper.expireStaleHolds({ userId: id })]);
        const captured = cap.status === 'fulfilled';
        const expired = swept.status === 'fulfilled' ? swept.value : -1;
        if (!captured) expect(isAppError((cap as PromiseRejectedResult).reason) && (cap as PromiseRejectedResult).reason.code).toBe('HOLD_NOT_PENDING');
        expect(Number(captured) + expired).toBe(1);
        captures += Number(captured);
        expiries += expired;
        // Captured: 10 mt spent. Expired: all back.
        expect((await ledger.getAccount(id)).availableMt).toBe(captured ? before - 10 : before);
      }
      expect(captures + expiries).toBe(100);
      expect(await ledger.reconcile({ userId: id })).toMatchObject({ ok: true });
    });
  },
  { alsoOnWorker: true },
);
