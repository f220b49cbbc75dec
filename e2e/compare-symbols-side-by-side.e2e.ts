import type { Page } from '@playwright/test';
import { openSignedInPage } from './support/accounts.ts';
import { findFailingAxeViolations } from './support/axe.ts';
import { screenshot } from './support/harness.ts';
import { expect, test } from './support/fixtures.ts';
import { findOverflowing } from './support/layout.ts';

/**
 * /compare in Chromium: three symbols side by side with the best and worst of each row marked in
 * words, a fourth added with the market search, and a missing analysis run from the table (charged
 * once: the header balance drops by its cost), while a saved one opens free.
 */
const balance = (page: Page) => page.getByTestId('header-balance').locator('.tabular').textContent();
const columnHeaders = (page: Page) => page.getByTestId('compare-table').locator('thead th').allTextContents();
/** The numbers of a row's cells as shown ("26.9%" → 26.9), with each cell's standing. */
const readRow = (page: Page, key: string) =>
  page
    .getByTestId(`row-${key}`)
    .locator('td')
    .evaluateAll((tds) =>
      tds.map((td) => ({
        value: Number.parseFloat((td.querySelector('.tabular')?.textContent ?? '').replace('−', '-').replace(/[^\d.-]/g, '')),
        standing: td.getAttribute('data-standing'),
        text: td.textContent ?? '',
      })),
    );
test.describe('/compare puts symbols side by side', () => {
  test('AAPL, MSFT, GOOGL: marked best and worst, add NVDA, run MSFT’s missing technical analysis (10 − 0.8 − 0.8 = 8.4 tokens)', async ({ app, browser }) => {
    const { page, context, errors, cookie } = await openSignedInPage(browser, app, { emailPrefix: 'compare', firstName: 'Ida', lastName: 'Tarbell' });
    // One saved analysis beforehand: AAPL's technical, run through the API (0.8 tokens).
    const seeded = await fetch(`${app.baseUrl}/api/analyses`, {
      method: 'POST',
      headers: { cookie, origin: app.baseUrl, 'content-type': 'application/json', 'idempotency-key': 'e2e-compare-seed' },
      body: JSON.stringify({ symbol: 'AAPL', kind: 'technical' }),
    });
    expect(seeded.status).toBe(201);
    const seededId = (await seeded.json()).id as string;

    await page.goto('/compare?symbols=AAPL,MSFT,GOOGL');
    await page.getByTestId('compare-table').waitFor();
    expect((await columnHeaders(page)).map((h) => h.slice(0, 5))).toEqual(['Figur', 'AAPLA', 'MSFTM', 'GOOGL']);
    await expect.poll(() => balance(page)).toBe('9.200');

    // Net margin: the highest is marked "Best", the lowest "Worst", in words inside the cell.
    const margins = await readRow(page, 'net_margin');
    const values = margins.map((c) => c.value);
    expect(values.every(Number.isFinite)).toBe(true);
    expect(margins.find((c) => c.value === Math.max(...values))).toMatchObject({ standing: 'best', text: expect.stringContaining('Best') });
    expect(margins.find((c) => c.value === Math.min(...values))).toMatchObject({ standing: 'worst', text: expect.stringContaining('Worst') });
    // P/E: lower is better, so the cheapest is "Best".
    const pe = await readRow(page, 'pe_ttm');
    expect(pe.find((c) => c.standing === 'best')!.value).toBe(Math.min(...pe.map((c) => c.value)));

    // AAPL's saved technical opens free; MSFT and GOOGL offer the priced run.
    const saved = page.getByTestId('saved-technical-AAPL');
    expect(await saved.getByRole('link').getAttribute('href')).toBe(`/technical/AAPL?analysis=${seededId}`);
    await page.getByRole('button', { name: 'Run analysis (0.8 tokens): Technical rating, GOOGL' }).waitFor();
    await page.getByTestId('compare-performance').locator('svg[role="img"]').waitFor();
    expect(await findFailingAxeViolations(page)).toEqual([]);
    await screenshot(page, 'compare-three-1280');

    // Add a fourth with the market search: the URL holds it.
    const picker = page.getByRole('combobox', { name: 'Add a symbol to compare (3 of 5)' });
    await picker.fill('NVDA');
    await page.getByRole('option', { name: /^NVDA/ }).click();
    await page.waitForURL(/\/compare\?symbols=AAPL,MSFT,GOOGL,NVDA$/);
    await expect.poll(async () => (await columnHeaders(page)).length).toBe(5);

    // Run MSFT's missing technical analysis from the table: its rating appears, charged once.
    await page.getByRole('button', { name: 'Run analysis (0.8 tokens): Technical rating, MSFT' }).click();
    await page.getByTestId('saved-technical-MSFT').waitFor();
    const ratings = await page.getByTestId('row-technical_rating').locator('td').allTextContents();
    expect(ratings[1]).toMatch(/^(Strong Sell|Sell|Neutral|Buy|Strong Buy)/);
    await expect.poll(() => balance(page)).toBe('8.400');
    expect(await findFailingAxeViolations(page)).toEqual([]);
    await screenshot(page, 'compare-four-after-run-1280');

    // At 375 px the table scrolls inside its frame; nothing else runs off the page.
    await page.setViewportSize({ width: 375, height: 900 });
    await page.reload();
    await page.getByTestId('compare-table').waitFor();
    expect(await findOverflowing(page)).toEqual([]);
    // …and the page itself is no wider than the screen (a screen-reader-only status once widened it).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    expect(await findFailingAxeViolations(page)).toEqual([]);
    await screenshot(page, 'compare-four-375');

    // Removing a symbol rewrites the URL; symbol pages link here.
    await page.getByRole('button', { name: 'Remove GOOGL from the comparison' }).click();
    await page.waitForURL(/\/compare\?symbols=AAPL,MSFT,NVDA$/);
    await page.goto('/overview/KO');
    await page.getByRole('link', { name: 'Compare' }).click();
    await page.waitForURL(/\/compare\?symbols=KO$/);
    await page.getByTestId('compare-table').waitFor();
    await expect.poll(() => balance(page)).toBe('8.400');
    expect(errors).toEqual([]);
    await context.close();
  });
});
