import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { createMailer, type MailMessage, type Mailer } from '../../adapters/mail/index.ts';
import { createApp } from '../../app.ts';
import { parseEnv } from '../../env.ts';
import type { AppContext } from '../../http/feature.ts';
import { findAppRoot } from '../../lib/app-root.ts';
import { createLogger } from '../../lib/logger.ts';
import { uniqueEmail } from '../../test/auth.ts';
import { createTestDatabase } from '../../test/db.ts';
import { resolveAuthSecret } from './auth-secret.ts';
import { createAuthFeature } from './index.ts';

const BASE_URL = 'https://stockpilot.example';
const productionEnv = (extra: Record<string, string> = {}) =>
  parseEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', BASE_URL, AUTH_SECRET: 'x'.repeat(48), SMTP_URL: 'smtp://127.0.0.1:1', ...extra });

describe('production: refuses to start without SMTP or AUTH_SECRET', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
  });
  afterAll(async () => db?.close());

  it('explains what is missing', async () => {
    const logger = createLogger('silent');
    expect(() => createMailer({ env: { NODE_ENV: 'production', SMTP_URL: undefined, MAIL_FROM: 'x' }, db, logger })).toThrow(
      /SMTP_URL is required in production/,
    );
    await expect(resolveAuthSecret(productionEnv({ AUTH_SECRET: '' }), db)).rejects.toThrow(/AUTH_SECRET is required in production/);
    await expect(resolveAuthSecret(productionEnv({ AUTH_SECRET: 'short' }), db)).rejects.toThrow(/at least 32 characters/);
    // Outside production a secret is generated once and kept: a second process gets the same one.
    const dev = parseEnv({ NODE_ENV: 'development', LOG_LEVEL: 'silent' });
    const first = await resolveAuthSecret(dev, db);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await resolveAuthSecret(dev, db)).toBe(first);
  });
});

describe('production: cookies are Secure with the __Secure- prefix; cross-origin sign-in refused; no outbox', () => {
  let db: Database;
  let app: ReturnType<typeof createApp>;
  const sent: MailMessage[] = [];
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    const env = productionEnv();
    const ctx: AppContext = { env, db, logger: createLogger('silent'), appRoot: findAppRoot(), now: () => new Date() };
    // SMTP is configured; this capturing mailer stands in for the server so the test reads the link.
    const mailer: Mailer = { kind: 'smtp', send: async (m) => void sent.push(m) };
    app = createApp(ctx, [await createAuthFeature(ctx, { mailer })], { serveWeb: false });
  });
  afterAll(async () => db?.close());

  const post = (path: string, body: unknown, origin = BASE_URL) =>
    app.request(path, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('signs in through the verification link with a __Secure- cookie', async () => {
    const email = uniqueEmail('prod');
    expect((await post('/api/auth/sign-up/email', { email, password: 'production passphrase', first_name: 'P', last_name: 'Rod' })).status).toBe(200);
    const link = new URL(sent.at(-1)!.links[0]!);
    expect(link.origin).toBe(BASE_URL);
    const verified = await app.request(`${link.pathname}${link.search}`);
    expect(verified.status).toBe(302);
    const cookie = verified.headers.getSetCookie().find((c) => c.includes('session_token='))!;
    expect(cookie).toMatch(/^__Secure-stockpilot\.session_token=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);

    const evil = await post('/api/auth/sign-in/email', { email, password: 'production passphrase' }, 'https://evil.example');
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as { error: { code: string } }).error.code).toBe('CSRF_REJECTED');
    expect((await app.request('/api/dev/outbox')).status).toBe(404);
  });
});
