import { screenshot } from './support/harness.ts';
import { expect, test } from './support/fixtures.ts';

/** Roadmap items that are built: the coming-soon card opens the tool, whose page is no preview. */
const live: Array<[string, string]> = [
  ['/smart-watchlist', 'Smart Watchlist'],
  ['/smart-yield', 'Smart Yield'],
  ['/advanced-fundamentals', 'Advanced Fundamentals'],
  ['/advanced-market-screener', 'Advanced Market Screener'],
  ['/dcf-stock-valuation', 'DCF Stock Valuation'],
  ['/track-record', 'Track Record'],
];

test.describe('content pages in Chromium', () => {
  // Every route's h1, console and 375 px width are checked on the accessibility walk (e2e/support/axe-routes.ts).
  test('home, signed out: the hero offers sign-up and pricing, what exists is listed, and every analysis kind is marked Available with its token cost', async ({
    open,
  }) => {
    const { page, context } = await open();
    await page.goto('/');
    const hero = page.locator('section[aria-labelledby="hero-heading"]');
    expect(await hero.getByRole('link', { name: 'Get started free' }).getAttribute('href')).toBe('/signup');
    expect(await hero.getByRole('link', { name: 'See pricing' }).getAttribute('href')).toBe('/pricing');
    const analyses = page.locator('#analyses');
    for (const [name, cost] of [
      ['Quick Overview', '0.5 tokens'],
      ['Fundamental Analysis', '1 token'],
      ['Technical Analysis', '0.8 tokens'],
      ['Balance Sheet Analysis', '1.2 tokens'],
      ['ETF Analysis', '0.8 tokens'],
      ['DCF Valuation', '1 token'],
    ]) {
      const card = analyses.locator('li').filter({ has: page.getByRole('heading', { name, exact: true }) });
      expect(await card.textContent()).toContain(cost);
      expect(await card.textContent()).toContain('Available');
    }
    expect(await analyses.textContent()).toContain('0.3 tokens a question');
    expect(await page.locator('#now li h3').allInnerTexts()).toEqual([
      'Search',
      'Six analyses',
      'Copilot',
      'Prices and charts',
      'Financial statements',
      'ETF details',
      'Tokens and plans',
      'Smart Yield',
      'Fundamentals scorecards',
      'DCF studio',
      'Market screener',
      'Smart Watchlist',
      'Compare',
      'Why a grade is what it is',
      'Export and share',
      'Public API',
      'Track record',
    ]);
    // 50 Basic tokens / 1.2 per balance sheet analysis = 41.67 → 41 runs
    const row = page.locator('#tokens tr').filter({ hasText: 'Balance Sheet Analysis' });
    expect((await row.locator('td').allInnerTexts()).map((t) => t.trim())).toEqual(['1.2', '41']);
    await screenshot(page, 'content-home-1280');
    await context.close();
  });

  test('contact: an incomplete form shows inline errors; a complete one composes a mailto: link to support', async ({ open }) => {
    const { page, context, errors } = await open();
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Open in e-mail app' }).click();
    expect(await page.getByRole('alert').allInnerTexts()).toEqual([
      'Enter your name.',
      'Enter your e-mail address so we can reply.',
      'Tell us a little more: at least 20 characters (0 so far).',
    ]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');

    await page.getByLabel('Your name').fill('Ada Lovelace');
    await page.getByLabel('E-mail for our reply').fill('ada@example.com');
    await page.getByLabel('Topic').selectOption('Billing and tokens');
    await page.getByLabel('Message').fill('My top-up of 20 tokens has not arrived yet.');
    await page.getByRole('button', { name: 'Open in e-mail app' }).click();
    const href = await page.getByRole('link', { name: 'open it here' }).getAttribute('href');
    expect(href?.startsWith('mailto:support@stockpilot.app?subject=%5BBilling%20and%20tokens%5D%20Message%20from%20Ada%20Lovelace&body=')).toBe(true);
    expect(decodeURIComponent(href!.split('&body=')[1]!)).toContain('Reply to: ada@example.com');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('API docs: a failing /api/openapi.json shows an error with a retry', async ({ open }) => {
    const { page, context } = await open();
    await page.route('**/api/openapi.json', (r) =>
      r.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"SERVICE_UNAVAILABLE","message":"Starting up."}}' }),
    );
    await page.goto('/api-docs');
    await page.getByText('The API reference could not be loaded').waitFor({ state: 'visible' });
    expect(await page.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
    await context.close();
  });

  test('coming soon opens every live tool, marked Live, and links the API reference', async ({ open }) => {
    const { page, context } = await open();
    await page.goto('/coming-soon');
    await page.getByRole('link', { name: 'Open Smart Yield' }).waitFor({ state: 'visible' });
    const hrefs = await page.locator('main ol a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(new Set(hrefs)).toEqual(new Set([...live.map(([p]) => p), '/api-docs']));
    for (const [path, title] of live) {
      expect(await page.getByRole('link', { name: `Open ${title}` }).getAttribute('href')).toBe(path);
    }
    // The public API is live too; its card reads "Read the API reference" rather than "Open …".
    expect(await page.locator('main ol li span').getByText('Live', { exact: true }).count()).toBe(live.length + 1);
    expect(await page.getByRole('link', { name: 'Read the API reference' }).getAttribute('href')).toBe('/api-docs');
    await context.close();
  });

  test('legal pages carry the date and a table of contents whose links land on sections', async ({ open }) => {
    const { page, context } = await open();
    for (const path of ['/terms-of-service', '/privacy-policy']) {
      await page.goto(path);
      expect(await page.locator('time').getAttribute('datetime')).toBe('2026-11-21');
      const targets = await page.locator('nav[aria-label="On this page"] a').evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href')))]);
      expect(targets.length).toBeGreaterThanOrEqual(10);
      for (const t of targets) expect(await page.locator(t!).count()).toBe(1);
    }
    await context.close();
  });

  test('not-found keeps its heading and its ways out', async ({ open }) => {
    const { page, context } = await open();
    await page.goto('/does/not/exist');
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor({ state: 'visible' });
    expect(await page.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('link', { name: 'Search stocks' }).getAttribute('href')).toBe('/search');
    expect(await page.getByText('/does/not/exist').isVisible()).toBe(true);
    await context.close();
  });
});
