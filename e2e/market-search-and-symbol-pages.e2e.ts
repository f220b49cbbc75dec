import { signUpVerified, toBrowserCookies } from './support/accounts.ts';
import { screenshot } from './support/harness.ts';
import { expect, test } from './support/fixtures.ts';

test.describe('market in Chromium: instant search to a symbol page with the stock header and a lazy chart', () => {
  let cookies: ReturnType<typeof toBrowserCookies>;
  test.beforeAll(async ({ app }) => {
    const user = await signUpVerified(app, { emailPrefix: 'market', firstName: 'Ada', lastName: 'Quant' });
    cookies = toBrowserCookies(user.cookie, app.baseUrl);
  });

  test('typing "appel", ↓ and Enter opens Apple; the chart library loads only then', async ({ open }) => {
    const { page, context, errors } = await open();
    await context.addCookies(cookies);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/search');
    const box = page.getByRole('combobox');
    await box.fill('appel');
    await page.getByRole('option', { name: /^AAPL Apple/ }).waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(scripts.some((s) => s.includes('price-chart-canvas'))).toBe(false);
    await box.press('ArrowDown');
    expect(await page.getByRole('option', { name: /^AAPL Apple/ }).getAttribute('aria-selected')).toBe('true');
    await box.press('Enter');
    await page.waitForURL('**/overview/AAPL');
    const header = page.getByTestId('stock-header');
    await header.getByText('Delayed · snapshot').waitFor();
    expect(await header.textContent()).toContain('AAPL');
    expect(await header.textContent()).toContain('$308.63');
    await page.getByText('Data as of 2026-07-02').waitFor();
    await page.locator('canvas').first().waitFor();
    expect(scripts.some((s) => s.includes('price-chart-canvas'))).toBe(true);
    await page.getByRole('button', { name: 'Run analysis (0.5 tokens)' }).waitFor();
    await screenshot(page, 'market-overview-aapl');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('Escape closes the suggestions; the full results list says what each symbol can be analysed with; /search?q= starts from the query', async ({
    open,
  }) => {
    const { page, context, errors } = await open();
    await context.addCookies(cookies);
    await page.goto('/search');
    const box = page.getByRole('combobox');
    await box.fill('bank of america');
    await page.getByRole('option', { name: /^BAC Bank/ }).waitFor();
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await box.press('Enter');
    await page.waitForURL('**/search-results?q=bank%20of%20america');
    const first = page.getByRole('listitem').filter({ hasText: 'Bank of America' }).first();
    await first.getByText('Fundamentals').waitFor();
    await first.getByText('Daily price history').waitFor();
    // A /search link with a query starts from it.
    await page.goto('/search?q=bank%20of%20america');
    expect(await page.getByRole('combobox').inputValue()).toBe('bank of america');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('an unknown symbol says so; a phone-width symbol page has no horizontal scroll', async ({ open }) => {
    const { page, context, errors } = await open({ width: 375, height: 800 });
    await context.addCookies(cookies);
    await page.goto('/overview/ZZZZQ');
    await page.getByText('We don\u2019t know the symbol').or(page.getByText("We don't know the symbol")).first().waitFor();
    // The first release's statement link now opens the balance sheet analysis, statements included.
    await page.goto('/fundamental-analysis/NVDA/balance-sheet');
    await page.waitForURL('**/balance-sheet/NVDA');
    await page.getByRole('heading', { name: 'Balance sheet' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The unknown symbol's profile lookup is a 404 by design; nothing else may fail.
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await context.close();
  });
});
