import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { readLatestMail, signUpAndVerify, uniqueEmail } from '../../test/auth.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/db.ts';

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const ATTACKER_FIRST = 'URGENT: call +1 555 0100';
const ATTACKER_LAST = 'or visit https://evil.example/pay';

describeEachDatabase("sign-up with someone else's address: the mails to it carry none of the sign-up's text", (kind) => {
  let db: Database;
  let t: TestApp;
  beforeAll(async () => ({ db, t } = await startTestApp(kind, { env: { TRUST_PROXY: 'true' } })));
  afterAll(async () => db?.close());

  const expectNoAttackerText = (mail: { text: string; subject: string }) => {
    for (const part of [ATTACKER_FIRST, ATTACKER_LAST, 'evil.example', '555 0100']) expect(mail.text + mail.subject).not.toContain(part);
  };

  it('the verification mail and a reset mail to the unconfirmed address greet no one by name', async () => {
    const victim = uniqueEmail('victim');
    const signUp = await t.json(
      'POST',
      '/api/auth/sign-up/email',
      { email: victim, password: 'an attacker passphrase 1', first_name: ATTACKER_FIRST, last_name: ATTACKER_LAST },
      from('10.9.0.1'),
    );
    expect(signUp.status).toBe(200);
    const verification = await readLatestMail(t, victim);
    expect(verification.subject).toBe('Confirm your e-mail for Stockpilot');
    expect(verification.text.startsWith('Hi,\n')).toBe(true);
    expectNoAttackerText(verification);

    expect((await t.json('POST', '/api/auth/request-password-reset', { email: victim }, from('10.9.0.2'))).status).toBe(200);
    const reset = await readLatestMail(t, victim);
    expect(reset.subject).toBe('Reset your Stockpilot password');
    expect(reset.text.startsWith('Hi,\n')).toBe(true);
    expectNoAttackerText(reset);
  });

  it('an owner who confirmed the address is still greeted by the name they chose', async () => {
    const owner = await signUpAndVerify(t, { firstName: 'Grace', lastName: 'Hopper' });
    expect((await t.json('POST', '/api/auth/request-password-reset', { email: owner.email }, from('10.9.0.3'))).status).toBe(200);
    expect((await readLatestMail(t, owner.email)).text.startsWith('Hi Grace Hopper,\n')).toBe(true);
  });
});
