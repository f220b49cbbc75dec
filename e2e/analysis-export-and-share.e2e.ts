import { readFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import { parseCsv } from '../core/text/csv.ts';
import { openSignedInPage } from './support/accounts.ts';
import { findFailingAxeViolations } from './support/axe.ts';
import { openPage, type RunningApp, screenshot } from './support/harness.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * Export and share in Chromium: a finished analysis downloads as a PDF and a CSV, a share link opens
 * signed out in a fresh context (name hidden), and once revoked in /settings it shows "not found".
 */
let app: RunningApp;
let browser: Browser;

test.describe('analysis export (PDF, CSV) and share links', () => {
  // The worker's shared app (e2e/support/fixtures.ts): this file needs no configuration of its own.
  test.beforeAll(async ({ browser: workerBrowser, app: workerApp }) => {
    browser = workerBrowser;
    app = workerApp;
  });

  test('run technical on AAPL, download the PDF and the CSV, share it, open the link signed out, revoke it in Settings: not found', async () => {
    const { page, errors } = await openSignedInPage(browser, app, { emailPrefix: 'share', firstName: 'Ada', lastName: 'Byron' });
    await page.goto('/technical/AAPL');
    await page.getByRole('button', { name: 'Run analysis (0.8 tokens)' }).click();
    await page.getByTestId('analysis-headline').waitFor();
    // The URL takes the analysis id a frame after the result paints.
    await page.waitForURL(/analysis=/);
    const id = new URL(page.url()).searchParams.get('analysis');
    const saved = await page.evaluate(async (i) => (await fetch(`/api/analyses/${i}`)).json(), id);

    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-pdf').click()]);
    expect(pdf.suggestedFilename()).toBe(`AAPL-technical-${saved.as_of}.pdf`);
    const pdfBytes = readFileSync((await pdf.path())!);
    expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfBytes.length).toBeGreaterThan(5_000);
    const head = await page.evaluate(async (i) => {
      const r = await fetch(`/api/analyses/${i}/export.pdf`);
      return { status: r.status, type: r.headers.get('content-type'), disposition: r.headers.get('content-disposition') };
    }, id);
    expect(head).toEqual({ status: 200, type: 'application/pdf', disposition: `attachment; filename="AAPL-technical-${saved.as_of}.pdf"` });

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-csv').click()]);
    expect(csv.suggestedFilename()).toBe(`AAPL-technical-${saved.as_of}.csv`);
    const rows = parseCsv(readFileSync((await csv.path())!, 'utf8'));
    expect(rows[0]).toEqual(['key', 'label', 'value', 'unit', 'period', 'source', 'as_of']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(saved.facts.map((f: { key: string }) => f.key));

    await page.getByTestId('share-open').click();
    const dialog = page.getByTestId('share-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('shared-links-empty').waitFor();
    expect(await dialog.getByTestId('share-show-name').isChecked()).toBe(false);
    await dialog.getByTestId('share-create').click();
    const url = await dialog.getByTestId('share-url').inputValue();
    expect(url).toMatch(new RegExp(`^${app.baseUrl}/s/[A-Za-z0-9_-]{24}$`));
    await dialog.getByTestId('shared-link').waitFor();
    expect(await findFailingAxeViolations(page)).toEqual([]);
    await screenshot(page, 'analysis-share-dialog-1280');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // A fresh context: no cookies, no account.
    const reader = await openPage(browser, app.baseUrl, { width: 375, height: 800 });
    const response = await reader.page.goto(url);
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await reader.page.getByTestId('shared-analysis').waitFor();
    expect(await reader.page.getByTestId('shared-label').textContent()).toBe('Shared analysis');
    expect(await reader.page.getByTestId('shared-owner').count()).toBe(0);
    // The headline's cited figures carry their facts as hidden text after it.
    expect((await reader.page.getByTestId('analysis-headline').textContent())?.startsWith(saved.note.headline.text)).toBe(true);
    await reader.page.locator('#fact-rsi_14').waitFor();
    await reader.page.getByTestId('technical-chart').waitFor();
    expect(await reader.page.getByTestId('shared-disclaimer').textContent()).toBe('Analyses are educational, not investment advice.');
    expect(await reader.page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    expect(await reader.page.getByTestId('run-analysis').count()).toBe(0);
    expect(await reader.page.getByRole('link', { name: 'Sign up to run your own' }).count()).toBe(1);
    expect(await findFailingAxeViolations(reader.page)).toEqual([]);
    await screenshot(reader.page, 'analysis-shared-page-375');

    // Revoke in Settings, with the confirm.
    await page.goto('/settings');
    const card = page.getByTestId('shared-links-card');
    await card.getByTestId('shared-link').waitFor();
    expect(await card.getByRole('link', { name: 'AAPL · Technical' }).count()).toBe(1);
    expect(await card.getByTestId('shared-link').textContent()).toContain('1 view');
    await screenshot(page, 'analysis-shared-links-settings-1280');
    page.once('dialog', (d) => void d.accept());
    await card.getByRole('button', { name: /^Revoke the link/ }).click();
    await card.getByTestId('shared-links-empty').waitFor();

    await reader.page.reload();
    await reader.page.getByTestId('shared-analysis-missing').waitFor();
    expect(await reader.page.locator('h1').textContent()).toBe('Shared analysis not found');
    expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
    await reader.context.close();
  });
});
