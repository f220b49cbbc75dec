import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../adapters/db/index.ts';

type TestApp = {
  ctx: { db: Database };
  json(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): // biome-ignore lint/suspicious/noExplicitAny: response bodies are asserted field by field
  Promise<{ status: number; headers: Headers; body: any }>;
};

/** The `name=value` pairs of every Set-Cookie in a response, joined as a Cookie header. */
export function cookieHeaderFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** The newest outbox mail to `email` (the outbox mailer is active whenever SMTP_URL is unset). */
export async function readLatestMail(t: TestApp, email: string) {
  const res = await t.json('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  const mail = res.body.mails[0];
  if (!mail) throw new Error(`no mail to ${email} in the outbox`);
  return mail as { to: string; subject: string; text: string; links: string[]; sent_at: string };
}

let n = 0;
/** A fresh address unlikely to collide across tests and runs. */
export const uniqueEmail = (prefix = 'user') => `${prefix}.${process.pid}.${Date.now().toString(36)}.${++n}@example.test`;

/**
 * Signs up through the real better-auth endpoints, follows the verification link from the outbox and
 * returns the session Cookie header (send it as `cookie`). Sign-up is limited to 3 per 10 s per client,
 * so the helper clears that counter first: tests of other features can create as many users as they need.
 */
export async function signUpAndVerify(
  t: TestApp,
  input: { email?: string; password?: string; firstName?: string; lastName?: string } = {},
): Promise<{ cookie: string; email: string; password: string; userId: string }> {
  const email = input.email ?? uniqueEmail();
  const password = input.password ?? 'correct horse battery staple';
  await t.ctx.db.query(sql`DELETE FROM rate_limit WHERE key LIKE ${'%|/sign-up/email'}`);
  const signUp = await t.json('POST', '/api/auth/sign-up/email', {
    email,
    password,
    first_name: input.firstName ?? 'Test',
    last_name: input.lastName ?? 'User',
  });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${JSON.stringify(signUp.body)}`);
  const mail = await readLatestMail(t, email);
  const link = mail.links.find((l) => l.includes('/verify-email'));
  if (!link) throw new Error('no verification link in the mail');
  const url = new URL(link);
  const verify = await t.json('GET', `${url.pathname}${url.search}`);
  if (verify.status !== 302) throw new Error(`verification failed: ${verify.status} ${JSON.stringify(verify.body)}`);
  const cookie = cookieHeaderFrom(verify.headers);
  const session = await t.json('GET', '/api/auth/get-session', undefined, { cookie });
  if (!session.body?.user?.id) throw new Error('verification did not sign in');
  return { cookie, email, password, userId: session.body.user.id };
}

/** Changes the password from the device holding `cookie` (better-auth revokes the others); returns that device's cookie afterwards. */
export async function changePassword(t: TestApp, cookie: string, currentPassword: string, newPassword: string): Promise<string> {
  const changed = await t.json('POST', '/api/auth/change-password', { currentPassword, newPassword }, { cookie });
  expect(changed.status).toBe(200);
  return cookieHeaderFrom(changed.headers) || cookie;
}

let clientAddresses = 0;
/**
 * A header from a client address no request has used yet (needs TRUST_PROXY): better-auth's per-client
 * limit (3 sign-ins per 10 s) never answers, so a test sees only the limit it is about.
 */
export const fromNewClientAddress = () => {
  const n = ++clientAddresses;
  return { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
};

/** What a throttle test compares: the status, the Retry-After header and the body. */
export const readThrottleAnswer = (r: { status: number; headers: Headers; body: unknown }) => ({
  status: r.status,
  retryAfter: r.headers.get('retry-after'),
  body: r.body,
});
