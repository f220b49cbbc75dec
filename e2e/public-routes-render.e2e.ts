import { expect, test } from './support/fixtures.ts';

const publicRoutes = [
  '/',
  '/pricing',
  '/login',
  '/signup',
  '/forgot-password',
  '/auth/reset-password',
  '/terms-of-service',
  '/privacy-policy',
  '/about',
  '/contact',
  '/coming-soon',
  '/advanced-fundamentals',
  '/smart-watchlist',
  '/smart-yield',
  '/dcf-stock-valuation',
  '/advanced-market-screener',
  '/api-docs',
];

test.describe('app shell in Chromium', () => {
  // Each route's heading, console errors, sign-in redirect and 375 px width are checked on the accessibility
  // walk over the router's own table (e2e/support/axe-routes.ts); this file keeps what the walk does not.
  test('with sandbox payments (no Stripe configured) every page carries the sandbox strip, once', async ({ open }) => {
    const { page, context } = await open();
    for (const path of [...publicRoutes, '/no/such/page', '/dashboard']) {
      await page.goto(path);
      const strip = page.getByRole('note', { name: 'Sandbox payments' });
      await strip.waitFor({ state: 'visible' });
      expect(await strip.count(), path).toBe(1);
      expect(await strip.textContent(), path).toContain('Sandbox payments — no real charges');
    }
    await context.close();
  });

  test('an unknown path shows the not-found page', async ({ open }) => {
    const { page, context } = await open();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor({ state: 'visible' });
    expect(await page.title()).toContain('Page not found');
    await context.close();
  });

  test('the top bar shows "Get Started" to a signed-out visitor and it leads to /login', async ({ open }) => {
    const { page, context } = await open();
    await page.goto('/about');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL(/\/login$/);
    await context.close();
  });
});
