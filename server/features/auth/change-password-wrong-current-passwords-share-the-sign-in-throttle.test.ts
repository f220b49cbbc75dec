import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { cookieHeaderFrom, fromNewClientAddress, readLatestMail, readThrottleAnswer, signUpAndVerify } from '../../test/auth.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { computeBackoffSeconds, FREE_FAILURES, RESET_AFTER_FAILURES } from './sign-in-throttle.ts';

describeEachDatabase("per-account throttle of change-password's current-password check", (kind) => {
  let db: Database;
  let t: TestApp;
  // A standing clock: the throttle's back-off moves only when the test moves it, however slow the machine.
  const startMs = Date.now();
  let offsetMs = 0;
  beforeAll(async () => {
    ({ db, t } = await startTestApp(kind, { env: { TRUST_PROXY: 'true' }, now: () => new Date(startMs + offsetMs) }));
  });
  afterAll(async () => db?.close());

  const change = async (cookie: string, currentPassword: string, newPassword = 'a changed passphrase 7') =>
    readThrottleAnswer(await t.json('POST', '/api/auth/change-password', { currentPassword, newPassword }, { cookie, ...fromNewClientAddress() }));
  const signIn = async (email: string, password: string) =>
    readThrottleAnswer(await t.json('POST', '/api/auth/sign-in/email', { email, password }, fromNewClientAddress()));
  /** A day on: the previous test's failures are forgotten (FAILURES_FORGOTTEN_AFTER_MS), sessions stay (idle timeout 7 days). */
  const nextDay = () => {
    offsetMs += 24 * 60 * 60 * 1000;
  };

  it('5 wrong current passwords are checked (400), the 6th waits 1 s (429) even with the right one; a second later it changes, and the count starts over', async () => {
    const u = await signUpAndVerify(t);
    for (let f = 0; f < FREE_FAILURES; f++) {
      expect(await change(u.cookie, 'not my password')).toMatchObject({
        status: 400,
        body: { error: { code: 'INVALID_PASSWORD', field: 'currentPassword' } },
      });
    }
    // 5 failures = FREE_FAILURES: the next waits 1 s (BACKOFF_BASE_SECONDS · 2^(5−5)), the right password too (no oracle).
    expect(computeBackoffSeconds(FREE_FAILURES)).toBe(1);
    expect(await change(u.cookie, u.password)).toEqual({
      status: 429,
      retryAfter: '1',
      body: { error: { code: 'RATE_LIMITED', message: 'Too many wrong passwords for this account. Try again in 1 s.', details: { retry_after_seconds: 1 } } },
    });
    // One count per account: sign-in waits for the same second.
    expect(await signIn(u.email, u.password)).toMatchObject({ status: 429, retryAfter: '1' });

    offsetMs += 1000;
    const changed = await change(u.cookie, u.password);
    expect(changed.status).toBe(200);
    // The right current password cleared the count: 5 free failures again, then the wait.
    const cookie = cookieHeaderFrom(
      (await t.json('POST', '/api/auth/sign-in/email', { email: u.email, password: 'a changed passphrase 7' }, fromNewClientAddress())).headers,
    );
    for (let f = 0; f < FREE_FAILURES; f++) expect((await change(cookie, 'not my password', 'another passphrase 8')).status).toBe(400);
    expect((await change(cookie, 'not my password', 'another passphrase 8')).status).toBe(429);
  });

  it('wrong sign-ins and wrong current passwords are one count (3 + 2 = 5 free); requests that check no password count nothing', async () => {
    nextDay();
    const u = await signUpAndVerify(t);
    for (let f = 0; f < 3; f++) expect((await signIn(u.email, 'not my password')).status).toBe(401);
    // No session: better-auth answers 401 before any password is checked. A weak new password: refused before it.
    expect((await change('', 'not my password')).status).toBe(401);
    expect(await change(u.cookie, 'not my password', 'password123')).toMatchObject({ status: 400, body: { error: { code: 'WEAK_PASSWORD' } } });
    for (let f = 3; f < FREE_FAILURES; f++) expect((await change(u.cookie, 'not my password')).status).toBe(400);
    expect((await change(u.cookie, 'not my password')).status).toBe(429);
    expect((await signIn(u.email, 'not my password')).status).toBe(429);
  });

  it('from 20 failures: 403 password_reset_required on currentPassword, the right one not even checked; the mailed reset opens it again', async () => {
    nextDay();
    const u = await signUpAndVerify(t);
    for (let f = 0; f < RESET_AFTER_FAILURES; f++) {
      // Wait out each back-off (0 s for the free ones, then 1, 2, 4 … 900 s): every one of the 20 is checked.
      offsetMs += computeBackoffSeconds(f) * 1000;
      expect((await change(u.cookie, 'not my password')).status).toBe(400);
    }
    offsetMs += 60 * 60 * 1000;
    const paused = await change(u.cookie, u.password);
    expect(paused).toMatchObject({
      status: 403,
      body: { error: { code: 'FORBIDDEN', field: 'currentPassword', details: { reason: 'password_reset_required' } } },
    });
    expect(await signIn(u.email, u.password)).toMatchObject({ status: 403, body: { error: { details: { reason: 'password_reset_required' } } } });

    expect((await t.json('POST', '/api/auth/request-password-reset', { email: u.email }, fromNewClientAddress())).status).toBe(200);
    const token = new URL((await readLatestMail(t, u.email)).links[0]!).searchParams.get('token');
    expect((await t.json('POST', '/api/auth/reset-password', { token, newPassword: 'a brand new passphrase 9' }, fromNewClientAddress())).status).toBe(200);
    const signedIn = await t.json('POST', '/api/auth/sign-in/email', { email: u.email, password: 'a brand new passphrase 9' }, fromNewClientAddress());
    expect(signedIn.status).toBe(200);
    expect((await change(cookieHeaderFrom(signedIn.headers), 'a brand new passphrase 9')).status).toBe(200);
  });
});
