import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { cookieHeaderFrom, signUpAndVerify } from '../../test/auth.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/db.ts';

const MINUTE_MS = 60_000;

describeEachDatabase('sessions end after 60 idle minutes and 3 hours after sign-in, however used', (kind) => {
  let db: Database;
  let t: TestApp;
  // The app's clock: real time plus an offset the test moves (sessions are created at real time by better-auth).
  let offsetMs = 0;
  beforeAll(async () => {
    ({ db, t } = await startTestApp(kind, {
      env: { SESSION_IDLE_TIMEOUT_MINUTES: '60', SESSION_ABSOLUTE_TIMEOUT_HOURS: '3' },
      now: () => new Date(Date.now() + offsetMs),
    }));
  });
  afterAll(async () => db?.close());

  const profileStatus = async (cookie: string) => (await t.json('GET', '/api/profile', undefined, { cookie })).status;
  const sessionOf = async (cookie: string) => (await t.json('GET', '/api/auth/get-session', undefined, { cookie })).body;

  it('a session used every 50 minutes lives until 3 h after sign-in; one left alone ends after 60 idle minutes, on every path', async () => {
    const u = await signUpAndVerify(t);
    const used = u.cookie;
    const signIn = await t.json('POST', '/api/auth/sign-in/email', { email: u.email, password: u.password });
    expect(signIn.status).toBe(200);
    const idle = cookieHeaderFrom(signIn.headers);
    // The cookie lives as long as the absolute lifetime, not longer.
    expect(signIn.headers.getSetCookie().find((c) => c.includes('session_token='))).toMatch(/Max-Age=10800/);

    offsetMs = 50 * MINUTE_MS;
    expect(await profileStatus(used)).toBe(200);
    offsetMs = 61 * MINUTE_MS;
    // 61 minutes unused: refused by our routes and by better-auth's get-session alike, and the row is gone.
    expect(await profileStatus(idle)).toBe(401);
    expect(await sessionOf(idle)).toBeNull();
    expect(await profileStatus(used)).toBe(200);
    offsetMs = 110 * MINUTE_MS;
    expect((await sessionOf(used))?.user?.id).toBe(u.userId);
    offsetMs = 165 * MINUTE_MS;
    expect(await profileStatus(used)).toBe(200);
    // 180 minutes after sign-in: over, although it was used 15 minutes ago.
    offsetMs = 180 * MINUTE_MS + 1000;
    expect(await profileStatus(used)).toBe(401);
    expect(await sessionOf(used)).toBeNull();
    offsetMs = 0;
  });
});
