import { expect, test } from './support/fixtures.ts';

test.describe('app shell in Chromium', () => {
  // Each route's heading, console errors, sign-in redirect, sandbox strip and 375 px width are checked on the
  // accessibility walk over the router's own table (e2e/support/axe-routes.ts), which visits every page
  // anyway; this file keeps what the walk does not.
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
