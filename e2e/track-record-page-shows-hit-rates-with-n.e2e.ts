import type { Browser } from '@playwright/test';
import type { AnalysisResponse } from '../server/features/analyses/analyses.routes.ts';
import type { TrackRecordResponse } from '../server/features/track-record/track-record.routes.ts';
import { openSignedInPage } from './support/accounts.ts';
import { findFailingAxeViolations } from './support/axe.ts';
import { openPage, type RunningApp, screenshot, startApp } from './support/harness.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * The track record in Chromium on a server whose backtest runs at start (the last 4 month-ends, a few
 * seconds): the page follows its progress, then shows each call's hit rate with n, the same n as the API;
 * an analysis shows its own horizons, pending until the dates they mature.
 */
let app: RunningApp;
let browser: Browser;

const readRecord = async () => (await (await fetch(`${app.baseUrl}/api/track-record`)).json()) as TrackRecordResponse;

test.describe('/track-record in the browser', () => {
  test.beforeAll(async ({ browser: workerBrowser }) => {
    browser = workerBrowser;
    app = await startApp({ env: { TRUST_PROXY: 'true', TRACK_RECORD_BACKTEST: 'true', TRACK_RECORD_BACKTEST_MONTHS: '4' } });
  });
  test.afterAll(async () => {
    await app?.stop();
  });

  test('signed out, the page shows the backtest’s hit rates with n equal to the API’s, at 3 months and at 1 month; no axe failures', async () => {
    const { page, context, errors } = await openPage(browser, app.baseUrl);
    await page.goto('/track-record');
    await page.getByRole('heading', { name: 'Track record', level: 1 }).waitFor();
    await expect.poll(async () => (await readRecord()).backtest.status, { timeout: 80_000, intervals: [1000] }).toBe('done');
    await page.getByText(/^Backtest: 4 month-ends from Mar 2026 to Jun 2026/).waitFor({ timeout: 15_000 });
    const record = await readRecord();
    const technical = record.groups.find((g) => g.kind === 'technical' && g.side === 'bullish')!;
    const card = page.getByTestId('track-record-technical');
    const firstRow = card.getByTestId('hit-rate-row').first();
    const at3 = technical.backtest.horizons.find((h) => h.months === 3)!;
    expect(at3.n).toBeGreaterThan(0);
    expect(await firstRow.getByTestId('hit-rate-n').textContent()).toBe(at3.n.toLocaleString('en-US'));
    expect(await firstRow.getByTestId('hit-rate').textContent()).toBe(`${at3.hit_rate_percent!.toFixed(1)} %`);

    await page.getByRole('button', { name: '1 month' }).click();
    const at1 = technical.backtest.horizons.find((h) => h.months === 1)!;
    expect(at1.n).toBeGreaterThan(at3.n);
    await expect.poll(() => firstRow.getByTestId('hit-rate-n').textContent()).toBe(at1.n.toLocaleString('en-US'));
    expect(await page.getByRole('button', { name: '1 month' }).getAttribute('aria-pressed')).toBe('true');

    await page.getByText(/Every figure as a table/).click();
    expect(await page.locator('table tbody tr').count()).toBe(record.groups.filter((g) => g.backtest.runs > 0).length);
    expect(await findFailingAxeViolations(page)).toEqual([]);
    await screenshot(page, 'track-record');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('at 375 px nothing reaches past the screen', async () => {
    const { page, context } = await openPage(browser, app.baseUrl, { width: 375, height: 800 });
    await page.goto('/track-record');
    await page.getByTestId('hit-rate-chart').first().waitFor();
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBe(clientWidth);
    await screenshot(page, 'track-record-phone');
    await context.close();
  });

  test('a new technical analysis shows its price since the run; each horizon is pending until the day it matures, or, once that day has passed, waiting for prices (no call for Neutral)', async () => {
    const { page, context, errors, cookie } = await openSignedInPage(browser, app, { emailPrefix: 'track', firstName: 'Ada', lastName: 'Lovelace' });
    const res = await fetch(`${app.baseUrl}/api/analyses`, {
      method: 'POST',
      headers: { origin: app.baseUrl, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ symbol: 'AAPL', kind: 'technical' }),
    });
    expect(res.status).toBe(201);
    const analysis = (await res.json()) as AnalysisResponse;
    await page.goto(`/technical/AAPL?analysis=${analysis.id}`);
    const card = page.getByTestId('analysis-track-record');
    await card.getByTestId('since-run').waitFor();
    expect(await card.getByTestId('since-run').textContent()).toContain('SPY');
    const rating = analysis.facts.find((f) => f.key === 'technical_rating')!.value;
    const row = card.locator('tbody tr').filter({ hasText: 'Technical rating' });
    // A horizon whose end has passed on the exchange's calendar waits for prices, not for time (the bundled prices end
    // 2026-07-02); the others are pending until their day. Which is which follows the app's clock: read both from the API.
    const { last_trading_day: lastTradingDay } = (await (await fetch(`${app.baseUrl}/api/market/freshness`)).json()) as { last_trading_day: string };
    const { horizons } = (await (await fetch(`${app.baseUrl}/api/analyses/${analysis.id}/track-record`, { headers: { cookie } })).json()) as {
      horizons: Array<{ matures_on: string }>;
    };
    const waiting = horizons.filter((h) => h.matures_on < lastTradingDay).length;
    if (rating === 'Neutral') expect(await row.getByText(/^No call$/).count()).toBe(4);
    else {
      expect(await row.getByText(/^Waiting for prices after Jul 2, 2026$/).count()).toBe(waiting);
      expect(await row.getByText(/^Pending until /).count()).toBe(4 - waiting);
    }
    expect(await findFailingAxeViolations(page)).toEqual([]);
    await screenshot(page, 'analysis-track-record');
    expect(errors).toEqual([]);
    await context.close();
  });
});
