import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../server/adapters/db/postgres.ts';
import { createLedgerService } from '../server/features/tokens/index.ts';
import { launchBrowser, openPage, type RunningApp, screenshot, startApp } from './support/harness.ts';

/**
 * The dashboard's token card, usage guide and 30-day chart in Chromium. Spending tokens needs the ledger
 * from outside the app (no analysis runs yet), so that part runs when TEST_DATABASE_URL gives a PostgreSQL.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const dbName = `sp_e2e_tokens_${process.pid}_${Date.now().toString(36)}`;
const appDbUrl = adminUrl ? Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString() : null;

let app: RunningApp;
let browser: Browser;
let ledgerDb: ReturnType<typeof openPostgres> | null = null;
let clientIp = 40;

async function adminQuery(statement: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(statement);
  await c.end();
}

/** Signs up and verifies through the real endpoints, then returns a signed-in browser context. */
async function signedInPage(width = 1280): Promise<{ page: Page; context: BrowserContext; errors: string[]; userId: string }> {
  const ip = `198.51.100.${clientIp++}`;
  const email = `tokens.${Date.now().toString(36)}.${clientIp}@example.test`;
  const headers = { origin: app.baseUrl, 'content-type': 'application/json', 'x-forwarded-for': ip };
  const signUp = await fetch(`${app.baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'correct horse battery staple', first_name: 'Toni', last_name: 'Kent' }),
  });
  expect(signUp.status).toBe(200);
  const outbox = (await (await fetch(`${app.baseUrl}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { mails: Array<{ links: string[] }> };
  const link = outbox.mails[0]!.links.find((l) => l.includes('verify-email'))!;
  const verified = await fetch(link, { redirect: 'manual', headers: { 'x-forwarded-for': ip } });
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((p) => !p.endsWith('='))
    .join('; ');
  const session = (await (await fetch(`${app.baseUrl}/api/auth/get-session`, { headers: { cookie } })).json()) as { user: { id: string } };
  const tracked = await openPage(browser, app.baseUrl, { width, height: 900 });
  await tracked.context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name, ...rest] = pair.split('=');
      return { name: name!, value: rest.join('='), url: app.baseUrl };
    }),
  );
  return { ...tracked, userId: session.user.id };
}

describe('tokens on the dashboard', () => {
  beforeAll(async () => {
    if (adminUrl && appDbUrl) {
      await adminQuery(`CREATE DATABASE ${dbName}`);
      ledgerDb = openPostgres(appDbUrl, { max: 4 });
    }
    [app, browser] = await Promise.all([startApp({ env: { TRUST_PROXY: 'true', ...(appDbUrl ? { DATABASE_URL: appDbUrl } : {}) } }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await ledgerDb?.close();
    if (adminUrl) await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  it('a new user sees Free, 10.000 tokens, ≈ 12 analyses (floor(10 / 0.8)), the usage guide and an empty chart — also at 375 px', async () => {
    for (const width of [1280, 375]) {
      const { page, context, errors } = await signedInPage(width);
      await page.goto('/dashboard');
      const card = page.getByTestId('token-card');
      await expect.poll(() => page.getByTestId('token-card-tier').textContent()).toBe('Free plan');
      expect(await page.getByTestId('token-card-balance').textContent()).toBe('10.000');
      expect(await page.getByTestId('token-card-analyses').textContent()).toContain('≈ 12 analyses left');
      expect(await card.textContent()).toMatch(/Next reset[A-Z][a-z]{2} \d{1,2}, \d{4}/);
      const guide = page.getByTestId('usage-guide');
      await guide.waitFor();
      expect(await guide.locator('li').count()).toBe(7);
      expect(await guide.textContent()).toContain('Balance Sheet Analysis1.200');
      await page.getByTestId('usage-chart-empty').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `tokens-dashboard-new-user-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it.runIf(adminUrl)('spent tokens show up within the 30 s refresh: 10 − 0.8 − 1.2 = 8.000, then the chart after a reload', async () => {
    const { page, context, errors, userId } = await signedInPage();
    await page.clock.install();
    await page.goto('/dashboard');
    await expect.poll(() => page.getByTestId('token-card-balance').textContent()).toBe('10.000');

    const ledger = createLedgerService(ledgerDb!);
    await ledger.capture(userId, (await ledger.hold(userId, 800, 'e2e-technical')).id);
    await ledger.hold(userId, 1200, 'e2e-balance-sheet-running'); // reserved, not yet captured
    await page.clock.fastForward(30_000);
    await expect.poll(() => page.getByTestId('token-card-balance').textContent(), { timeout: 10_000 }).toBe('8.000');
    expect(await page.getByTestId('token-card-analyses').textContent()).toContain('≈ 10 analyses left'); // floor(8 / 0.8)
    expect(await page.getByTestId('token-card').textContent()).toContain('1.200 tokens reserved by analyses in progress');

    await page.reload();
    const chart = page.getByTestId('usage-chart');
    await chart.waitFor();
    expect(await chart.textContent()).toContain('0.800 tokens in 30 days');
    expect(await chart.locator('rect').count()).toBe(30);
    await screenshot(page, 'tokens-dashboard-after-spending');
    expect(errors).toEqual([]);
    await context.close();
  });
});
