import type { Browser } from '@playwright/test';
import { openSignedInPage } from './support/accounts.ts';
import { findFailingAxeViolations } from './support/axe.ts';
import { openPage, type RunningApp, screenshot } from './support/harness.ts';
import { expect, test } from './support/fixtures.ts';
import { findOverflowing } from './support/layout.ts';

/**
 * Smart Yield and Advanced Fundamentals in Chromium: signed out, each page explains itself with a live
 * example; signed in, pasted holdings give the calendar and totals, a bad line is named, and a symbol's
 * scorecards open with their criteria, trend and sector histogram. Desktop and a 390 px phone.
 */
let app: RunningApp;
let browser: Browser;

const signedIn = (prefix: string, width = 1280) => openSignedInPage(browser, app, { emailPrefix: prefix, firstName: 'Grace', lastName: 'Hopper' }, width);
const centsText = (cents: number) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

test.describe('smart yield and scorecards in the browser', () => {
  // The worker's shared app (e2e/support/fixtures.ts): this file needs no configuration of its own.
  test.beforeAll(async ({ browser: workerBrowser, app: workerApp }) => {
    browser = workerBrowser;
    app = workerApp;
  });

  test('signed out, /smart-yield shows the live example portfolio with its calendar; no sign-in needed, no axe failures', async () => {
    const { page, context, errors } = await openPage(browser, app.baseUrl);
    await page.goto('/smart-yield');
    await page.getByRole('heading', { name: 'Live example: eight dividend payers' }).waitFor();
    await page.getByTestId('income-calendar').waitFor();
    expect(await page.getByTestId('holdings-table').locator('tbody th[scope=row]').count()).toBe(8);
    expect(await page.getByTestId('total-income').textContent()).toMatch(/^\$[\d,]+\.\d\d$/);
    expect(await findFailingAxeViolations(page)).toEqual([]);
    await screenshot(page, 'smart-yield-signed-out');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('signed in: pasting holdings gives the calendar and totals that equal the server’s report; a wrong line is named', async () => {
    const { page, context, errors, cookie } = await signedIn('yield');
    await page.goto('/smart-yield');
    await page.getByRole('tab', { name: 'Paste CSV' }).click();
    const csv = page.getByLabel('Holdings as CSV');
    await csv.fill('symbol,shares,cost_per_share\nKO,100,40\nPEP;10\nO,50');
    await page.getByRole('button', { name: 'Analyse portfolio' }).click();
    expect(await page.getByTestId('holdings-error').textContent()).toContain('Line 3: expected 2 or 3 columns');

    await csv.fill('symbol,shares,cost_per_share\nKO,100,40\nPEP,10,150\nO,50\nko,20,52');
    await page.getByRole('button', { name: 'Analyse portfolio' }).click();
    await page.getByTestId('yield-report').waitFor();
    const expected = (await (
      await fetch(`${app.baseUrl}/api/smart-yield`, {
        method: 'POST',
        headers: { cookie, origin: app.baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ csv: 'symbol,shares,cost_per_share\nKO,100,40\nPEP,10,150\nO,50\nko,20,52' }),
      })
    ).json()) as { totals: { annual_income_cents: number; weighted_yield_pct: number }; calendar: Array<{ income_cents: number }> };
    expect(await page.getByTestId('total-income').textContent()).toBe(centsText(expected.totals.annual_income_cents));
    expect(expected.calendar.reduce((s, c) => s + c.income_cents, 0)).toBe(expected.totals.annual_income_cents);
    expect(await page.getByTestId('weighted-yield').textContent()).toBe(`${expected.totals.weighted_yield_pct.toFixed(2)}%`);
    expect(await page.getByTestId('calendar-bar').count()).toBe(12);
    // KO on lines 2 and 5 is one holding of 120 shares.
    await page.getByText('Merged lots: KO (lines 2, 5)').waitFor();
    expect(await page.getByTestId('holdings-table').locator('tbody th[scope=row]').count()).toBe(3);
    await screenshot(page, 'smart-yield-signed-in');

    // The holdings stay in the browser: a reload shows the CSV again.
    await page.reload();
    expect(await page.getByLabel('Holdings as CSV').inputValue()).toContain('ko,20,52');
    expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
    await context.close();
  });

  test('signed in at 390 px: rows entered one by one analyse without sideways scrolling', async () => {
    const { page, context } = await signedIn('yieldphone', 390);
    await page.goto('/smart-yield');
    await page.getByLabel('Symbol').first().fill('JNJ');
    await page.getByLabel('Shares').first().fill('12.5');
    await page.getByRole('button', { name: 'Add holding' }).click();
    await page.locator('#h-sym-1').fill('VZ');
    await page.locator('#h-sh-1').fill('40');
    await page.getByRole('button', { name: 'Analyse portfolio' }).click();
    await page.getByTestId('yield-report').waitFor();
    expect(await page.getByTestId('holdings-table').locator('tbody th[scope=row]').allTextContents()).toEqual([
      expect.stringContaining('JNJ'),
      expect.stringContaining('VZ'),
    ]);
    expect(await findOverflowing(page)).toEqual([]);
    await screenshot(page, 'smart-yield-phone');
    await context.close();
  });

  test('signed out, /advanced-fundamentals explains the scores with KO’s live scorecards', async () => {
    const { page, context, errors } = await openPage(browser, app.baseUrl);
    await page.goto('/advanced-fundamentals');
    await page.getByTestId('scorecards').waitFor();
    expect(await page.getByTestId('score-piotroski').textContent()).toMatch(/^\d \/ 9$/);
    expect(await findFailingAxeViolations(page)).toEqual([]);
    await screenshot(page, 'advanced-fundamentals-signed-out');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('signed in: opening MSFT’s scorecards shows each criterion, the five-year trend and the sector histogram; another year can be picked', async () => {
    const { page, context, errors, cookie } = await signedIn('scores');
    await page.goto('/advanced-fundamentals');
    await page.getByLabel('Company symbol').fill('msft');
    await page.getByRole('button', { name: 'Open scorecards' }).click();
    await page.getByTestId('scorecards').waitFor();
    const api = (await (await fetch(`${app.baseUrl}/api/fundamentals/MSFT/scorecards`, { headers: { cookie } })).json()) as {
      years: Array<{ fiscal_year: number; piotroski: { score: number }; altman: { score: number } }>;
    };
    const latest = api.years.at(-1)!;
    expect(await page.getByTestId('score-piotroski').textContent()).toBe(`${latest.piotroski.score} / 9`);
    expect(await page.getByTestId('score-altman').textContent()).toBe(latest.altman.score.toFixed(2));
    expect(await page.getByTestId('criteria-piotroski').locator('tbody tr').count()).toBe(9);
    expect(await page.getByTestId('criteria-beneish').locator('tbody tr').count()).toBe(8);
    await page.getByTestId('trend-piotroski').waitFor();
    expect(await page.getByTestId('histogram-altman_z_double_prime').locator('figcaption').textContent()).toContain('Information Technology');
    const first = api.years[0]!;
    await page.getByRole('button', { name: `FY${first.fiscal_year}` }).click();
    expect(await page.getByTestId('score-piotroski').textContent()).toBe(`${first.piotroski.score} / 9`);
    expect(page.url()).toContain('symbol=MSFT');
    await screenshot(page, 'advanced-fundamentals-signed-in');

    await page.getByLabel('Company symbol').fill('SPY');
    await page.getByRole('button', { name: 'Open scorecards' }).click();
    await page.getByText('SPY is an ETF').waitFor();
    expect(errors.filter((e) => !e.includes('422'))).toEqual([]);
    await context.close();
  });

  test('scorecards fit a 390 px phone (wide tables scroll inside their own area)', async () => {
    const { page, context } = await signedIn('scoresphone', 390);
    await page.goto('/advanced-fundamentals?symbol=KO');
    await page.getByTestId('scorecards').waitFor();
    expect(await findOverflowing(page)).toEqual([]);
    await screenshot(page, 'advanced-fundamentals-phone');
    await context.close();
  });
});
