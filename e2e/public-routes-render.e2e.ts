import { PRIMARY_NAV } from '../web/src/components/layout/primary-nav.tsx';
import { expect, test } from './support/fixtures.ts';
import { listIndexablePaths } from '../core/site/pages.ts';

test.describe('app shell in Chromium', () => {
  // Each route's heading, console errors, sign-in redirect, sandbox strip and 375 px width are checked on the
  // accessibility walk over the router's own table (e2e/support/axe-routes.ts), which visits every page
  // anyway; this file keeps what the walk does not.
  test('an unknown path answers HTTP 404 and still shows the not-found page; so does a share link that does not exist', async ({ open }) => {
    const { page, context } = await open();
    for (const path of ['/no/such/page', '/s/AAAAAAAAAAAAAAAAAAAAAAAA']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      // The server's document, not the live page: once the app boots it retitles a missing share "Shared analysis not found".
      expect((await res!.text()).match(/<title>([^<]*)<\/title>/)?.[1], path).toBe('Page not found · Stockpilot');
    }
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor({ state: 'visible' });
    await context.close();
  });

  test('every indexable page arrives with its own title and description, a canonical URL and a link preview; robots.txt and the sitemap agree', async ({
    open,
    app,
  }) => {
    const { page, context } = await open();
    // Every page the sitemap lists (core/site/pages.ts), not a copy of them.
    const paths = listIndexablePaths();
    expect(paths.length).toBeGreaterThanOrEqual(10);
    const seen: Array<{ title: string; description: string | null }> = [];
    for (const path of paths) {
      // JavaScript off: what a crawler or a link preview reads is the HTML the server sent.
      const html = await (await page.request.get(path)).text();
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
      const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? null;
      expect(html, path).toContain(`<link rel="canonical" href="${app.baseUrl}${path}" />`);
      expect(html, path).toContain(`<meta property="og:title" content="${title}" />`);
      seen.push({ title, description });
    }
    expect(new Set(seen.map((s) => s.title)).size).toBe(paths.length);
    expect(new Set(seen.map((s) => s.description)).size).toBe(paths.length);
    const robots = await (await page.request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${app.baseUrl}/sitemap.xml`);
    const sitemap = await (await page.request.get('/sitemap.xml')).text();
    for (const path of paths) expect(sitemap, path).toContain(`<loc>${app.baseUrl}${path}</loc>`);
    // The manifest and its icons are served for "add to home screen".
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { icons: Array<{ src: string }> };
    for (const icon of manifest.icons) expect((await page.request.get(icon.src)).status(), icon.src).toBe(200);
    await context.close();
  });

  test('the tools are in the top bar at 1600 px, and behind "Menu" at 1280 and 375 px (Escape closes it, a choice navigates)', async ({ open }) => {
    const wide = await open({ width: 1600, height: 800 });
    await wide.page.goto('/about');
    const bar = wide.page.getByRole('navigation', { name: 'Main' });
    for (const label of PRIMARY_NAV.map((l) => l.label)) await expect(bar.getByRole('link', { name: label, exact: true }), label).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Menu' })).toBeHidden();
    await bar.getByRole('link', { name: 'Smart Yield', exact: true }).click();
    await wide.page.waitForURL(/\/smart-yield$/);
    await expect(bar.getByRole('link', { name: 'Smart Yield', exact: true })).toHaveAttribute('aria-current', 'page');
    await wide.context.close();

    // At 1280 px a stock page's header needs the room: the tools are behind Menu there too.
    const laptop = await open({ width: 1280, height: 800 });
    await laptop.page.goto('/about');
    await expect(laptop.page.getByRole('button', { name: 'Menu' })).toBeVisible();
    await expect(laptop.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Screener', exact: true })).toBeHidden();
    await laptop.context.close();

    const phone = await open({ width: 375, height: 740 });
    await phone.page.goto('/about');
    const menu = phone.page.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await phone.page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
    await menu.click();
    await phone.page.getByRole('link', { name: 'Screener', exact: true }).click();
    await phone.page.waitForURL(/\/advanced-market-screener$/);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    const { scrollWidth, clientWidth } = await phone.page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBe(clientWidth);
    await phone.context.close();
  });

  test('the top bar shows "Get Started" to a signed-out visitor and it leads to /login', async ({ open }) => {
    const { page, context } = await open();
    await page.goto('/about');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL(/\/login$/);
    await context.close();
  });
});
