import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { fromNewClientAddress, signUpAndVerify, uniqueEmail } from '../../test/auth.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/db.ts';

const NUL = '\u0000';

describeEachDatabase('a NUL character sent to /api/auth/* is 400 BAD_REQUEST naming the field (was an empty 500)', (kind) => {
  let db: Database;
  let t: TestApp;
  beforeAll(async () => ({ db, t } = await startTestApp(kind, { env: { TRUST_PROXY: 'true' } })));
  afterAll(async () => db?.close());

  const countUsers = async () => Number((await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM "user"`))[0]!.n);

  it('in JSON bodies of every endpoint that takes one, in query strings and in form posts', async () => {
    const u = await signUpAndVerify(t);
    const signUp = (over: Record<string, string>) => ({
      email: uniqueEmail('nul'),
      password: 'a fine passphrase 3',
      first_name: 'Ada',
      last_name: 'Lovelace',
      ...over,
    });
    const cases: Array<[method: string, path: string, body: unknown, field: string, extra?: Record<string, string>]> = [
      ['POST', '/api/auth/sign-up/email', signUp({ first_name: `Ada${NUL}` }), 'first_name'],
      ['POST', '/api/auth/sign-up/email', signUp({ last_name: NUL }), 'last_name'],
      ['POST', '/api/auth/sign-up/email', signUp({ password: `a fine passphrase${NUL}` }), 'password'],
      ['POST', '/api/auth/sign-up/email', { ...signUp({}), extra: { deep: [`x${NUL}`] } }, 'extra.deep.0'],
      ['POST', '/api/auth/sign-in/email', { email: `${u.email}${NUL}`, password: u.password }, 'email'],
      ['POST', '/api/auth/sign-in/email', { email: u.email, password: `${u.password}${NUL}` }, 'password'],
      ['POST', '/api/auth/request-password-reset', { email: `a${NUL}@example.test` }, 'email'],
      ['POST', '/api/auth/send-verification-email', { email: `a${NUL}@example.test` }, 'email'],
      ['POST', '/api/auth/reset-password', { token: `t${NUL}`, newPassword: 'a fine passphrase 4' }, 'token'],
      ['POST', '/api/auth/change-password', { currentPassword: u.password, newPassword: `new passphrase ${NUL}` }, 'newPassword', { cookie: u.cookie }],
      ['POST', '/api/auth/sign-in/social', { provider: 'google', callbackURL: `/dashboard${NUL}` }, 'callbackURL'],
      ['GET', `/api/auth/verify-email?token=abc%00def`, undefined, 'token'],
    ];
    const users = await countUsers();
    for (const [method, path, body, field, extra] of cases) {
      const res = await t.json(method, path, body, { ...fromNewClientAddress(), ...extra });
      expect([path, res.status, res.body?.error?.code, res.body?.error?.field]).toEqual([path, 400, 'BAD_REQUEST', field]);
      expect(res.body.error.message).toContain('NUL');
    }
    const form = await t.app.request('/api/auth/callback/google', {
      method: 'POST',
      headers: { origin: t.ctx.env.BASE_URL, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'code=abc%00&state=x',
    });
    expect(form.status).toBe(400);
    expect(((await form.json()) as { error: { field: string } }).error.field).toBe('code');
    // Nothing stored: no user, and the account still signs in with its password (no NUL reached it).
    expect(await countUsers()).toBe(users);
    expect((await t.json('POST', '/api/auth/sign-in/email', { email: u.email, password: u.password }, fromNewClientAddress())).status).toBe(200);
  });
});
