import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { readLatestMail, signUpAndVerify, uniqueEmail } from '../../test/auth.ts';
import { createTestApp } from '../../test/app.ts';
import { createTestDatabase, describeOnPglite } from '../../test/db.ts';

/** Each phase comes from its own client IP (TRUST_PROXY) so the 3-per-10-s limits never mask an answer. */
const from = (ip: string) => ({ 'x-forwarded-for': ip });
const strip = (r: { status: number; body: unknown }) => ({ status: r.status, body: r.body });

describeOnPglite('no account enumeration: known and unknown e-mails get the same answer', (kind) => {
  let db: Database;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let known: Awaited<ReturnType<typeof signUpAndVerify>>;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    t = await createTestApp(db, { env: { TRUST_PROXY: 'true' } });
    known = await signUpAndVerify(t, { firstName: 'Known', lastName: 'Owner' });
  });
  afterAll(async () => db?.close());

  it('sign-up: same status and body; the owner gets a mail instead of a second account', async () => {
    const body = (email: string) => ({ email, password: 'a fresh passphrase 42', first_name: 'Eve', last_name: 'Probe' });
    const forKnown = await t.json('POST', '/api/auth/sign-up/email', body(known.email), from('10.0.1.1'));
    const forUnknown = await t.json('POST', '/api/auth/sign-up/email', body(uniqueEmail('nobody')), from('10.0.1.2'));
    expect(strip(forKnown)).toEqual(strip(forUnknown));
    expect(forKnown.status).toBe(200);
    const mail = await readLatestMail(t, known.email);
    expect(mail.subject).toBe('You already have a Stockpilot account');
    // The original password still works: nothing about the account changed.
    const signIn = await t.json('POST', '/api/auth/sign-in/email', { email: known.email, password: known.password }, from('10.0.1.3'));
    expect(signIn.status).toBe(200);
  });

  it('sign-in: wrong password for a known e-mail and any password for an unknown one answer alike', async () => {
    const forKnown = await t.json('POST', '/api/auth/sign-in/email', { email: known.email, password: 'not the password' }, from('10.0.2.1'));
    const forUnknown = await t.json('POST', '/api/auth/sign-in/email', { email: uniqueEmail('nobody'), password: 'not the password' }, from('10.0.2.2'));
    expect(strip(forKnown)).toEqual(strip(forUnknown));
    expect(forKnown.status).toBe(401);
    expect(forKnown.body.error.code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });

  it('password reset request: same status and body; only the known address gets a mail', async () => {
    const unknown = uniqueEmail('nobody');
    const forKnown = await t.json('POST', '/api/auth/request-password-reset', { email: known.email }, from('10.0.3.1'));
    const forUnknown = await t.json('POST', '/api/auth/request-password-reset', { email: unknown }, from('10.0.3.2'));
    expect(strip(forKnown)).toEqual(strip(forUnknown));
    expect(forKnown.status).toBe(200);
    expect((await readLatestMail(t, known.email)).subject).toBe('Reset your Stockpilot password');
    const none = await t.json('GET', `/api/dev/outbox?to=${encodeURIComponent(unknown)}`);
    expect(none.body.mails).toEqual([]);
  });
});
