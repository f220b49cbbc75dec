import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { changePassword, cookieHeaderFrom, signUpAndVerify } from '../../test/auth.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/db.ts';

describeEachDatabase('password change in /settings', (kind) => {
  let db: Database;
  let t: TestApp;
  beforeAll(async () => ({ db, t } = await startTestApp(kind)));
  afterAll(async () => db?.close());

  it('re-checks the current password by signing in again, then revokes the other devices', async () => {
    const u = await signUpAndVerify(t);
    const otherDevice = u.cookie;
    // SPEC §5: the settings page verifies the current password by signing in with the current e-mail.
    const wrong = await t.json('POST', '/api/auth/sign-in/email', { email: u.email, password: 'not my password' });
    expect(wrong.status).toBe(401);
    const again = await t.json('POST', '/api/auth/sign-in/email', { email: u.email, password: u.password });
    expect(again.status).toBe(200);
    const thisDevice = cookieHeaderFrom(again.headers);

    const common = await t.json('POST', '/api/auth/change-password', { currentPassword: u.password, newPassword: 'password123' }, { cookie: thisDevice });
    expect(common.status).toBe(400);
    expect(common.body.error).toMatchObject({ code: 'WEAK_PASSWORD', field: 'newPassword' });

    const current = await changePassword(t, thisDevice, u.password, 'a changed passphrase 7');
    expect((await t.json('GET', '/api/profile', undefined, { cookie: current })).status).toBe(200);
    expect((await t.json('GET', '/api/profile', undefined, { cookie: otherDevice })).status).toBe(401);
  });
});
