import { sql } from 'drizzle-orm';
import type { DatabaseKind } from './db.ts';
import { startTestApp } from './app.ts';
import { insertTestUser } from './users.ts';
import { createLedgerService } from '../features/tokens/index.ts';

/** The real app (real bundled universe) on a fresh database, with helpers to call the screener as anyone. */
export async function startScreenerTest(kind: DatabaseKind) {
  // A clock 5 s into a minute that moves 1 ms a call: rate-limit windows never roll over mid-test, saves still order.
  const start = Math.floor(Date.now() / 60_000) * 60_000 + 5_000;
  let ticks = 0;
  const { db, t } = await startTestApp(kind, { actAsHeader: true, now: () => new Date(start + ticks++) });
  const ledger = createLedgerService(db);

  async function createUser(): Promise<string> {
    const { id } = await insertTestUser(db);
    await ledger.openAccount(id);
    return id;
  }

  const headersOf = (userId?: string): Record<string, string> => (userId ? { 'x-test-user-id': userId } : {});
  const as = (userId?: string, remoteAddress = '127.0.0.1') => ({
    fields: () => t.json('GET', '/api/screener/fields', undefined, headersOf(userId), remoteAddress),
    query: (body: unknown) => t.json('POST', '/api/screener/query', body, headersOf(userId), remoteAddress),
    exportCsv: (body: unknown) => t.json('POST', '/api/screener/export', body, headersOf(userId), remoteAddress),
    listScreens: () => t.json('GET', '/api/screener/screens', undefined, headersOf(userId)),
    saveScreen: (body: unknown) => t.json('POST', '/api/screener/screens', body, headersOf(userId)),
    deleteScreen: (id: string) => t.json('DELETE', `/api/screener/screens/${id}`, undefined, headersOf(userId)),
    runAnalysis: (body: unknown) => t.json('POST', '/api/analyses', body, headersOf(userId)),
  });
  const storedScreenCount = async (userId?: string) =>
    Number(
      (
        await db.query<{ n: number }>(
          userId
            ? sql`SELECT count(*)::int AS n FROM screener_saved_screens WHERE user_id = ${userId}`
            : sql`SELECT count(*)::int AS n FROM screener_saved_screens`,
        )
      )[0]!.n,
    );
  return { db, t, createUser, as, storedScreenCount };
}

export type ScreenerTest = Awaited<ReturnType<typeof startScreenerTest>>;
