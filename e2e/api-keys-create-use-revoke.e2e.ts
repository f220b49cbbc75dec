import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { API_DOCS_KEY_STORAGE } from '../core/public-api/limits.ts';
import { openSignedInPage } from './support/accounts.ts';
import { runAxe, selectFailing } from './support/axe.ts';
import { screenshot } from './support/harness.ts';
import { expect, test } from './support/fixtures.ts';

const run = promisify(execFile);

/** `curl` against the app as an API client would: the status code, then the body. */
async function curl(url: string, key: string): Promise<{ status: number; body: { error?: { code: string } } & Record<string, unknown> }> {
  const { stdout } = await run('curl', ['-s', '-w', '\n%{http_code}', '-H', `Authorization: Bearer ${key}`, url]);
  const lines = stdout.trimEnd().split('\n');
  const status = Number(lines.pop());
  return { status, body: JSON.parse(lines.join('\n')) };
}

test.describe('API keys in Chromium: a Pro user creates a key in /settings, uses it with curl, revokes it', () => {
  test('create → shown once (gone after reload) → curl reads a quote → revoke → curl gets 401', async ({ app, browser }) => {
    test.setTimeout(120_000);
    const s = await openSignedInPage(browser, app, { emailPrefix: 'apikeys', firstName: 'Ada', lastName: 'Lovelace' });
    const { page, context, errors } = s;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);

    // Free first: the card explains the plan instead of offering the form.
    await page.goto('/settings');
    const card = page.getByTestId('api-keys-card');
    await card.getByText('API keys are part of the Pro plan').waitFor();
    expect(await card.getByRole('button', { name: 'Create key' }).count()).toBe(0);

    // Pro through the sandbox checkout, as a buyer would.
    const post = (path: string, body: unknown) =>
      fetch(`${app.baseUrl}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { origin: app.baseUrl, 'content-type': 'application/json', cookie: s.cookie },
        body: JSON.stringify(body),
      });
    const checkout = (await (await post('/api/billing/create-checkout', { plan: 'pro' })).json()) as { url: string };
    expect((await post(`${new URL(checkout.url).pathname}/pay`, { card_number: '4242424242424242' })).status).toBe(303);

    await page.reload();
    await card.getByLabel('Key name').fill('Nightly report');
    await card.getByRole('button', { name: 'Create key' }).click();
    const secretBox = page.getByTestId('new-api-key-secret');
    await secretBox.waitFor();
    const secret = await secretBox.inputValue();
    expect(secret).toMatch(/^sp_live_[A-Za-z0-9_-]{43}$/);
    await card.getByRole('button', { name: 'Copy key' }).click();
    await card.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await card.getByRole('button', { name: 'Use in the API docs' }).click();
    expect(await page.evaluate((k) => sessionStorage.getItem(k), API_DOCS_KEY_STORAGE)).toBe(secret);
    const row = card.getByTestId('api-key-row');
    await row.getByText(`${secret.slice(0, 12)}…`).waitFor();
    await screenshot(page, 'api-keys-created');
    // WCAG 2.2 AA with the one-time panel, the form and the list on screen.
    expect(selectFailing(await runAxe(page))).toEqual([]);

    // Shown once: after a reload only the prefix is left.
    await page.reload();
    await row.waitFor();
    expect(await page.getByTestId('new-api-key').count()).toBe(0);
    expect(await page.content()).not.toContain(secret.slice(12));
    expect(await row.textContent()).toContain('Last used Never');

    const quote = await curl(`${app.baseUrl}/api/v1/quotes/AAPL`, secret);
    expect([quote.status, quote.body.symbol]).toEqual([200, 'AAPL']);

    await page.reload();
    await expect.poll(async () => (await row.textContent()) ?? '').not.toContain('Last used Never');
    await row.getByRole('button', { name: 'Revoke Nightly report' }).click();
    await row.getByRole('button', { name: 'Confirm revoking Nightly report' }).click();
    await card.getByText('No API keys yet.').waitFor();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'API key revoked' }).waitFor();
    await screenshot(page, 'api-keys-revoked');

    const after = await curl(`${app.baseUrl}/api/v1/quotes/AAPL`, secret);
    expect([after.status, after.body.error?.code]).toEqual([401, 'INVALID_API_KEY']);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('at 375 px the card fits the screen: no horizontal scroll', async ({ app, browser }) => {
    const { page, context, errors } = await openSignedInPage(browser, app, { emailPrefix: 'apikeys375', firstName: 'Alan', lastName: 'Kay' }, 375);
    await page.goto('/settings');
    await page.getByTestId('api-keys-card').getByText('API keys are part of the Pro plan').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'api-keys-375');
    expect(selectFailing(await runAxe(page))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
