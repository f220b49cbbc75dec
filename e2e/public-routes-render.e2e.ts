import { screenshot } from './support/harness.ts';
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

const guardedRoutes = ['/dashboard', '/search', '/settings', '/token-topup', '/token-pricing', '/overview/AAPL'];

test.describe('app shell in Chromium', () => {
  for (const path of publicRoutes)
    test(`public route ${path} renders its heading without console errors`, async ({ open }) => {
      const { page, context, errors } = await open();
      await page.goto(path);
      const h1 = page.locator('h1').first();
      await h1.waitFor({ state: 'visible' });
      expect(((await h1.textContent()) ?? '').trim().length).toBeGreaterThan(2);
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
      await context.close();
    });

  for (const path of guardedRoutes)
    test(`guarded route ${path} sends a signed-out visitor to /login with the way back`, async ({ open }) => {
      const { page, context } = await open();
      await page.goto(path);
      await page.waitForURL(/\/login\?next=/);
      expect(new URL(page.url()).searchParams.get('next')).toBe(path);
      await context.close();
    });

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

  for (const path of ['/', '/pricing', '/login', '/about', '/terms-of-service'])
    test(`at 375 px wide ${path} has no horizontal scroll`, async ({ open }) => {
      const { page, context } = await open({ width: 375, height: 740 });
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      if (path === '/') await screenshot(page, 'home-375');
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
