import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { signUpAndVerify } from '../../test/auth.ts';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/db.ts';

describeEachDatabase('mails: at most 3 per 60 s per address, whatever the client IP', (kind) => {
  let db: Database;
  let t: TestApp;
  beforeAll(async () => ({ db, t } = await startTestApp(kind, { env: { TRUST_PROXY: 'true' } })));
  afterAll(async () => db?.close());

  it('1 verification + 5 reset requests from 5 IPs → 3 mails; every request still answers 200 alike', async () => {
    const u = await signUpAndVerify(t);
    const answers = [];
    for (let i = 1; i <= 5; i++)
      answers.push(await t.json('POST', '/api/auth/request-password-reset', { email: u.email }, { 'x-forwarded-for': `192.0.2.${i}` }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    const outbox = await t.json('GET', `/api/dev/outbox?to=${encodeURIComponent(u.email)}`);
    // 1 verification mail + 2 reset mails = 3; the other 3 reset requests sent nothing.
    expect(outbox.body.mails.map((m: { subject: string }) => m.subject)).toEqual([
      'Reset your Stockpilot password',
      'Reset your Stockpilot password',
      'Confirm your e-mail for Stockpilot',
    ]);
  });
});
