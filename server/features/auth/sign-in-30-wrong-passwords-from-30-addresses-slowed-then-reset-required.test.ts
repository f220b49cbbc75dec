import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { fromNewClientAddress, readLatestMail, readThrottleAnswer, signUpAndVerify, uniqueEmail } from '../../test/auth.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/db.ts';
import { computeBackoffSeconds, FREE_FAILURES, RESET_AFTER_FAILURES } from './sign-in-throttle.ts';

describeEachDatabase('per-account sign-in throttle: 30 wrong passwords from 30 addresses', (kind) => {
  let db: Database;
  let t: TestApp;
  // A standing clock: the throttle's 1 s windows move only when the test moves them, however slow the machine.
  const startMs = Date.now();
  let offsetMs = 0;
  beforeAll(async () => {
    ({ db, t } = await startTestApp(kind, { env: { TRUST_PROXY: 'true' }, now: () => new Date(startMs + offsetMs) }));
  });
  afterAll(async () => db?.close());

  const signIn = async (email: string, password: string) =>
    readThrottleAnswer(await t.json('POST', '/api/auth/sign-in/email', { email, password }, fromNewClientAddress()));
  const sortAnswers = (xs: ReturnType<typeof readThrottleAnswer>[]) => xs.map((x) => JSON.stringify(x)).sort();

  it('at once: 5 are checked (401), 25 wait (429, Retry-After 1); an address with no account gets the same answers', async () => {
    const known = await signUpAndVerify(t);
    const unknown = uniqueEmail('nobody');
    const burst = (email: string) => Promise.all(Array.from({ length: 30 }, () => signIn(email, 'not the password')));
    const forKnown = await burst(known.email);
    const forUnknown = await burst(unknown);
    expect(forKnown.filter((a) => a.status === 401)).toHaveLength(FREE_FAILURES);
    const waits = forKnown.filter((a) => a.status === 429);
    expect(waits).toHaveLength(30 - FREE_FAILURES);
    expect(waits[0]).toMatchObject({ retryAfter: '1', body: { error: { code: 'RATE_LIMITED' } } });
    expect(sortAnswers(forUnknown)).toEqual(sortAnswers(forKnown));
  });

  it('the wait doubles per failure, the right password waits too, and from 20 failures only a reset opens sign-in; the reset mail does', async () => {
    offsetMs = 24 * 60 * 60 * 1000; // the first test's failures are a day old: forgotten
    const known = await signUpAndVerify(t);
    const unknown = uniqueEmail('nobody');
    const both = async (password: (email: string) => string) => {
      const k = await signIn(known.email, password(known.email));
      const u = await signIn(unknown, password(unknown));
      expect(u).toEqual(k);
      return k;
    };
    const wrong = () => 'not the password';
    for (let f = 0; f < FREE_FAILURES; f++) expect((await both(wrong)).status).toBe(401);
    // The right password during a wait: the same 429, no hint that it was right.
    expect(await signIn(known.email, known.password)).toMatchObject({ status: 429, retryAfter: '1' });
    for (let f = FREE_FAILURES; f < RESET_AFTER_FAILURES; f++) {
      const waitMs = computeBackoffSeconds(f) * 1000;
      offsetMs += waitMs - 1000;
      if (waitMs > 1000) expect((await both(wrong)).status).toBe(429);
      offsetMs += 1000;
      expect((await both(wrong)).status).toBe(401);
    }
    expect(computeBackoffSeconds(RESET_AFTER_FAILURES - 1)).toBe(15 * 60);
    offsetMs += 60 * 60 * 1000;
    const paused = await both(wrong);
    expect(paused).toMatchObject({ status: 403, body: { error: { code: 'FORBIDDEN', field: 'password', details: { reason: 'password_reset_required' } } } });
    // The right password does not open it either (it is not even checked).
    expect(await signIn(known.email, known.password)).toEqual(paused);

    // The owner resets through the mailed link: sign-in works again with the new password.
    expect((await t.json('POST', '/api/auth/request-password-reset', { email: known.email }, fromNewClientAddress())).status).toBe(200);
    const token = new URL((await readLatestMail(t, known.email)).links[0]!).searchParams.get('token');
    const reset = await t.json('POST', '/api/auth/reset-password', { token, newPassword: 'a brand new passphrase 9' }, fromNewClientAddress());
    expect(reset.status).toBe(200);
    expect((await signIn(known.email, 'a brand new passphrase 9')).status).toBe(200);
    // The address with no account stays paused: no mail can reset it.
    expect((await signIn(unknown, 'anything at all')).status).toBe(403);
  });

  it('a right password clears the failures: the free ones start over', async () => {
    offsetMs += 2 * 24 * 60 * 60 * 1000;
    const u = await signUpAndVerify(t);
    for (let f = 0; f < FREE_FAILURES - 1; f++) expect((await signIn(u.email, 'not the password')).status).toBe(401);
    expect((await signIn(u.email, u.password)).status).toBe(200);
    for (let f = 0; f < FREE_FAILURES; f++) expect((await signIn(u.email, 'not the password')).status).toBe(401);
    expect((await signIn(u.email, 'not the password')).status).toBe(429);
  });
});
