import type { Browser } from '@playwright/test';
import { openSignedInPage } from './support/accounts.ts';
import { findFailingAxeViolations } from './support/axe.ts';
import { type RunningApp, screenshot } from './support/harness.ts';
import { expect, test } from './support/fixtures.ts';
import { findOverflowing } from './support/layout.ts';

/**
 * The attribution waterfall on the analysis page: after a run, each grade or rating shows as bars from
 * its start to its score; a bar read by keyboard says its contribution in text; the table alternative
 * lists every input; a second grade is one select away; nothing overflows at 375 px.
 */
let app: RunningApp;
let browser: Browser;

const signedIn = (prefix: string, width = 1280) => openSignedInPage(browser, app, { emailPrefix: prefix, firstName: 'Ada', lastName: 'Byron' }, width);

interface Attribution {
  target: string;
  score: number;
  base: number;
  decimals: number;
  contributions: Array<{ key: string; label: string; contribution: number }>;
}

test.describe('the attribution waterfall', () => {
  // The worker's shared app (e2e/support/fixtures.ts): this file needs no configuration of its own.
  test.beforeAll(async ({ browser: workerBrowser, app: workerApp }) => {
    browser = workerBrowser;
    app = workerApp;
  });

  test('technical on AAPL: start, one bar per vote that moved the rating, the score; a focused bar says its contribution; the table lists all 26 votes', async () => {
    const { page, context, errors } = await signedIn('waterfall-technical');
    await page.goto('/technical/AAPL');
    await page.getByRole('button', { name: 'Run analysis (0.8 tokens)' }).click();
    const card = page.getByTestId('attribution');
    await card.waitFor();
    expect(await card.getByRole('heading', { level: 2 }).textContent()).toBe('What moved the rating');

    const id = new URL(page.url()).searchParams.get('analysis');
    const saved = await page.evaluate(async (i) => (await fetch(`/api/analyses/${i}`)).json(), id);
    const [rating] = saved.attribution as Attribution[];
    const moved = rating!.contributions.filter((c) => c.contribution !== 0);
    // base + every vote that moved it + score
    const bars = card.getByTestId('attribution-bar');
    expect(await bars.count()).toBe(moved.length + 2);
    // each bar's accessible name is its visible name and amount, then how it was computed
    expect(await bars.first().textContent()).toBe('Start0.0000, where the score starts');
    expect(await bars.last().textContent()).toMatch(/^Score−?0\.\d{4}, Technical rating: (Strong Sell|Sell|Neutral|Buy|Strong Buy): base plus every bar$/);

    // Keyboard: Tab reaches the bars; the focused bar's contribution is read out and shown in text.
    // the pointer (left where the run button was) must not hover a bar while the keyboard reads one
    await page.mouse.move(0, 0);
    await bars.nth(1).focus();
    await expect
      .poll(() => card.getByTestId('attribution-detail').textContent())
      .toMatch(/^.+: [+−]0\.\d{4}, from −?\d\.\d{4} to −?\d\.\d{4}\. .+ → (buy|sell): /);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('attribution-bar');

    await card.getByText('Show every input as a table').click();
    // 26 votes plus the start and score rows
    expect(await card.locator('tbody tr').count()).toBe(28);
    expect(await findFailingAxeViolations(page)).toEqual([]);
    await screenshot(page, 'attribution-technical-aapl-1280');
    await card.screenshot({ path: 'e2e/screenshots/attribution-technical-card-1280.png' });

    await page.setViewportSize({ width: 375, height: 900 });
    await page.reload();
    await page.getByTestId('attribution').waitFor();
    expect(await findOverflowing(page)).toEqual([]);
    await screenshot(page, 'attribution-technical-aapl-375');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('fundamental profitability on MSFT: the grade’s waterfall starts at the sector median 50.00; the select switches to Altman Z', async () => {
    const { page, context, errors } = await signedIn('waterfall-grade', 375);
    await page.goto('/fundamental-analysis/MSFT/profitability');
    await page.getByRole('button', { name: /^Run analysis/ }).click();
    const card = page.getByTestId('attribution');
    await card.waitFor();
    const bars = card.getByTestId('attribution-bar');
    expect(await bars.first().textContent()).toBe('Sector median50.00, where the score starts: sector median');
    const select = card.getByLabel('Grade or score');
    const options = await select.locator('option').allTextContents();
    expect(options[0]).toMatch(/^Profitability grade [A-F] \(\d+(st|nd|rd|th) percentile in /);
    const altman = options.find((o) => o.startsWith('Altman Z'))!;
    await select.selectOption({ label: altman });
    await expect.poll(() => bars.first().textContent()).toBe('Start0.00, where the score starts');
    expect(await bars.last().textContent()).toMatch(/^Score\d+\.\d\d, Altman Z″? \d+\.\d\d: (Safe|Grey|Distress) zone: base plus every bar$/);
    expect(await findOverflowing(page)).toEqual([]);
    await screenshot(page, 'attribution-profitability-msft-375');
    await card.screenshot({ path: 'e2e/screenshots/attribution-altman-card-375.png' });
    // axe at desktop width, as the other analysis pages are checked (their wide tables scroll at 375 px)
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await findFailingAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
