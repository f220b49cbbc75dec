import type { Browser, Page } from '@playwright/test';
import { openSignedInPage } from './support/accounts.ts';
import { findFailingAxeViolations } from './support/axe.ts';
import { type RunningApp, screenshot } from './support/harness.ts';
import { expect, test } from './support/fixtures.ts';
import { findOverflowing } from './support/layout.ts';

/**
 * The offline copilot in Chromium (no model configured): "What is AAPL's RSI?" is answered with a
 * footnote citing rsi_14 that links to /technical/AAPL, and the header balance drops by exactly the
 * copilot's 0.300 tokens; a question it cannot answer is refused with examples and costs nothing.
 */
let app: RunningApp;
let browser: Browser;

const balance = (page: Page) => page.getByTestId('header-balance').locator('.tabular').textContent();
async function ask(page: Page, question: string) {
  const before = await page.getByTestId('copilot-answer').count();
  await page.getByTestId('copilot-input').fill(question);
  await page.getByTestId('copilot-input').press('Enter');
  await expect.poll(() => page.getByTestId('copilot-answer').count(), { timeout: 30_000 }).toBe(before + 1);
  return page.getByTestId('copilot-answer').last();
}

test.describe('the offline copilot answers with citations and charges 0.3 per answered question', () => {
  // The worker's shared app (e2e/support/fixtures.ts): this file needs no configuration of its own.
  test.beforeAll(async ({ browser: workerBrowser, app: workerApp }) => {
    browser = workerBrowser;
    app = workerApp;
  });

  test('"What is AAPL\'s RSI?" cites rsi_14 with a link to the technical page; 10.000 − 0.300 = 9.700; an unknown question is refused and free', async () => {
    const { page, errors } = await openSignedInPage(browser, app, { emailPrefix: 'copilot', firstName: 'Ada', lastName: 'Byron' });
    await page.goto('/copilot');
    await expect.poll(() => page.getByTestId('copilot-mode').textContent()).toContain('Offline copilot');
    await expect.poll(() => balance(page)).toBe('10.000');
    expect(await page.getByTestId('copilot-input').getAttribute('aria-describedby')).toBe('copilot-question-hint');
    await expect.poll(() => page.locator('#copilot-question-hint').textContent()).toContain('0.3 tokens per answered question');

    const answer = await ask(page, "What is AAPL's RSI?");
    expect(await answer.getAttribute('data-status')).toBe('answered');
    expect(await answer.textContent()).toMatch(/RSI \(14\) is \d+\.\d\d/);
    const footnote = answer.getByTestId('citation-rsi_14');
    await footnote.waitFor();
    expect(await footnote.getByRole('link').getAttribute('href')).toBe('/technical/AAPL');
    expect(await footnote.textContent()).toMatch(/AAPL · RSI \(14\): \d+\.\d\d/);
    // The [1] in the text jumps to that footnote.
    const marker = answer.getByRole('link', { name: /^Source 1: RSI \(14\)/ });
    expect(await marker.getAttribute('href')).toBe(`#${await footnote.getAttribute('id')}`);
    expect(await answer.getByTestId('answer-charge').textContent()).toBe('0.300 tokens');
    await expect.poll(() => balance(page)).toBe('9.700');
    expect(page.url()).toMatch(/\/copilot\?c=[0-9a-f-]{36}$/);
    await page
      .getByTestId('conversation-list')
      .getByRole('button', { name: /^What is AAPL's RSI\?/ })
      .waitFor();
    expect(await findFailingAxeViolations(page)).toEqual([]);
    await screenshot(page, 'copilot-offline-rsi-1280');

    const refused = await ask(page, "What's the weather in Paris?");
    expect(await refused.getAttribute('data-status')).toBe('refused');
    expect(await refused.textContent()).toContain('Not answered · nothing charged');
    expect(await refused.textContent()).toContain('price and change over a period');
    await page.getByTestId('example-chip').first().waitFor();
    // The refusal is stored and shown; the balance has not moved (re-read from the server).
    await page.reload();
    await page.getByTestId('copilot-answer').nth(1).waitFor();
    await expect.poll(() => balance(page)).toBe('9.700');
    const account = await page.evaluate(async () => (await fetch('/api/tokens')).json());
    expect(account.token_balance).toBe(9.7);

    // A phone: no sideways scrolling, the conversation list folded away, the thread and the ask box usable.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('copilot-answer').first().waitFor();
    expect(await findOverflowing(page)).toEqual([]);
    await screenshot(page, 'copilot-offline-390');
    expect(errors).toEqual([]);
  });

  test('"Ask about AAPL" on a symbol page opens the copilot with questions about AAPL', async () => {
    const { page, errors } = await openSignedInPage(browser, app, { emailPrefix: 'copilot-ask', firstName: 'Ada', lastName: 'Byron' });
    await page.goto('/technical/AAPL');
    // Leave once the price chart has drawn: unmounting it must not throw (it took the next page down).
    await page.locator('figure[aria-label^="Price chart of AAPL"] canvas').first().waitFor();
    await page.getByTestId('ask-about-symbol').click();
    await page.waitForURL(/\/copilot\?symbol=AAPL$/);
    await page.getByTestId('copilot-input').waitFor();
    await expect.poll(() => page.getByTestId('copilot-input').inputValue()).toContain('AAPL');
    const chips = await page.getByTestId('example-chip').allTextContents();
    expect(chips.length).toBeGreaterThanOrEqual(4);
    expect(chips.every((c) => c.includes('AAPL'))).toBe(true);
    expect(errors).toEqual([]);
  });

  test('with less than 0.3 tokens left, asking says so with the balance and the way to more tokens, and charges nothing', async () => {
    const { page } = await openSignedInPage(browser, app, { emailPrefix: 'copilot-402', firstName: 'Ada', lastName: 'Byron' });
    await page.goto('/copilot');
    // 33 answered questions spend 9.9 of the 10 free tokens, leaving 0.1.
    const statuses = await page.evaluate(async () => {
      const out: number[] = [];
      for (let i = 0; i < 33; i++) {
        const r = await fetch('/api/copilot/messages', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ message: 'AAPL P/E' }),
        });
        out.push(r.status);
      }
      return out;
    });
    expect(statuses.every((s) => s === 200)).toBe(true);
    await page.reload();
    await expect.poll(() => balance(page)).toBe('0.100');
    await page.getByTestId('copilot-input').fill("What is AAPL's RSI?");
    await page.getByTestId('copilot-ask').click();
    const notice = page.getByTestId('copilot-402');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/A question costs 0\.3 tokens and your balance is 0\.100 tokens\. Nothing\s+was charged\./);
    await page.getByRole('link', { name: 'See plans' }).waitFor();
    await expect.poll(() => balance(page)).toBe('0.100');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/technical/AAPL');
    await page.getByTestId('ask-about-symbol').waitFor();
    expect(await findOverflowing(page)).toEqual([]);
    await screenshot(page, 'copilot-ask-about-aapl-390');
  });
});
