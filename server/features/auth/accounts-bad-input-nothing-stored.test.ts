import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { readLatestMail, signUpAndVerify, uniqueEmail } from '../../test/auth.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { describeOnPglite } from '../../test/db.ts';

describeOnPglite('bad input on accounts: clear code and field, nothing stored', (kind) => {
  let db: Database;
  let t: TestApp;
  const count = async (table: 'user' | 'profile_avatars' | 'mail_outbox') =>
    (await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]!.n;
  beforeAll(async () => ({ db, t } = await startTestApp(kind)));
  afterAll(async () => db?.close());

  it('sign-up refuses malformed e-mails, short/long/common passwords and names over 100 characters', async () => {
    const good = { email: uniqueEmail(), password: 'a perfectly fine passphrase', first_name: 'Ann', last_name: 'Lee' };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...good, email: 'not-an-email' }, 'VALIDATION_FAILED', 'email'],
      [{ ...good, password: 'short7!' }, 'WEAK_PASSWORD', 'password'],
      [{ ...good, password: 'x'.repeat(129) }, 'WEAK_PASSWORD', 'password'],
      [{ ...good, password: 'Password1' }, 'WEAK_PASSWORD', 'password'],
      [{ ...good, password: 'iloveyou' }, 'WEAK_PASSWORD', 'password'],
      [{ ...good, first_name: 'A'.repeat(101) }, 'VALIDATION_FAILED', 'first_name'],
      [{ ...good, last_name: '   ' }, 'VALIDATION_FAILED', 'last_name'],
    ];
    const usersBefore = await count('user');
    for (const [body, code, field] of cases) {
      const res = await t.json('POST', '/api/auth/sign-up/email', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error).toMatchObject({ code, field });
    }
    expect(await count('user')).toBe(usersBefore);
    // 128 characters is accepted, and argon2 sees all of them (no truncation).
    const long = `${'long passphrase '.repeat(8)}`.slice(0, 128);
    const ok = await t.json('POST', '/api/auth/sign-up/email', { ...good, password: long });
    expect(ok.status).toBe(200);
  });

  it('PATCH /api/profile refuses names over 100 characters and bad avatar URLs', async () => {
    const u = await signUpAndVerify(t, { firstName: 'Nora', lastName: 'Ng' });
    const tooLong = await t.json('PATCH', '/api/profile', { first_name: 'N'.repeat(101) }, { cookie: u.cookie });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'first_name' });
    const badUrl = await t.json('PATCH', '/api/profile', { avatar_url: 'javascript:alert(1)' }, { cookie: u.cookie });
    expect(badUrl.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'avatar_url' });
    const profile = await t.json('GET', '/api/profile', undefined, { cookie: u.cookie });
    expect(profile.body).toMatchObject({ first_name: 'Nora', avatar_url: null });
  });

  it('avatar upload refuses a non-image and a file over 2 MB; nothing stored', async () => {
    const u = await signUpAndVerify(t);
    const post = (body: BodyInit, type: string) =>
      t.app.request('/api/profile/avatar', { method: 'POST', headers: { origin: 'http://localhost:3000', cookie: u.cookie, 'content-type': type }, body });
    const text = await post('this is not an image', 'image/png');
    expect(text.status).toBe(400);
    expect(((await text.json()) as { error: unknown }).error).toMatchObject({ code: 'INVALID_IMAGE', field: 'avatar' });
    const form = new FormData();
    form.append('avatar', new Blob([new Uint8Array(2 * 1024 * 1024 + 1)], { type: 'image/png' }), 'big.png');
    const big = await post(form as unknown as BodyInit, undefined as unknown as string);
    expect(big.status).toBe(422);
    expect(((await big.json()) as { error: unknown }).error).toMatchObject({ code: 'IMAGE_TOO_LARGE', field: 'avatar' });
    const huge = await post(new Uint8Array(3 * 1024 * 1024), 'image/png');
    expect(huge.status).toBe(413);
    expect(await count('profile_avatars')).toBe(0);
    expect((await t.json('GET', '/api/profile', undefined, { cookie: u.cookie })).body.avatar_url).toBeNull();
  });

  it('reset tokens: a reused or expired token is refused with INVALID_TOKEN and the password stays', async () => {
    const u = await signUpAndVerify(t);
    const resetToken = async () => {
      await t.json('POST', '/api/auth/request-password-reset', { email: u.email });
      const link = new URL((await readLatestMail(t, u.email)).links[0]!);
      expect(link.pathname).toBe('/auth/reset-password');
      return link.searchParams.get('token')!;
    };
    const token = await resetToken();
    const first = await t.json('POST', '/api/auth/reset-password', { token, newPassword: 'brand new passphrase 1' });
    expect(first.status).toBe(200);
    const reused = await t.json('POST', '/api/auth/reset-password', { token, newPassword: 'another passphrase 22' });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toMatchObject({ code: 'INVALID_TOKEN', field: 'token' });

    const second = await resetToken();
    // One hour later (expires_at moved into the past): refused.
    await db.query(sql`UPDATE verification SET expires_at = now() - interval '1 second'`);
    const expired = await t.json('POST', '/api/auth/reset-password', { token: second, newPassword: 'another passphrase 22' });
    expect(expired.status).toBe(400);
    expect(expired.body.error.code).toBe('INVALID_TOKEN');
    const signIn = await t.json('POST', '/api/auth/sign-in/email', { email: u.email, password: 'brand new passphrase 1' });
    expect(signIn.status).toBe(200);
  });
});
