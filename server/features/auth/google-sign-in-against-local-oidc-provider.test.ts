import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/index.ts';
import { createApp } from '../../app.ts';
import { parseEnv } from '../../env.ts';
import type { AppContext } from '../../http/feature.ts';
import { findAppRoot } from '../../lib/app-root.ts';
import { createLogger } from '../../lib/logger.ts';
import { fromSocket } from '../../test/app.ts';
import { signUpAndVerify, uniqueEmail } from '../../test/auth.ts';
import { createTestDatabase, describeOnPglite } from '../../test/db.ts';
import { createProfileFeature } from '../profile/index.ts';
import { createAuthFeature } from './index.ts';

const BASE_URL = 'http://localhost:3000';
const CLIENT = { id: 'stockpilot-test', secret: 'a-test-client-secret-that-is-long-enough' };

interface GoogleAccount {
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
}

/** A tiny cookie jar: enough for one provider origin or one app. */
class Jar {
  private cookies = new Map<string, string>();
  take(headers: Headers) {
    for (const c of headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (value === '' || /max-age=0/i.test(c) || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

describeOnPglite('Google sign-in against a local OIDC provider standing in for Google', (kind) => {
  let db: Database;
  let server: Server;
  let issuer: string;
  const accounts = new Map<string, GoogleAccount>();
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: CLIENT.id,
          client_secret: CLIENT.secret,
          redirect_uris: [`${BASE_URL}/api/auth/callback/google`],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
      // Put the profile claims in the ID token, as Google does.
      conformIdTokenClaims: false,
      findAccount: async (_ctx: unknown, sub: string) => {
        const a = accounts.get(sub);
        if (!a) return undefined;
        return { accountId: sub, claims: async () => ({ sub, ...a, name: `${a.given_name} ${a.family_name}` }) };
      },
      cookies: { keys: ['oidc-test-cookie-key'] },
      ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60, RefreshToken: 600 },
    });
    provider.on('server_error', (_ctx: unknown, err: unknown) => console.error('oidc-provider', err));
    server.on('request', provider.callback());

    db = await createTestDatabase(kind);
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', BASE_URL, GOOGLE_CLIENT_ID: CLIENT.id, GOOGLE_CLIENT_SECRET: CLIENT.secret });
    const ctx: AppContext = { env, db, logger: createLogger('silent'), appRoot: findAppRoot(), now: () => new Date() };
    const profile = createProfileFeature(ctx);
    const auth = await createAuthFeature(ctx, { saveNames: profile.profiles.saveNames, googleIssuerForTests: issuer });
    app = createApp(ctx, [auth, profile], { serveWeb: false });
  });
  afterAll(async () => {
    await db?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** Drives the browser's part: start at the app, log in and consent at the provider, come back to the callback. */
  async function signInWithGoogle(sub: string) {
    const appJar = new Jar();
    const start = await app.request('/api/auth/sign-in/social', {
      method: 'POST',
      headers: { origin: BASE_URL, 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'google', callbackURL: '/dashboard', newUserCallbackURL: '/dashboard', errorCallbackURL: '/login' }),
    });
    expect(start.status).toBe(200);
    appJar.take(start.headers);
    const { url } = (await start.json()) as { url: string };
    const authorize = new URL(url);
    expect(authorize.origin).toBe(issuer);
    expect(authorize.searchParams.get('prompt')).toBe('consent');
    expect(authorize.searchParams.get('access_type')).toBe('offline');

    const providerJar = new Jar();
    let next = url;
    for (let hop = 0; hop < 12; hop++) {
      if (next.startsWith(`${BASE_URL}/`)) break;
      const res = await fetch(next, { redirect: 'manual', headers: { cookie: providerJar.header() } });
      providerJar.take(res.headers);
      if (res.status === 200 && next.includes('/interaction/')) {
        const html = await res.text();
        const prompt = html.includes('name="login"') ? 'login' : 'consent';
        const submit = await fetch(next, {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie: providerJar.header(), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(prompt === 'login' ? { prompt, login: sub, password: 'x' } : { prompt }).toString(),
        });
        providerJar.take(submit.headers);
        next = new URL(submit.headers.get('location')!, next).toString();
        continue;
      }
      expect([302, 303]).toContain(res.status);
      next = new URL(res.headers.get('location')!, next).toString();
    }
    expect(next.startsWith(`${BASE_URL}/api/auth/callback/google`)).toBe(true);
    const callbackUrl = new URL(next);
    const callback = await app.request(`${callbackUrl.pathname}${callbackUrl.search}`, { headers: { cookie: appJar.header() } });
    appJar.take(callback.headers);
    return { status: callback.status, location: callback.headers.get('location'), cookie: appJar.header() };
  }

  it('a new Google user is created with names from the ID token and lands on /dashboard', async () => {
    const email = uniqueEmail('google');
    accounts.set('g-new', { email, email_verified: true, given_name: 'Katherine', family_name: 'Johnson' });
    const result = await signInWithGoogle('g-new');
    expect(result.status).toBe(302);
    expect(result.location).toBe('/dashboard');
    const profile = await app.request('/api/profile', { headers: { cookie: result.cookie } });
    expect(await profile.json()).toMatchObject({ first_name: 'Katherine', last_name: 'Johnson' });
    const [acc] = await db.query<{ provider_id: string; refresh_token: string | null }>(
      sql`SELECT a.provider_id, a.refresh_token FROM account a JOIN "user" u ON u.id = a.user_id WHERE u.email = ${email}`,
    );
    expect(acc!.provider_id).toBe('google');
  });

  it('an existing password account is linked only when Google says the e-mail is verified', async () => {
    const t = {
      ctx: { db },
      json: async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
        const res = await app.request(
          path,
          {
            method,
            headers: { origin: BASE_URL, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
            body: body ? JSON.stringify(body) : undefined,
          },
          fromSocket('127.0.0.1'),
        );
        const text = await res.text();
        return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
      },
    };
    const owner = await signUpAndVerify(t, { firstName: 'Dorothy', lastName: 'Vaughan' });
    const linkedAccounts = async () =>
      (await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM account WHERE user_id = ${owner.userId} AND provider_id = 'google'`))[0]!.n;

    accounts.set('g-unverified', { email: owner.email, email_verified: false, given_name: 'Mallory', family_name: 'Mimic' });
    const refused = await signInWithGoogle('g-unverified');
    expect(refused.status).toBe(302);
    expect(refused.location).toMatch(/^\/login\?error=account_not_linked/);
    expect(await linkedAccounts()).toBe(0);

    accounts.set('g-verified', { email: owner.email, email_verified: true, given_name: 'Dot', family_name: 'V' });
    const linked = await signInWithGoogle('g-verified');
    expect(linked.status).toBe(302);
    expect(linked.location).toBe('/dashboard');
    expect(await linkedAccounts()).toBe(1);
    const session = await app.request('/api/auth/get-session', { headers: { cookie: linked.cookie } });
    expect(((await session.json()) as { user: { id: string } }).user.id).toBe(owner.userId);
    // Names the owner chose are kept.
    const profile = await app.request('/api/profile', { headers: { cookie: linked.cookie } });
    expect(await profile.json()).toMatchObject({ first_name: 'Dorothy', last_name: 'Vaughan' });
  });
});
