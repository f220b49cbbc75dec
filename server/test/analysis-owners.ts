import type { DatabaseKind } from './db.ts';
import { startTestApp, type TestAppOptions } from './app.ts';
import { insertTestUser } from './users.ts';
import { createLedgerService } from '../features/tokens/index.ts';

/**
 * The app with `x-test-user-id` sign-in, for suites about what an owner does with a stored analysis
 * (export, share): users with the opening 10 tokens, a run, and raw requests that keep binary bodies.
 */
export async function startAnalysisOwnersTest(kind: DatabaseKind, options: TestAppOptions = {}) {
  const { db, t } = await startTestApp(kind, { ...options, actAsHeader: true });
  const ledger = createLedgerService(db);

  async function createUser(name = 'Test User'): Promise<string> {
    const { id } = await insertTestUser(db, { name });
    await ledger.openAccount(id);
    return id;
  }

  /** A raw request as `userId` (null: signed out); the body stays bytes for PDFs. */
  async function request(userId: string | null, method: string, path: string, body?: unknown) {
    const res = await t.app.request(path, {
      method,
      headers: {
        origin: t.ctx.env.BASE_URL,
        ...(userId ? { 'x-test-user-id': userId } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
  }

  const json = (userId: string | null, method: string, path: string, body?: unknown) => t.json(method, path, body, userId ? { 'x-test-user-id': userId } : {});

  async function runAnalysis(userId: string, body: { symbol: string; kind: string; subtype?: string }) {
    const r = await json(userId, 'POST', '/api/analyses', body);
    if (r.status !== 201) throw new Error(`run ${JSON.stringify(body)}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  }

  const availableMt = async (userId: string) => (await ledger.getAccount(userId)).availableMt;

  return { db, t, createUser, request, json, runAnalysis, availableMt };
}

export type AnalysisOwnersTest = Awaited<ReturnType<typeof startAnalysisOwnersTest>>;
