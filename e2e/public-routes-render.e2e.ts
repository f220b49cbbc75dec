import { expect, test } from './support/fixtures.ts';

test.describe('app shell in Chromium', () => {
  // Each route's heading, console errors, sign-in redirect, sandbox strip and 375 px width are checked on the
  // accessibility walk over the router's own table (e2e/support/axe-routes.ts), which visits every page
  // anyway; this file keeps what the walk does not.
  test('an unknown path answers HTTP 404 and still shows the not-found page; so does a share link that does not exist', async ({ open }) => {
    const { page, context } = await open();
    for (const path of ['/no/such/page', '/s/AAAAAAAAAAAAAAAAAAAAAAAA']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      expect(await page.title(), path).toBe('Page not found · Stockpilot');
    }
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor({ state: 'visible' });
    await context.close();
  });

  test('ten public pages arrive with ten different titles and descriptions, a canonical URL and a link preview; robots.txt and the sitemap agree', async ({
    open,
    app,
  }) => {
    const { page, context } = await open();
    const paths = [
      '/',
      '/pricing',
      '/about',
      '/contact',
      '/terms-of-service',
      '/privacy-policy',
      '/smart-yield',
      '/advanced-market-screener',
      '/track-record',
      '/api-docs',
    ];
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
    expect(new Set(seen.map((s) => s.title)).size).toBe(10);
    expect(new Set(seen.map((s) => s.description)).size).toBe(10);
    const robots = await (await page.request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${app.baseUrl}/sitemap.xml`);
    const sitemap = await (await page.request.get('/sitemap.xml')).text();
    for (const path of paths) expect(sitemap, path).toContain(`<loc>${app.baseUrl}${path}</loc>`);
    // The manifest and its icons are served for "add to home screen".
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { icons: Array<{ src: string }> };
    for (const icon of manifest.icons) expect((await page.request.get(icon.src)).status(), icon.src).toBe(200);
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
