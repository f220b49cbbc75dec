import { startTestApp } from './app.ts';
import type { DatabaseKind } from './db.ts';
import { insertTestUser } from './users.ts';
import { createLedgerService } from '../features/tokens/index.ts';

/** The real app acting by header, users with an opened token account, and what the compare tests read: balances and holds. */
export async function startCompareTest(kind: DatabaseKind) {
  const { db, t } = await startTestApp(kind, { actAsHeader: true });
  const ledger = createLedgerService(db);
  async function createUser(): Promise<string> {
    const { id } = await insertTestUser(db);
    await ledger.openAccount(id);
    return id;
  }
  const as = (userId: string) => {
    const h = { 'x-test-user-id': userId };
    return {
      compare: (symbols?: string) =>
        t.json('GET', symbols === undefined ? '/api/compare' : `/api/compare?symbols=${encodeURIComponent(symbols)}`, undefined, h),
      get: (path: string) => t.json('GET', path, undefined, h),
      post: (path: string, body: unknown, key?: string) => t.json('POST', path, body, { ...h, ...(key ? { 'idempotency-key': key } : {}) }),
    };
  };
  /** What the ledger says: the available balance and how many holds were ever taken. */
  const accountOf = async (userId: string) => ({ availableMt: (await ledger.getAccount(userId)).availableMt, holds: (await ledger.listHolds(userId)).length });
  return { db, t, createUser, as, accountOf };
}
