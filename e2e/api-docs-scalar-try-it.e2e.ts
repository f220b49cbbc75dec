import type { Page } from '@playwright/test';
import { API_DOCS_KEY_STORAGE, apiRateLimits } from '../core/public-api/limits.ts';
import { API_KEY_SCHEME, PUBLIC_API_TAG } from '../core/public-api/openapi-names.ts';
import { errorStatus } from '../server/lib/errors.ts';
import { buildQuickStartSnippets } from '../web/src/features/api-docs/quick-start-snippets.ts';
import { signUpVerified, toBrowserCookies } from './support/accounts.ts';
import { screenshot } from './support/harness.ts';
import { expect, test } from './support/fixtures.ts';

type Operation = { tags?: string[]; security?: Array<Record<string, string[]>>; parameters?: Array<{ required?: boolean }> };
// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is edited field by field.
type Doc = any;

/** The first GET of the public API that needs only the key (no required parameter): the one "Try it" sends. */
function findKeyOnlyGet(doc: Doc): string | undefined {
  return Object.entries(doc.paths as Record<string, Record<string, Operation>>).find(
    ([, item]) =>
      item.get?.tags?.includes(PUBLIC_API_TAG) && item.get.security?.some((s) => API_KEY_SCHEME in s) && !item.get.parameters?.some((p) => p.required),
  )?.[0];
}

/**
 * Serves the real /api/openapi.json, plus a sample bearer-secured v1 operation while the document has none
 * (before the /api/v1 routes exist). With them, the real document is used as it is and every check below
 * runs against the real public API operations. `chosen` resolves, once the page has fetched the document,
 * to the path "Try it" will call.
 */
async function serveDocumentWithAKeyOnlyGet(page: Page): Promise<{ chosen: Promise<{ path: string; sample: boolean }> }> {
  let resolve!: (v: { path: string; sample: boolean }) => void;
  const chosen = new Promise<{ path: string; sample: boolean }>((r) => (resolve = r));
  await page.route('**/api/openapi.json', async (route) => {
    const res = await route.fetch();
    const doc: Doc = await res.json();
    let path = doc.components?.securitySchemes?.[API_KEY_SCHEME] ? findKeyOnlyGet(doc) : undefined;
    const sample = !path;
    if (!path) {
      path = '/api/v1/sample-balance';
      doc.components.securitySchemes[API_KEY_SCHEME] = { type: 'http', scheme: 'bearer', description: 'Sample scheme for the test' };
      doc.tags = [{ name: PUBLIC_API_TAG, description: 'Sample group for the test' }, ...doc.tags];
      doc.paths[path] = {
        get: {
          operationId: 'sampleGetBalance',
          tags: [PUBLIC_API_TAG],
          summary: 'Sample: your token balance',
          security: [{ [API_KEY_SCHEME]: [] }],
          responses: {
            200: { description: 'OK', content: { 'application/json': { schema: { type: 'object', properties: { balance: { type: 'number' } } } } } },
          },
        },
      };
    }
    resolve({ path, sample });
    await route.fulfill({ response: res, json: doc });
  });
  return { chosen };
}

const slugOf = (tag: string) => tag.toLowerCase().replace(/[^a-z0-9]+/g, '-');
const operationSection = (page: Page, path: string) => page.locator(`[id="api-1/tag/${slugOf(PUBLIC_API_TAG)}/GET${path}"]`);

test.describe('/api-docs renders the OpenAPI document with Scalar, and "Try it" uses the reader’s own key', () => {
  test('the shell and quick start render at once while the lazily loaded Scalar chunk is on its way; then operations, the key scheme, limits and every error code', async ({
    app,
    open,
  }) => {
    const { page, context, errors } = await open();
    const foreign: string[] = [];
    const scalarChunks: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(app.baseUrl)) foreign.push(r.url());
      if (/\/assets\/scalar-reference-[^/]+\.js$/.test(r.url())) scalarChunks.push(r.url());
    });
    await page.goto('/');
    await page.locator('h1').first().waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    expect(scalarChunks).toEqual([]);

    // Hold Scalar's chunk back: the page must already be usable without it.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/scalar-reference-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const { chosen } = await serveDocumentWithAKeyOnlyGet(page);
    // Not waiting for "load": the held chunk must not be what the navigation waits on.
    await page.goto('/api-docs', { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'API Documentation', level: 1 }).waitFor({ state: 'visible' });
    await page.getByRole('heading', { name: 'Quick start' }).waitFor({ state: 'visible' });
    await page.getByText('Loading the API reference...').waitFor({ state: 'visible' });
    expect(scalarChunks).toHaveLength(1);
    release();

    const { path, sample } = await chosen;
    console.info(`Try-it operation: GET ${path}${sample ? ' (sample: the document has no /api/v1 operation yet)' : ''}`);
    const scalar = page.locator('.scalar-app').first();
    await operationSection(page, path).waitFor({ state: 'visible' });
    // The operations list: a sidebar group per tag, the public API's first.
    const groups = await page.locator('li[data-sidebar-id^="api-1/tag/"]').evaluateAll((ls) => ls.map((l) => l.getAttribute('data-sidebar-id')));
    expect(groups[0]).toBe(`api-1/tag/${slugOf(PUBLIC_API_TAG)}`);
    expect(groups).toEqual(expect.arrayContaining(['api-1/tag/market', 'api-1/tag/analyses', 'api-1/tag/system']));
    // The auth scheme is offered (and selected) for "Try it".
    expect(await scalar.getByRole('button', { name: `Selected Auth Type: ${API_KEY_SCHEME}` }).count()).toBeGreaterThan(0);
    // The introduction: authentication, rate limits from core, idempotency and the complete closed map of error codes.
    const intro = page.locator('.introduction-section').first();
    for (const heading of ['Authentication', 'Rate limits', 'Idempotent analyses', 'Errors']) {
      await intro.getByRole('heading', { name: heading, exact: true }).first().waitFor({ state: 'attached' });
    }
    const introText = (await intro.textContent()) ?? '';
    for (const header of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After', 'Idempotency-Key']) expect(introText).toContain(header);
    for (const [scope, { limit }] of Object.entries(apiRateLimits)) expect(introText).toMatch(new RegExp(`${scope}\\s*${limit}`));
    const missing = Object.keys(errorStatus).filter((code) => !introText.includes(code));
    expect(missing).toEqual([]);
    // Snippets: curl first, and no client outside curl and the JavaScript fetch client.
    await operationSection(page, path).scrollIntoViewIfNeeded();
    await expect.poll(async () => (await operationSection(page, path).textContent()) ?? '').toContain('curl');
    await screenshot(page, 'api-docs-scalar');

    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a key Settings left in sessionStorage fills Scalar’s bearer auth, and "Try it" sends it to this origin only, stored nowhere else', async ({
    app,
    open,
  }) => {
    const key = 'sp_live_e2eKeyFromSettings0123456789';
    const { page, context, errors } = await open();
    await page.addInitScript(([name, value]) => sessionStorage.setItem(name!, value!), [API_DOCS_KEY_STORAGE, key]);
    const sent: Array<{ url: string; authorization?: string }> = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(app.baseUrl)) sent.push({ url: r.url() });
    });
    await page.route('**/api/v1/**', async (route) => {
      sent.push({ url: route.request().url(), authorization: route.request().headers().authorization });
      await route.fulfill({ json: { balance: 42 } });
    });
    const { chosen } = await serveDocumentWithAKeyOnlyGet(page);
    await page.goto('/api-docs');
    const { path } = await chosen;
    await page.getByText(`“Try it” sends Authorization: Bearer ${key.slice(0, 12)}…`).waitFor({ state: 'visible' });
    const op = operationSection(page, path);
    await op.waitFor({ state: 'visible' });
    await op.scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.scalar-app input[placeholder="Token"]').first().inputValue()).toBe(key);
    // Scalar's own snippet for the operation carries the key too.
    await expect.poll(async () => (await op.textContent())?.includes(`Authorization: Bearer ${key}`)).toBe(true);

    await op.getByRole('button', { name: /Test Request/ }).click();
    const client = page.locator('.scalar-client--open');
    await client.waitFor({ state: 'visible' });
    await client.getByRole('button', { name: /^Send/ }).first().click();
    await expect.poll(() => sent.length).toBeGreaterThan(0);
    // Scalar may fill optional query parameters from their examples: the origin and path are what matter.
    expect(sent.map((r) => ({ ...r, url: r.url.split('?')[0] }))).toEqual([{ url: `${app.baseUrl}${path}`, authorization: `Bearer ${key}` }]);
    await client.getByText('200').first().waitFor({ state: 'visible' });
    await screenshot(page, 'api-docs-try-it');
    // persistAuth is off: the key is in this tab's sessionStorage only, never in localStorage.
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(key);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('without a stored key, a pasted one is used at once and kept for this tab; Forget clears it', async ({ open }) => {
    const { page, context } = await open();
    const { chosen } = await serveDocumentWithAKeyOnlyGet(page);
    await page.goto('/api-docs');
    const { path } = await chosen;
    await page.getByText('No key set: “Try it” requests will answer 401.').waitFor({ state: 'visible' });
    await operationSection(page, path).waitFor({ state: 'visible' });
    await page.getByLabel('API key', { exact: true }).fill('not-a-key');
    await page.getByRole('button', { name: 'Use key' }).click();
    await page.getByText('An API key starts with sp_live_.').waitFor({ state: 'visible' });

    await page.getByLabel('API key', { exact: true }).fill('sp_live_pasted42');
    await page.getByRole('button', { name: 'Use key' }).click();
    await expect.poll(() => page.locator('.scalar-app input[placeholder="Token"]').first().inputValue()).toBe('sp_live_pasted42');
    expect(await page.evaluate((name) => sessionStorage.getItem(name), API_DOCS_KEY_STORAGE)).toBe('sp_live_pasted42');

    await page.getByRole('button', { name: 'Forget key' }).click();
    await expect.poll(() => page.evaluate((name) => sessionStorage.getItem(name), API_DOCS_KEY_STORAGE)).toBe(null);
    await expect.poll(() => page.locator('.scalar-app input[placeholder="Token"]').first().inputValue()).toBe('');
    await context.close();
  });

  test('the copy buttons put the quick-start curl and TypeScript snippets, with this origin and the key placeholder, on the clipboard', async ({
    app,
    open,
  }) => {
    const { page, context } = await open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
    await page.goto('/api-docs');
    // The site-wide data-freshness strip arrives with its fetch and pushes the page down: a click aimed before
    // that lands beside the button. The readiness signal says no fetch is running any more.
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    // The clipboard API refuses a page whose document is not focused (another test's browser may have it).
    await page.bringToFront();
    const expected = buildQuickStartSnippets(app.baseUrl);
    expect(expected.curl).toContain(`${app.baseUrl}/api/v1/`);
    expect(expected.curl).toContain('Authorization: Bearer sp_live_…');
    for (const [name, text] of [
      ['curl', expected.curl],
      ['TypeScript (fetch)', expected.typescript],
    ] as const) {
      const button = page.getByRole('button', { name: `Copy the ${name} example` });
      await button.click();
      await expect.poll(() => button.textContent()).toBe('Copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
    }
    await context.close();
  });

  test('signed out, the docs say sign in and Pro are required; signed in on Free, that Pro is required', async ({ app, open }) => {
    const { page, context } = await open({ width: 375, height: 800 });
    await page.goto('/api-docs');
    await page.getByText('Sign in · Pro required').waitFor({ state: 'visible' });
    expect(await page.getByRole('link', { name: 'Sign in' }).last().getAttribute('href')).toBe('/login?next=%2Fapi-docs');

    const user = await signUpVerified(app, { emailPrefix: 'apidocs', firstName: 'Ada', lastName: 'Byron' });
    await context.addCookies(toBrowserCookies(user.cookie, app.baseUrl));
    await page.reload();
    await page.getByText('You are on Free. API keys come with the Pro plan').waitFor({ state: 'visible' });
    expect(await page.getByText('Sign in · Pro required').count()).toBe(0);
    await context.close();
  });
});
