import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { cookieHeaderFrom, readLatestMail, signUpAndVerify, uniqueEmail } from '../../test/auth.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { describeOnPglite } from '../../test/db.ts';

describeOnPglite('sign-up → verification link → signed in', (kind) => {
  let db: Database;
  let t: TestApp;
  beforeAll(async () => ({ db, t } = await startTestApp(kind)));
  afterAll(async () => db?.close());

  it('stores names in the profile, lands on /dashboard and signs in', async () => {
    const email = uniqueEmail('ada');
    const res = await t.json('POST', '/api/auth/sign-up/email', { email, password: 'analytical engine 1843', first_name: 'Ada', last_name: 'Lovelace' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: true, message: expect.any(String) });

    // Before verifying, sign-in says so.
    const early = await t.json('POST', '/api/auth/sign-in/email', { email, password: 'analytical engine 1843' });
    expect(early.status).toBe(403);
    expect(early.body.error.code).toBe('EMAIL_NOT_VERIFIED');

    const mail = await readLatestMail(t, email);
    expect(mail.subject).toContain('Confirm');
    const link = new URL(mail.links[0]!);
    expect(link.origin).toBe('http://localhost:3000');
    const verify = await t.json('GET', `${link.pathname}${link.search}`);
    expect(verify.status).toBe(302);
    expect(verify.headers.get('location')).toBe('/dashboard');
    const cookie = cookieHeaderFrom(verify.headers);
    expect(verify.headers.getSetCookie().join('\n')).toMatch(/HttpOnly/i);
    expect(verify.headers.getSetCookie().join('\n')).toMatch(/SameSite=Lax/i);

    const profile = await t.json('GET', '/api/profile', undefined, { cookie });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', avatar_url: null });
    const session = await t.json('GET', '/api/auth/get-session', undefined, { cookie });
    expect(session.body.user).toMatchObject({ email, name: 'Ada Lovelace', emailVerified: true });

    // The link signs in once: a second use only redirects, without a session; a forged token lands on sign-in.
    const again = await t.json('GET', `${link.pathname}${link.search}`);
    expect(again.status).toBe(302);
    expect(cookieHeaderFrom(again.headers)).not.toContain('session_token=');
    const forged = await t.json('GET', '/api/auth/verify-email?token=forged&callbackURL=%2Fdashboard');
    expect(forged.headers.get('location')).toBe('/login?error=verification_failed');

    const signIn = await t.json('POST', '/api/auth/sign-in/email', { email, password: 'analytical engine 1843' });
    expect(signIn.status).toBe(200);
    expect(cookieHeaderFrom(signIn.headers)).toContain('session_token=');
  });

  it('signUpAndVerify gives a cookie that the session middleware accepts', async () => {
    const u = await signUpAndVerify(t, { firstName: 'Grace', lastName: 'Hopper' });
    const profile = await t.json('GET', '/api/profile', undefined, { cookie: u.cookie });
    expect(profile.body).toMatchObject({ id: u.userId, first_name: 'Grace' });
    const anonymous = await t.json('GET', '/api/profile');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.message).toBe('No user logged in');
  });
});
