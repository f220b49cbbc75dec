import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { cookieHeaderFrom, uniqueEmail } from '../../test/auth.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestDatabase, describeOnPglite } from '../../test/db.ts';
import { type ReceivedMail, startSmtpInbox } from '../../test/smtp-inbox.ts';

function findLink(mail: ReceivedMail, pattern: RegExp): string {
  const { text } = mail;
  const match = text.match(pattern);
  if (!match) throw new Error(`no link matching ${pattern} in:\n${text.slice(0, 2000)}`);
  return match[0];
}

describeOnPglite('password reset over a real SMTP server', (kind) => {
  let db: Database;
  let smtp: Awaited<ReturnType<typeof startSmtpInbox>>;
  let inbox: ReceivedMail[] = [];
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    inbox = smtp.mails;
    db = await createTestDatabase(kind);
    t = await createTestApp(db, { env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await db?.close();
    await smtp?.close();
  });

  const mailTo = async (email: string, count: number) => {
    for (let i = 0; i < 100 && inbox.filter((m) => m.to.includes(email)).length < count; i++) await new Promise((r) => setTimeout(r, 20));
    const mails = inbox.filter((m) => m.to.includes(email));
    expect(mails.length).toBe(count);
    return mails.at(-1)!;
  };

  it('verifies, resets through the mailed link, signs in with the new password; the old one and old sessions fail', async () => {
    const email = uniqueEmail('smtp');
    const oldPassword = 'old but long passphrase';
    const newPassword = 'new and longer passphrase';
    expect((await t.json('GET', '/api/health')).body.adapters.mail).toBe('smtp');
    // No outbox when mails really go out.
    expect((await t.json('GET', '/api/dev/outbox')).status).toBe(404);

    expect((await t.json('POST', '/api/auth/sign-up/email', { email, password: oldPassword, first_name: 'Sam', last_name: 'Tp' })).status).toBe(200);
    const verifyMail = await mailTo(email, 1);
    expect(verifyMail.raw).toContain('Stockpilot');
    const verifyUrl = new URL(findLink(verifyMail, /http:\/\/localhost:3000\/api\/auth\/verify-email\?[^\s"<>]+/));
    const verified = await t.json('GET', `${verifyUrl.pathname}${verifyUrl.search}`);
    expect(verified.status).toBe(302);
    const firstSession = cookieHeaderFrom(verified.headers);
    expect((await t.json('GET', '/api/profile', undefined, { cookie: firstSession })).status).toBe(200);

    expect((await t.json('POST', '/api/auth/request-password-reset', { email })).status).toBe(200);
    const resetMail = await mailTo(email, 2);
    expect(resetMail.raw).toMatch(/Subject: Reset your Stockpilot password/);
    const resetUrl = new URL(findLink(resetMail, /http:\/\/localhost:3000\/auth\/reset-password\?token=[A-Za-z0-9_-]+/));
    // The link opens the SPA page, which posts the token with the new password.
    const token = resetUrl.searchParams.get('token')!;
    const reset = await t.json('POST', '/api/auth/reset-password', { token, newPassword });
    expect(reset.status).toBe(200);

    const withNew = await t.json('POST', '/api/auth/sign-in/email', { email, password: newPassword });
    expect(withNew.status).toBe(200);
    const withOld = await t.json('POST', '/api/auth/sign-in/email', { email, password: oldPassword });
    expect(withOld.status).toBe(401);
    // Sessions from before the reset are revoked.
    const stale = await t.json('GET', '/api/profile', undefined, { cookie: firstSession });
    expect(stale.status).toBe(401);
  });
});
