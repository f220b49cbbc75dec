import { sql } from 'drizzle-orm';
import type { DatabaseKind } from './db.ts';
import { startTestApp, type TestAppOptions } from './app.ts';
import { insertTestUser } from './users.ts';
import type { MarketFeature } from '../features/market/index.ts';
import { createLedgerService } from '../features/tokens/index.ts';
import { type AnalysesServiceDeps, createAnalysesService } from '../features/analyses/analyses-service.ts';

/** Every new account starts Free with 10 tokens (10 000 mt). */
export const OPENING_BALANCE_MT = 10_000;

/**
 * The real app on a fresh database plus what the analyses tests read: balances, holds, raw rows, and a
 * service on the same database for runs with a swapped builder, market or ledger.
 */
export async function startAnalysesTest(kind: DatabaseKind, options: Omit<TestAppOptions, 'actAsHeader'> = {}) {
  const { db, t } = await startTestApp(kind, { ...options, actAsHeader: true });
  const market = (t.features.find((f) => f.name === 'market') as MarketFeature).market;
  const ledger = createLedgerService(db);

  /** A user whose available balance is `balanceMt`: the account opens at 10 tokens, the rest is spent through the ledger. */
  async function createUser(balanceMt = OPENING_BALANCE_MT): Promise<string> {
    const { id } = await insertTestUser(db);
    await ledger.openAccount(id);
    if (balanceMt < OPENING_BALANCE_MT) {
      const h = await ledger.hold(id, OPENING_BALANCE_MT - balanceMt, 'test-spend-down');
      await ledger.capture(id, h.id);
    }
    return id;
  }

  const as = (userId: string) => {
    const headers = (key?: string): Record<string, string> => ({ 'x-test-user-id': userId, ...(key ? { 'idempotency-key': key } : {}) });
    return {
      run: (body: unknown, key?: string) => t.json('POST', '/api/analyses', body, headers(key)),
      stream: (body: unknown, key?: string) =>
        t.app.request('/api/analyses/stream', {
          method: 'POST',
          headers: { origin: t.ctx.env.BASE_URL, 'content-type': 'application/json', ...headers(key) },
          body: JSON.stringify(body),
        }),
      list: (query = '') => t.json('GET', `/api/analyses${query}`, undefined, headers()),
      open: (id: string) => t.json('GET', `/api/analyses/${id}`, undefined, headers()),
    };
  };

  const balanceMt = async (userId: string) => (await ledger.getAccount(userId)).availableMt;
  /** Rows in the table, served or not. */
  const storedRowCount = async (userId: string) =>
    Number((await db.query<{ n: number }>(sql`SELECT count(*) AS n FROM analyses WHERE user_id = ${userId}`))[0]!.n);
  const holdsOf = (userId: string) => ledger.listHolds(userId);
  const serviceWith = (overrides: Partial<AnalysesServiceDeps> = {}) => createAnalysesService({ db, market, ledger, now: () => new Date(), ...overrides });

  return { db, t, market, ledger, createUser, as, balanceMt, storedRowCount, holdsOf, serviceWith };
}

export type AnalysesTest = Awaited<ReturnType<typeof startAnalysesTest>>;
