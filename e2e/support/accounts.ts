import pg from 'pg';
import type { Browser } from '@playwright/test';
import { openPostgres } from '../../server/adapters/db/postgres.ts';
import { openPage, type RunningApp, startApp, type TrackedPage } from './harness.ts';

let nextIp = 10;

/**
 * Signs up and verifies through the real endpoints and the dev outbox. Each call comes from its own
 * client address (the app must run with TRUST_PROXY=true): sign-up is rate limited per client.
 */
export async function signUpVerified(app: Pick<RunningApp, 'baseUrl'>, who: { emailPrefix: string; firstName: string; lastName: string; password?: string }) {
  const ip = `198.51.100.${nextIp++ % 250}`;
  const email = `${who.emailPrefix}.${Date.now().toString(36)}.${nextIp}@example.test`;
  const signUp = await fetch(`${app.baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: app.baseUrl, 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password: who.password ?? 'correct horse battery staple', first_name: who.firstName, last_name: who.lastName }),
  });
  if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  const outbox = (await (await fetch(`${app.baseUrl}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { mails: Array<{ links: string[] }> };
  const link = outbox.mails[0]!.links.find((l) => l.includes('verify-email'))!;
  const verified = await fetch(link, { redirect: 'manual', headers: { 'x-forwarded-for': ip } });
  if (verified.status !== 302) throw new Error(`verification link answered ${verified.status}`);
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((p) => !p.endsWith('='))
    .join('; ');
  const session = (await (await fetch(`${app.baseUrl}/api/auth/get-session`, { headers: { cookie } })).json()) as { user: { id: string } };
  return { email, cookie, userId: session.user.id };
}

/** A `name=value; …` cookie header as Playwright cookies for the app's origin. */
export function toBrowserCookies(cookieHeader: string, baseUrl: string) {
  return cookieHeader.split('; ').map((pair) => {
    const [name, ...rest] = pair.split('=');
    return { name: name!, value: rest.join('='), url: baseUrl };
  });
}

/** A new user, signed up and verified, in a fresh browser context that carries the session cookie. */
export async function openSignedInPage(
  browser: Browser,
  app: RunningApp,
  who: { emailPrefix: string; firstName: string; lastName: string },
  width = 1280,
): Promise<TrackedPage & { userId: string; cookie: string; email: string }> {
  const user = await signUpVerified(app, who);
  const tracked = await openPage(browser, app.baseUrl, { width, height: 900 });
  await tracked.context.addCookies(toBrowserCookies(user.cookie, app.baseUrl));
  return { ...tracked, ...user };
}

async function adminQuery(adminUrl: string, statement: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(statement);
  await c.end();
}

/**
 * Starts the app (TRUST_PROXY on) and, when TEST_DATABASE_URL is set, on a fresh PostgreSQL database
 * that the test can also open directly (`db`) to arrange state through the services (e.g. the ledger).
 */
export async function startAppWithDirectDb(name: string, extraEnv: Record<string, string> = {}) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const dbName = `sp_e2e_${name}_${process.pid}_${Date.now().toString(36)}`;
  const appDbUrl = adminUrl ? Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString() : null;
  if (adminUrl) await adminQuery(adminUrl, `CREATE DATABASE ${dbName}`);
  const app = await startApp({ env: { TRUST_PROXY: 'true', ...extraEnv, ...(appDbUrl ? { DATABASE_URL: appDbUrl } : {}) } });
  const db = appDbUrl ? openPostgres(appDbUrl, { max: 4 }) : null;
  return {
    app,
    db,
    async stop() {
      await app.stop();
      await db?.close();
      if (adminUrl) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    },
  };
}
