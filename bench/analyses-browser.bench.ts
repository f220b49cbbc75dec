/**
 * Analyses in the browser (issue 14): p50 from the click on "Run analysis" to the rendered result
 * (note, rating and the chart's canvas) ≤ 300 ms in Chromium, on the built app with the rule-based
 * writer, clicked once the page has loaded (network idle). Measured in the page (click event → the
 * first frame with the result painted) and, for reference, as the test driver sees it (its click and
 * polling add their own round trips).
 * Standalone: `npm run build && npx tsx bench/analyses-browser.bench.ts`.
 */
import { availableParallelism, loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { openSignedInPage } from '../e2e/support/accounts.ts';
import { launchBrowser, startApp } from '../e2e/support/harness.ts';
import { median, percentile, report } from './support.ts';

const BUDGET_MS = 300;
const USERS = 2;
/** A Free user's 10 tokens pay for floor(10 / 0.8) = 12 technical runs: one warm-up and ten timed each. */
const RUNS_PER_USER = 11;

/** Arms the page: the click's time, then the first animation frame after the note, the rating and the chart canvas exist. */
const armPageTimer = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { benchMs?: Promise<{ note: number; result: number }> };
    w.benchMs = new Promise((resolve) => {
      let clickAt = 0;
      let noteAt = 0;
      document.addEventListener('click', () => (clickAt = performance.now()), { capture: true, once: true });
      const observer = new MutationObserver(() => {
        if (!clickAt) return;
        if (!noteAt && document.querySelector('[data-testid="analysis-headline"]')) noteAt = performance.now();
        if (document.querySelector('[data-testid="technical-rating"]') && document.querySelector('[data-testid="technical-chart"] canvas')) {
          observer.disconnect();
          requestAnimationFrame(() => resolve({ note: noteAt - clickAt, result: performance.now() - clickAt }));
        }
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
  });

const app = await startApp({ env: { TRUST_PROXY: 'true' } });
const browser = await launchBrowser();
const inPage: number[] = [];
const notes: number[] = [];
const driver: number[] = [];
try {
  for (let u = 0; u < USERS; u++) {
    const { page, context } = await openSignedInPage(browser, app, { emailPrefix: `bench${u}`, firstName: 'Bench', lastName: 'Mark' });
    for (let i = 0; i < RUNS_PER_USER; i++) {
      await page.goto('/technical/AAPL');
      const button = page.getByTestId('run-analysis');
      await button.waitFor();
      await page.waitForFunction(() => !document.querySelector('[data-testid="run-analysis"]')?.hasAttribute('disabled'));
      await page.waitForLoadState('networkidle');
      await armPageTimer(page);
      const started = performance.now();
      await button.click();
      await page.getByTestId('technical-rating').waitFor();
      await page.getByTestId('technical-chart').locator('canvas').first().waitFor();
      const driverMs = performance.now() - started;
      const ms = await page.evaluate(() => (window as unknown as { benchMs: Promise<{ note: number; result: number }> }).benchMs);
      if (i > 0) {
        inPage.push(ms.result);
        notes.push(ms.note);
        driver.push(driverMs);
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
const p50 = median(inPage);
report('technical analysis click → result painted p50 (in the page, Chromium)', p50, 'ms', `${inPage.length} runs on AAPL; budget ≤ ${BUDGET_MS}`);
report('technical analysis click → result painted p95 (in the page)', percentile(inPage, 95), 'ms');
report('technical analysis click → note in the DOM p50 (in the page)', median(notes), 'ms', 'the chart follows the note');
report('technical analysis click → result p50 as the driver sees it', median(driver), 'ms', 'adds Playwright’s click checks and polling');
report('p50 vs budget', p50 / BUDGET_MS, 'x', '≤ 1 meets it');
// Browser timings scale with CPU contention: say how busy the machine was.
report('load average (1 min) at the end', loadavg()[0]!, 'processes', `on ${availableParallelism()} cores`);
