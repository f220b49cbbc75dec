import type { DatabaseKind } from './db.ts';
import { startTestApp, type TestAppOptions } from './app.ts';
import { insertTestUser } from './users.ts';
import { createLedgerService, type Tier } from '../features/tokens/index.ts';

/** Pro's monthly allocation: a Free account upgraded to Pro starts a period with 200 tokens (200 000 mt). */
export const PRO_BALANCE_MT = 200_000;

/**
 * The real app on a fresh database, users on a chosen plan, their keys created through /api/api-keys (as
 * /settings does) and /api/v1 called with `Authorization: Bearer`, as an API client would.
 */
export async function startPublicApiTest(kind: DatabaseKind, options: Omit<TestAppOptions, 'actAsHeader'> = {}) {
  const { db, t } = await startTestApp(kind, { ...options, actAsHeader: true });
  const ledger = createLedgerService(db);

  async function createUser(tier: Tier = 'Pro'): Promise<string> {
    const { id } = await insertTestUser(db);
    await ledger.openAccount(id);
    if (tier !== 'Free') await ledger.changeTier(id, tier, { actor: 'operator:test' });
    return id;
  }

  const session = (userId: string) => ({
    list: () => t.json('GET', '/api/api-keys', undefined, { 'x-test-user-id': userId }),
    create: (body: unknown) => t.json('POST', '/api/api-keys', body, { 'x-test-user-id': userId }),
    revoke: (id: string) => t.json('DELETE', `/api/api-keys/${id}`, undefined, { 'x-test-user-id': userId }),
  });

  /** A new key of `userId` (who must be allowed one) with these scopes: its secret and id. */
  async function createKey(userId: string, scopes: string[] = ['read', 'analyses']): Promise<{ secret: string; id: string }> {
    const res = await session(userId).create({ name: 'test key', scopes });
    if (res.status !== 201) throw new Error(`creating a key answered ${res.status}: ${JSON.stringify(res.body)}`);
    return { secret: res.body.secret, id: res.body.key.id };
  }

  /** /api/v1 with this Authorization header value (no Origin, no cookie: a server-side client). */
  const v1 = (authorization: string | null) => {
    const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      t.json(method, `/api/v1${path}`, body, { origin: '', ...(authorization === null ? {} : { authorization }), ...headers });
    return {
      get: (path: string) => call('GET', path),
      post: (path: string, body: unknown, headers?: Record<string, string>) => call('POST', path, body, headers),
    };
  };
  const withKey = (secret: string) => v1(`Bearer ${secret}`);

  const balanceMt = async (userId: string) => (await ledger.getAccount(userId)).availableMt;

  return { db, t, ledger, createUser, session, createKey, v1, withKey, balanceMt };
}

export type PublicApiTest = Awaited<ReturnType<typeof startPublicApiTest>>;
