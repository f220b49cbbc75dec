import type { Browser, Page } from '@playwright/test';
import { openSignedInPage } from './support/accounts.ts';
import { findFailingAxeViolations } from './support/axe.ts';
import { type RunningApp, screenshot } from './support/harness.ts';
import { expect, test } from './support/fixtures.ts';
import { findOverflowing } from './support/layout.ts';

/**
 * Running analyses in Chromium: the button names the cost, the result (chart, rating, note, facts)
 * renders, and the header balance drops by exactly the cost; re-opening is free; too few tokens opens
 * the dialog with the cost, the balance and the way to upgrade.
 */
let app: RunningApp;
let browser: Browser;

const signedIn = (prefix: string, width = 1280) => openSignedInPage(browser, app, { emailPrefix: prefix, firstName: 'Ada', lastName: 'Byron' }, width);
const balance = (page: Page) => page.getByTestId('header-balance').locator('.tabular').textContent();
test.describe('analyses run from their pages and are paid for once', () => {
  // The worker's shared app (e2e/support/fixtures.ts): this file needs no configuration of its own.
  test.beforeAll(async ({ browser: workerBrowser, app: workerApp }) => {
    browser = workerBrowser;
    app = workerApp;
  });

  test('technical on AAPL: chart, rating and note appear and the balance drops 10.000 − 0.800 = 9.200; re-opening it is free, also at 375 px', async () => {
    const { page, context, errors } = await signedIn('technical');
    await page.goto('/technical/AAPL');
    await expect.poll(() => balance(page)).toBe('10.000');
    await page.getByRole('button', { name: 'Run analysis (0.8 tokens)' }).click();
    await page.getByTestId('analysis-headline').waitFor();
    await page.getByTestId('technical-chart').locator('canvas').first().waitFor();
    const rating = page.getByTestId('technical-rating');
    await rating.waitFor();
    expect(await rating.getByRole('img').getAttribute('aria-label')).toMatch(/^Overall rating (Strong Sell|Sell|Neutral|Buy|Strong Buy), score -?\d\.\d\d/);
    // Every vote is a row: at least the 15 moving averages and the oscillators that have warmed up.
    expect(await rating.locator('tbody tr').count()).toBeGreaterThanOrEqual(20);
    for (const key of ['rsi_14', 'sma_50', 'sma_200', 'macd', 'bb_upper', 'technical_rating']) await page.locator(`#fact-${key}`).waitFor();
    await expect.poll(() => balance(page)).toBe('9.200');
    expect(await page.getByTestId('run-status').textContent()).toBe('Analysis ready');
    expect(page.url()).toMatch(/\?analysis=[0-9a-f-]{36}$/);
    // Every strength and risk the server wrote is on the page, in order.
    const id = new URL(page.url()).searchParams.get('analysis');
    const saved = await page.evaluate(async (i) => (await fetch(`/api/analyses/${i}`)).json(), id);
    const sentences = [...saved.note.strengths, ...saved.note.risks].map((x: { text: string }) => x.text);
    expect(sentences.length).toBeGreaterThan(0);
    const items = await page.getByTestId('analysis-note').locator('li').allTextContents();
    expect(items.map((text, i) => text.startsWith(sentences[i]!))).toEqual(sentences.map(() => true));
    expect(await findFailingAxeViolations(page)).toEqual([]);
    await screenshot(page, 'analyses-technical-aapl-1280');

    // The same symbol, kind and data day again: offered free first.
    await page.goto('/technical/AAPL');
    await page.getByTestId('ran-today-offer').waitFor();
    await page.getByRole('button', { name: 'Open it free' }).click();
    await page.getByTestId('technical-rating').waitFor();
    await page.setViewportSize({ width: 375, height: 900 });
    await page.reload();
    await page.getByTestId('technical-rating').waitFor();
    await page.getByTestId('technical-chart').locator('canvas').first().waitFor();
    await expect.poll(() => balance(page)).toBe('9.200');
    expect(await findOverflowing(page)).toEqual([]);
    await screenshot(page, 'analyses-technical-aapl-375');

    // The dashboard lists it and charts the real charge; its link re-opens it without a second charge.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dashboard');
    const recent = page.getByTestId('recent-analyses');
    await recent.waitFor();
    expect(await recent.locator('li').count()).toBe(1);
    expect(await recent.textContent()).toContain('AAPL · Technical');
    expect(await page.getByTestId('usage-chart').textContent()).toContain('0.800 tokens in 30 days');
    await screenshot(page, 'analyses-dashboard-1280');
    await recent.getByRole('link').click();
    await page.waitForURL(/\/technical\/AAPL\?analysis=/);
    await page.getByTestId('technical-rating').waitFor();
    await expect.poll(() => balance(page)).toBe('9.200');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a DCF on AAPL shows fair value against the price and the grid as a table heat map; 10.000 − 1.000 = 9.000', async () => {
    const { page, context, errors } = await signedIn('dcf');
    await page.goto('/dcf/AAPL');
    await expect.poll(() => balance(page)).toBe('10.000');
    await page.getByRole('button', { name: 'Run analysis (1.0 token)' }).click();
    await page.getByTestId('analysis-headline').waitFor();
    await page.getByTestId('dcf-fair-value').waitFor();
    // Issue 30: the range and the blend's weights beside the model, and the verdict in words.
    await expect(page.getByTestId('dcf-range')).toContainText(/Undervalued|About fair|Overvalued/);
    await expect(page.getByTestId('dcf-range').getByRole('table')).toContainText('Central value');
    const grid = page.getByTestId('dcf-heat-map').getByRole('table');
    expect(await grid.locator('tbody tr').count()).toBe(10);
    expect(await grid.locator('tbody tr').first().locator('td').count()).toBe(10);
    for (const key of ['fair_value_per_share', 'wacc', 'terminal_growth', 'upside_percent']) await page.locator(`#fact-${key}`).waitFor();
    await expect.poll(() => balance(page)).toBe('9.000');
    expect(await findFailingAxeViolations(page)).toEqual([]);
    await screenshot(page, 'analyses-dcf-aapl-1280');
    await page.setViewportSize({ width: 375, height: 900 });
    await page.reload();
    await page.getByTestId('dcf-heat-map').waitFor();
    expect(await findOverflowing(page)).toEqual([]);
    await screenshot(page, 'analyses-dcf-aapl-375');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a fundamental profitability analysis on MSFT runs from its tab; 10.000 − 1.000 = 9.000', async () => {
    const { page, context, errors } = await signedIn('fundamental');
    await page.goto('/fundamental-analysis/MSFT/profitability');
    await expect.poll(() => balance(page)).toBe('10.000');
    await page.getByRole('button', { name: 'Run analysis (1.0 token)' }).click();
    await page.getByTestId('analysis-headline').waitFor();
    await page.locator('#fact-net_margin').waitFor();
    await expect.poll(() => balance(page)).toBe('9.000');
    expect(await findFailingAxeViolations(page)).toEqual([]);
    await screenshot(page, 'analyses-fundamental-msft-1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a bank is not scored like a factory: JPM’s card says so before the run; its fundamental overview shows bank figures (ROTE 19.14 %, tangible equity 6.83 %), no Piotroski card, and the Piotroski and Altman scores as not applicable, with why', async () => {
    const { page, context, errors } = await signedIn('bank');
    await page.goto('/fundamental-analysis/JPM/overview');
    await expect(page.getByTestId('judged-by')).toContainText('Judged as a bank: return on tangible equity');
    await page.getByRole('button', { name: 'Run analysis (1.0 token)' }).click();
    await page.getByTestId('analysis-headline').waitFor();
    await expect.poll(() => balance(page)).toBe('9.000');
    await expect(page.getByText(/Piotroski F-score \d+ of \d+/)).toHaveCount(0);
    const notApplicable = page.getByTestId('not-applicable-facts');
    await expect(notApplicable.getByRole('heading', { name: 'Not applicable to this company' })).toBeVisible();
    await expect(notApplicable).toContainText('not applicable to banks');
    await expect(notApplicable).toContainText('Altman Z is not defined for banks');
    const facts = page.getByTestId('analysis-facts');
    await expect(facts.getByRole('row', { name: /Return on tangible equity 19\.14 %/ })).toBeVisible();
    await expect(facts.getByRole('row', { name: /Tangible equity \/ tangible assets 6\.83 %/ })).toBeVisible();
    await expect(facts.getByRole('row', { name: /Judged as Bank/ })).toBeVisible();
    expect(await findFailingAxeViolations(page)).toEqual([]);
    await screenshot(page, 'analyses-fundamental-bank-jpm-1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a quick overview of AAPL then an ETF analysis of SPY with the overlap picker: 10.000 − 0.500 − 0.800 = 8.700', async () => {
    const { page, context, errors } = await signedIn('overview-etf');
    await page.goto('/overview/AAPL');
    await expect.poll(() => balance(page)).toBe('10.000');
    await page.getByRole('button', { name: 'Run analysis (0.5 tokens)' }).click();
    await page.getByTestId('analysis-headline').waitFor();
    await expect.poll(() => balance(page)).toBe('9.500');
    await page.goto('/etf/SPY');
    await page.getByRole('button', { name: 'Run analysis (0.8 tokens)' }).click();
    await page.getByTestId('analysis-headline').waitFor();
    for (const key of ['expense_ratio', 'top10_weight']) await page.locator(`#fact-${key}`).waitFor();
    await expect.poll(() => balance(page)).toBe('8.700');
    await page.getByLabel('Compare with').fill('qqq');
    await page.getByRole('button', { name: 'Compare' }).click();
    expect(await page.getByTestId('etf-overlap').textContent()).toMatch(/^SPY and QQQ overlap by \d+\.\d\d %/);
    expect(await findFailingAxeViolations(page)).toEqual([]);
    await screenshot(page, 'analyses-etf-spy-1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('too few tokens: 12 technical runs leave 10 − 12 × 0.8 = 0.4; the next one opens the dialog (cost 0.8, balance 0.400, upgrade) and charges nothing', async () => {
    const { page, context, errors, cookie } = await signedIn('broke', 375);
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${app.baseUrl}/api/analyses`, {
        method: 'POST',
        headers: { cookie, origin: app.baseUrl, 'content-type': 'application/json', 'idempotency-key': `e2e-burn-${i}` },
        body: JSON.stringify({ symbol: 'AAPL', kind: 'technical' }),
      });
      expect(res.status).toBe(201);
    }
    await page.goto('/technical/AAPL');
    await expect.poll(() => balance(page)).toBe('0.400');
    await page.getByRole('button', { name: 'Run again (0.8 tokens)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Not enough tokens' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('This analysis costs 0.8 tokens and your balance is 0.400 tokens. Nothing was charged.');
    await dialog.getByRole('link', { name: 'Upgrade your plan' }).waitFor();
    expect(await findFailingAxeViolations(page)).toEqual([]);
    await screenshot(page, 'analyses-insufficient-tokens-375');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => balance(page)).toBe('0.400');
    // The 402 is the only failed request; nothing else may log an error.
    expect(errors.filter((e) => !e.includes('402'))).toEqual([]);
    await context.close();
  });
});
