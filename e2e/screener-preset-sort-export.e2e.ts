import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { SCREENER_PRESETS } from '../core/screener/presets.ts';
import type { ScreenerQueryBody, ScreenerResult } from '../server/features/screener/screener.routes.ts';
import { openSignedInPage } from './support/accounts.ts';
import { findFailingAxeViolations } from './support/axe.ts';
import { screenshot } from './support/harness.ts';
import { parseCsv } from '../core/text/csv.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * The market screener in Chromium: a preset fills the table, a header sorts it, the CSV export holds the
 * same rows, and the URL alone reproduces the screen (reload, a new tab, back and forward).
 */

const qarp = SCREENER_PRESETS.find((p) => p.id === 'quality-reasonable-price')!;
const results = (page: Page) => page.getByTestId('screener-results');
const tableSymbols = (page: Page) =>
  results(page)
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-symbol')!));
/** The cells of one column, as the numbers they show ("−4.3%" → −4.3, "—" → null). */
const columnNumbers = async (page: Page, field: string) => {
  const index = await results(page)
    .locator('thead th')
    .evaluateAll((ths, f) => ths.findIndex((th) => th.querySelector(`[data-testid="sort-${f}"]`)), field);
  const texts = await results(page)
    .locator(`tbody tr > :nth-child(${index + 1})`)
    .allInnerTexts();
  return texts.map((t) => (t.trim() === '—' ? null : Number(t.replace('−', '-').replace(/[^0-9.-]/g, ''))));
};
const isOrdered = (xs: Array<number | null>, dir: 'asc' | 'desc') => {
  const known = xs.filter((x): x is number => x !== null);
  // Missing values come last whichever the direction.
  const firstMissing = xs.indexOf(null);
  if (firstMissing >= 0 && xs.slice(firstMissing).some((x) => x !== null)) return false;
  return known.every((x, i) => i === 0 || (dir === 'asc' ? known[i - 1]! <= x : known[i - 1]! >= x));
};
const ariaSortOf = (page: Page, field: string) =>
  results(page)
    .locator('thead th')
    .filter({ has: page.getByTestId(`sort-${field}`) })
    .getAttribute('aria-sort');

async function queryApi(page: Page, body: ScreenerQueryBody): Promise<ScreenerResult> {
  const res = await page.request.post('/api/screener/query', { data: body });
  expect(res.status()).toBe(200);
  return (await res.json()) as ScreenerResult;
}

test.describe('market screener: preset, sort, export, URL', () => {
  test('a preset fills the table with the API’s rows; sorting by P/E orders the column both ways; the CSV holds every match in that order; the URL reproduces it', async ({
    app,
    browser,
  }) => {
    const { page, context, errors } = await openSignedInPage(browser, app, { emailPrefix: 'screener', firstName: 'Ada', lastName: 'Byron' });
    await page.goto('/advanced-market-screener');
    await results(page).locator('tbody tr').first().waitFor();

    // Preset: its filters land in the URL and its rows are the API's first page, in order.
    await page.getByTestId(`preset-${qarp.id}`).click();
    await page.waitForURL(/roe=15\.\./);
    await expect.poll(() => page.getByTestId(`preset-${qarp.id}`).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => ariaSortOf(page, 'roe')).toBe('descending');
    const api = await queryApi(page, { filters: qarp.filters, sort: qarp.sort, columns: qarp.columns, page: 1, page_size: 25 });
    expect(api.total).toBeGreaterThan(0);
    await expect.poll(() => tableSymbols(page)).toEqual(api.rows.map((r) => r.symbol));
    expect(await page.getByTestId('match-count').textContent()).toBe(`${api.total} ${api.total === 1 ? 'match' : 'matches'}`);
    expect(isOrdered(await columnNumbers(page, 'roe'), 'desc')).toBe(true);

    // Sort by P/E: a new column sorts descending first, the second click ascending; the API agrees on the order.
    await page.getByTestId('sort-pe_ttm').click();
    await expect.poll(() => ariaSortOf(page, 'pe_ttm')).toBe('descending');
    expect(await ariaSortOf(page, 'roe')).toBeNull();
    await page.getByTestId('sort-pe_ttm').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => ariaSortOf(page, 'pe_ttm')).toBe('ascending');
    await page.waitForURL(/sort=pe_ttm/);
    const byPe = await queryApi(page, { filters: qarp.filters, sort: { field: 'pe_ttm', dir: 'asc' }, columns: qarp.columns, page: 1, page_size: 25 });
    await expect.poll(() => tableSymbols(page)).toEqual(byPe.rows.map((r) => r.symbol));
    const pe = await columnNumbers(page, 'pe_ttm');
    expect(isOrdered(pe, 'asc')).toBe(true);
    expect(pe[0]).toBeLessThanOrEqual(pe[pe.length - 1]!);
    await expect.poll(() => page.getByTestId(`preset-${qarp.id}`).getAttribute('aria-pressed')).toBe('false');

    // CSV: every match (not just the page), same order and columns, numbers as the API has them.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^stockpilot-screen-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = parseCsv(readFileSync((await download.path())!, 'utf8'));
    const [header, ...body] = csv;
    expect(header!.slice(0, 2)).toEqual(['Symbol', 'Name']);
    expect(header).toHaveLength(2 + qarp.columns.length);
    expect(body).toHaveLength(byPe.total);
    expect(body.slice(0, byPe.rows.length).map((r) => r[0])).toEqual(byPe.rows.map((r) => r.symbol));
    const peAt = 2 + qarp.columns.indexOf('pe_ttm');
    expect(header![peAt]).toBe('P/E (trailing twelve months) (×)');
    for (const [i, row] of byPe.rows.entries()) {
      expect(body[i]![1]).toBe(row.name);
      expect(body[i]![peAt] === '' ? null : Number(body[i]![peAt])).toBe(row.values.pe_ttm);
    }

    // The URL is the screen: a reload and a fresh tab show the same rows, sort and chips.
    const url = page.url();
    const chips = await page
      .getByRole('list', { name: 'Active filters' })
      .getByRole('button', { name: /^Remove filter/ })
      .count();
    expect(chips).toBe(qarp.filters.length);
    await page.reload();
    await expect.poll(() => tableSymbols(page)).toEqual(byPe.rows.map((r) => r.symbol));
    expect(await ariaSortOf(page, 'pe_ttm')).toBe('ascending');
    const other = await context.newPage();
    await other.goto(url);
    await other.getByTestId('screener-results').locator('tbody tr').first().waitFor();
    expect(await tableSymbols(other)).toEqual(byPe.rows.map((r) => r.symbol));
    expect(
      await other
        .getByRole('list', { name: 'Active filters' })
        .getByRole('button', { name: /^Remove filter/ })
        .count(),
    ).toBe(chips);
    await other.close();

    // Back: the descending P/E sort, then the preset's own ROE sort; forward again.
    await page.goBack();
    await expect.poll(() => ariaSortOf(page, 'pe_ttm')).toBe('descending');
    await page.goBack();
    await expect.poll(() => ariaSortOf(page, 'roe')).toBe('descending');
    await expect.poll(() => page.getByTestId(`preset-${qarp.id}`).getAttribute('aria-pressed')).toBe('true');
    await page.goForward();
    await expect.poll(() => ariaSortOf(page, 'pe_ttm')).toBe('descending');

    // A result opens its page: once the rows are the forward screen's (the header's sort shows at once, the
    // previous rows stay, dimmed and aria-busy, until the query answers).
    await expect.poll(() => results(page).getAttribute('aria-busy')).toBeNull();
    const first = (await tableSymbols(page))[0]!;
    await results(page).getByRole('link', { name: first, exact: true }).click();
    await page.waitForURL(new RegExp(`/overview/${first}$`));
    await screenshot(page, 'screener-opened-result');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a bound typed in the filter panel applies, shows as a chip and narrows the count; a screen is saved, reopened from the list and deleted', async ({
    app,
    browser,
  }) => {
    const { page, context, errors } = await openSignedInPage(browser, app, { emailPrefix: 'screens', firstName: 'Ada', lastName: 'Byron' });
    await page.goto('/advanced-market-screener');
    await results(page).locator('tbody tr').first().waitFor();
    const all = Number((await page.getByTestId('match-count').textContent())!.split(' ')[0]!.replaceAll(',', ''));
    await page.getByTestId('category-size').click();
    await page.getByTestId('filter-market_cap-min').fill('100B');
    await page.getByTestId('filter-market_cap-min').press('Enter');
    await page.waitForURL(/market_cap=100000000000\.\./);
    await page.getByRole('button', { name: 'Remove filter Market cap ≥ $100B' }).waitFor();
    const api = await queryApi(page, { filters: [{ field: 'market_cap', min: 100e9 }], page: 1, page_size: 25 });
    await expect.poll(() => page.getByTestId('match-count').textContent()).toBe(`${api.total} matches`);
    expect(api.total).toBeLessThan(all);
    const caps = await columnNumbers(page, 'market_cap');
    expect(caps.every((c) => c !== null)).toBe(true);
    // The open states the route scan does not reach: a category of filters and the column chooser.
    await page.getByRole('button', { name: /^Columns/ }).click();
    await page.getByRole('group', { name: 'Choose columns' }).waitFor();
    expect(await findFailingAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // Min above max is refused in place: nothing applied, the URL unchanged.
    const before = page.url();
    await page.getByTestId('filter-market_cap-max').fill('1B');
    await page.getByTestId('filter-market_cap-max').press('Enter');
    await page.getByText('Min is above max.').waitFor();
    expect(page.url()).toBe(before);
    await page.getByTestId('filter-market_cap-max').fill('');
    await page.getByTestId('filter-market_cap-max').press('Enter');

    await page.getByPlaceholder('Name this screen').first().fill('Mega caps');
    await page.getByRole('button', { name: 'Save', exact: true }).first().click();
    const saved = page.getByRole('list', { name: 'Saved screens' }).first();
    await saved.getByText('Mega caps').waitFor();
    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect.poll(() => page.getByTestId('match-count').textContent()).toBe(`${all} matches`);
    await saved.getByTestId('open-saved-screen').click();
    await page.waitForURL(/market_cap=100000000000\.\./);
    await expect.poll(() => page.getByTestId('match-count').textContent()).toBe(`${api.total} matches`);
    await saved.getByRole('button', { name: 'Delete screen Mega caps' }).click();
    await page.getByText('None yet.').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  test('on a 390 px phone: filters open in a sheet, the table scrolls sideways inside its box with the symbol column sticky, the page itself does not', async ({
    app,
    browser,
  }) => {
    const { page, context, errors } = await openSignedInPage(browser, app, { emailPrefix: 'phone', firstName: 'Ada', lastName: 'Byron' }, 390);
    await page.goto(`/advanced-market-screener?rsi_14=..40&market_cap=10000000000..`);
    await results(page).locator('tbody tr').first().waitFor();
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: document.documentElement.clientWidth }));
    expect(widths.page).toBe(widths.view);
    expect(
      await results(page)
        .locator('tbody th')
        .first()
        .evaluate((th) => getComputedStyle(th).position),
    ).toBe('sticky');
    await page.getByRole('button', { name: 'Filters (2)' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.waitFor();
    await sheet.getByTestId('category-technical').waitFor();
    expect(await sheet.getByTestId('filter-rsi_14-max').inputValue()).toBe('40');
    expect(await findFailingAxeViolations(page)).toEqual([]);
    await screenshot(page, 'screener-phone-sheet');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    await screenshot(page, 'screener-phone');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('signed out: the page explains the screener and runs a preset live, read-only, with the way to sign up', async ({ app, open }) => {
    const { page, context, errors } = await open();
    await page.goto('/advanced-market-screener');
    await page.getByRole('heading', { name: 'Advanced Market Screener', level: 1 }).waitFor();
    await results(page).locator('tbody tr').first().waitFor();
    const api = await queryApi(page, { filters: qarp.filters, sort: qarp.sort, columns: qarp.columns, page: 1, page_size: 10 });
    expect(await tableSymbols(page)).toEqual(api.rows.map((r) => r.symbol));
    expect(await page.getByTestId('example-count').textContent()).toContain(`${api.total} of `);
    // Read-only: no sort buttons, no export, no filter panel.
    expect(await results(page).locator('thead button').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /Get started free/ }).getAttribute('href')).toBe('/signup');
    await page.getByTestId('preset-net-cash').click();
    await page.getByText('Net cash ≥ $0').waitFor();
    await results(page).locator('tbody tr').first().waitFor();
    await screenshot(page, 'screener-public');

    // A shared link shows its own screen first, and "Log in" comes back to it.
    await page.goto('/advanced-market-screener?market_cap=100000000000..&sort=-pe_ttm');
    await page.getByTestId('preset-shared').waitFor();
    expect(await page.getByTestId('preset-shared').getAttribute('aria-pressed')).toBe('true');
    const shared = await queryApi(page, { filters: [{ field: 'market_cap', min: 100e9 }], sort: { field: 'pe_ttm', dir: 'desc' }, page: 1, page_size: 10 });
    await expect.poll(() => tableSymbols(page)).toEqual(shared.rows.map((r) => r.symbol));
    expect(new URL((await page.getByRole('link', { name: 'Log in' }).getAttribute('href'))!, app.baseUrl).searchParams.get('next')).toBe(
      '/advanced-market-screener?market_cap=100000000000..&sort=-pe_ttm',
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
