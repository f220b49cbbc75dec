import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { signUpAndVerify } from '../../test/auth.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { normalizeUserFields } from './auth.ts';

/** better-auth endpoints the web never calls: each would change or show an account past our rules. */
const unused: Array<[method: 'GET' | 'POST', path: string, body?: unknown]> = [
  ['POST', '/api/auth/update-user', { name: 'x'.repeat(272_000), image: 'javascript:alert(1)' }],
  ['POST', '/api/auth/change-email', { newEmail: 'taken.over@example.test' }],
  ['POST', '/api/auth/delete-user', {}],
  ['POST', '/api/auth/revoke-sessions', {}],
  ['POST', '/api/auth/revoke-other-sessions', {}],
  ['POST', '/api/auth/update-session', { expiresAt: '2999-01-01T00:00:00Z' }],
  ['POST', '/api/auth/verify-password', { password: 'correct horse battery staple' }],
  ['POST', '/api/auth/link-social', { provider: 'google' }],
  ['POST', '/api/auth/unlink-account', { providerId: 'credential' }],
  ['GET', '/api/auth/list-sessions'],
  ['GET', '/api/auth/list-accounts'],
  ['GET', '/api/auth/reset-password/some-token'],
  ['GET', '/api/auth/ok'],
];

describeEachDatabase("better-auth's endpoints the app does not use answer 404 and change nothing", (kind) => {
  let db: Database;
  let t: TestApp;
  beforeAll(async () => ({ db, t } = await startTestApp(kind)));
  afterAll(async () => db?.close());

  const readAccount = async (userId: string) => {
    const [row] = await db.query<{ name: string; email: string; image: string | null; sessions: number; expires: string }>(sql`
      SELECT u.name, u.email, u.image, count(s.id)::int AS sessions, max(s.expires_at)::text AS expires
      FROM "user" u LEFT JOIN session s ON s.user_id = u.id WHERE u.id = ${userId} GROUP BY u.id`);
    return row;
  };

  it('update-user with a 272,000-character name, change-email, delete-user, list-sessions…: 404 NOT_FOUND, the account as it was', async () => {
    const u = await signUpAndVerify(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const before = await readAccount(u.userId);
    expect(before).toMatchObject({ name: 'Ada Lovelace', sessions: 1 });
    for (const [method, path, body] of unused) {
      const res = await t.json(method, path, body, { cookie: u.cookie });
      expect([path, res.status, res.body?.error?.code]).toEqual([path, 404, 'NOT_FOUND']);
    }
    expect(await readAccount(u.userId)).toEqual(before);
    expect((await t.json('GET', '/api/profile', undefined, { cookie: u.cookie })).status).toBe(200);
    // Names change through PATCH /api/profile, which keeps the 100-character rule.
    const long = await t.json('PATCH', '/api/profile', { first_name: 'y'.repeat(101) }, { cookie: u.cookie });
    expect(long.status).toBe(400);
  });

  it('what better-auth would still write to a user row (sign-up, Google) is held to the same bounds', () => {
    expect(normalizeUserFields({ name: ` ${'n'.repeat(300)} `, image: 'javascript:alert(1)' })).toEqual({ name: 'n'.repeat(201), image: null });
    expect(normalizeUserFields({ image: 'https://lh3.googleusercontent.com/a/photo.jpg' }).image).toBe('https://lh3.googleusercontent.com/a/photo.jpg');
    expect(normalizeUserFields({ image: `https://example.test/${'a'.repeat(2048)}` }).image).toBeNull();
    expect(normalizeUserFields({ name: 'Ada Lovelace', emailVerified: true } as { name: string })).toEqual({ name: 'Ada Lovelace', emailVerified: true });
  });
});
