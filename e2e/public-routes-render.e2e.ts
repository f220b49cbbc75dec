import { describe, expect, it } from 'vitest';
import { screenshot, useAppInBrowser } from './support/harness.ts';

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

describe('app shell in Chromium', () => {
  const t = useAppInBrowser();

  it.each(publicRoutes)('public route %s renders its heading without console errors', async (path) => {
    const { page, context, errors } = await t.open();
    await page.goto(path);
    const h1 = page.locator('h1').first();
    await h1.waitFor({ state: 'visible' });
    expect(((await h1.textContent()) ?? '').trim().length).toBeGreaterThan(2);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(guardedRoutes)('guarded route %s sends a signed-out visitor to /login with the way back', async (path) => {
    const { page, context } = await t.open();
    await page.goto(path);
    await page.waitForURL(/\/login\?next=/);
    expect(new URL(page.url()).searchParams.get('next')).toBe(path);
    await context.close();
  });

  it('with sandbox payments (no Stripe configured) every page carries the sandbox strip, once', async () => {
    const { page, context } = await t.open();
    for (const path of [...publicRoutes, '/no/such/page', '/dashboard']) {
      await page.goto(path);
      const strip = page.getByRole('note', { name: 'Sandbox payments' });
      await strip.waitFor({ state: 'visible' });
      expect(await strip.count(), path).toBe(1);
      expect(await strip.textContent(), path).toContain('Sandbox payments — no real charges');
    }
    await context.close();
  });

  it('an unknown path shows the not-found page', async () => {
    const { page, context } = await t.open();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor({ state: 'visible' });
    expect(await page.title()).toContain('Page not found');
    await context.close();
  });

  it.each(['/', '/pricing', '/login', '/about', '/terms-of-service'])('at 375 px wide %s has no horizontal scroll', async (path) => {
    const { page, context } = await t.open({ width: 375, height: 740 });
    await page.goto(path);
    await page.locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    if (path === '/') await screenshot(page, 'home-375');
    await context.close();
  });

  it('the top bar shows "Get Started" to a signed-out visitor and it leads to /login', async () => {
    const { page, context } = await t.open();
    await page.goto('/about');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL(/\/login$/);
    await context.close();
  });
});
