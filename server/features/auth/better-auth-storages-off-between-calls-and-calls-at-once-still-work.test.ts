import { getCurrentAuthContextAsyncLocalStorage, getCurrentDBAdapterAsyncLocalStorage, getRequestStateAsyncLocalStorage } from '@better-auth/core/context';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { signUpAndVerify } from '../../test/auth.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestDatabase, describeEachDatabase } from '../../test/db.ts';

/** Whether any of better-auth's request storages still has async_hooks' promise tracking on (Node's `enabled` flag; AsyncContextFrame storages, Node 24's default, have none and track nothing). */
async function anyStorageOn(): Promise<boolean> {
  const storages = await Promise.all([getCurrentAuthContextAsyncLocalStorage(), getRequestStateAsyncLocalStorage(), getCurrentDBAdapterAsyncLocalStorage()]);
  return storages.some((s) => Reflect.get(s, 'enabled') === true);
}

describeEachDatabase('better-auth calls and the process-wide promise tracking', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(async () => db?.close());

  it('after sign-up, verification and a session read, none of its storages is left on', async () => {
    const t = await createTestApp(db);
    const user = await signUpAndVerify(t);
    expect((await t.json('GET', '/api/auth/get-session', undefined, { cookie: user.cookie })).status).toBe(200);
    expect(await anyStorageOn()).toBe(false);
  });

  it('two users’ session reads and a sign-in, 9 calls at once: each answer is its own user’s; storages off after the last', async () => {
    const t = await createTestApp(db);
    const a = await signUpAndVerify(t, { firstName: 'Ada' });
    const b = await signUpAndVerify(t, { firstName: 'Bob' });
    const calls = [
      ...Array.from({ length: 4 }, () => t.json('GET', '/api/auth/get-session', undefined, { cookie: a.cookie })),
      ...Array.from({ length: 4 }, () => t.json('GET', '/api/auth/get-session', undefined, { cookie: b.cookie })),
      t.json('POST', '/api/auth/sign-in/email', { email: a.email, password: a.password }),
    ];
    const answers = await Promise.all(calls);
    expect(answers.map((r) => r.status)).toEqual(Array(9).fill(200));
    expect(answers.slice(0, 8).map((r) => r.body.user.email)).toEqual([...Array(4).fill(a.email), ...Array(4).fill(b.email)]);
    expect(answers[8]!.body.user.email).toBe(a.email);
    expect(await anyStorageOn()).toBe(false);
    // A signed-in API call still finds its user with the storages off (the session reader's own path).
    expect((await t.json('GET', '/api/tokens', undefined, { cookie: b.cookie })).status).toBe(200);
  });
});
