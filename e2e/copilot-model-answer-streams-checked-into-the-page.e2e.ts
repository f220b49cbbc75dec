import type { Browser, Page } from '@playwright/test';
import { type FakeOpenAiServer, type FakeRequest, type Json, startFakeOpenAiServer } from '../server/test/fake-openai-server.ts';
import { openSignedInPage } from './support/accounts.ts';
import { type RunningApp, screenshot, startApp } from './support/harness.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * The copilot with a language model (a local OpenAI-compatible server): the model calls
 * get_technical_rating, and its answer streams into the page sentence by sentence (the first sentence
 * is on screen while the second is still being written), cites rsi_14 and costs 0.300. A model that
 * invents a number never gets it onto the screen: the offline answer replaces it, charged once.
 */
const MODEL = 'fake-copilot-7b';
let app: RunningApp;
let browser: Browser;
let fake: FakeOpenAiServer;
let invent = false;

function factOf(req: FakeRequest, key: string): { ref: number; display: string } {
  for (const m of req.body.messages as Json[]) {
    if (m.role !== 'tool') continue;
    try {
      const parsed = JSON.parse(typeof m.content === 'string' ? m.content : JSON.stringify(m.content));
      const f = ((parsed?.type === 'json' ? parsed.value : parsed)?.facts ?? []).find((x: { key: string }) => x.key === key);
      if (f) return f;
    } catch {}
  }
  throw new Error(`no ${key} among the tool results`);
}

const balance = (page: Page) => page.getByTestId('header-balance').locator('.tabular').textContent();

test.describe('the copilot with a model streams a checked answer into the page', () => {
  test.beforeAll(async ({ browser: workerBrowser }) => {
    browser = workerBrowser;
    fake = await startFakeOpenAiServer({
      handler: (req) => {
        if (!(req.body.messages as Json[]).some((m) => m.role === 'tool'))
          return { toolCalls: [{ name: 'get_technical_rating', arguments: { symbol: 'AAPL' } }] };
        const rsi = factOf(req, 'rsi_14');
        const second = invent
          ? 'It should reach 97.3 by Friday.'
          : `The technical rating is ${factOf(req, 'technical_rating').display} [${factOf(req, 'technical_rating').ref}].`;
        // Slow chunks: the first sentence is complete (and released) long before the second.
        return { text: `AAPL's RSI (14) is ${rsi.display} [${rsi.ref}]. ${second}`, chunkSize: 6, chunkDelayMs: 250 };
      },
    });
    app = await startApp({ env: { AI_BASE_URL: fake.url, AI_MODEL: MODEL, AI_TIMEOUT_MS: '20000' } });
  });
  test.afterAll(async () => {
    await app?.stop();
    await fake?.close();
  });

  test('the first sentence shows while the answer is still streaming; then the answer cites rsi_14 and 0.300 is charged', async () => {
    invent = false;
    const { page, errors } = await openSignedInPage(browser, app, { emailPrefix: 'copilot-llm', firstName: 'Ada', lastName: 'Byron' });
    await page.goto('/copilot');
    await expect.poll(() => page.getByTestId('copilot-mode').textContent()).toContain(`AI model ${MODEL}`);
    await expect.poll(() => balance(page)).toBe('10.000');
    await page.getByTestId('copilot-input').fill("What is AAPL's RSI and rating?");
    await page.getByTestId('copilot-input').press('Enter');
    // Streaming: the pending card holds the checked first sentence before the answer is done.
    await expect.poll(() => page.getByTestId('copilot-pending').textContent(), { timeout: 30_000 }).toMatch(/AAPL's RSI \(14\) is \d+\.\d+/);
    expect(await page.getByTestId('copilot-answer').count()).toBe(0);
    expect(await page.getByTestId('copilot-pending').textContent()).not.toContain('technical rating is');
    await screenshot(page, 'copilot-model-streaming');
    await page.getByTestId('copilot-answer').waitFor({ timeout: 30_000 });
    const answer = page.getByTestId('copilot-answer').last();
    expect(await answer.textContent()).toMatch(/The technical rating is (Strong Buy|Buy|Neutral|Sell|Strong Sell)/);
    expect(await answer.getByTestId('citation-rsi_14').getByRole('link').getAttribute('href')).toBe('/technical/AAPL');
    await expect.poll(() => balance(page)).toBe('9.700');
    expect(errors).toEqual([]);
  });

  test('a model that invents a number: the figure never appears, the offline answer stands, 0.300 charged once (390 px)', async () => {
    invent = true;
    const { page, errors } = await openSignedInPage(browser, app, { emailPrefix: 'copilot-llm-bad', firstName: 'Ada', lastName: 'Byron' }, 390);
    await page.goto('/copilot');
    await expect.poll(() => balance(page)).toBe('10.000');
    await page.getByTestId('copilot-input').fill("What is AAPL's RSI?");
    await page.getByTestId('copilot-input').press('Enter');
    const seen: string[] = [];
    for (let i = 0; i < 200 && (await page.getByTestId('copilot-answer').count()) === 0; i++) {
      seen.push((await page.getByTestId('copilot-thread').textContent()) ?? '');
      await page.waitForTimeout(100);
    }
    await page.getByTestId('copilot-answer').waitFor({ timeout: 30_000 });
    expect(seen.join(' ')).not.toContain('97.3');
    const answer = page.getByTestId('copilot-answer').last();
    expect(await answer.textContent()).not.toContain('97.3');
    expect(await answer.textContent()).toContain('Offline copilot');
    expect(await answer.getByTestId('citation-rsi_14').count()).toBe(1);
    await expect.poll(() => balance(page)).toBe('9.700');
    expect(errors).toEqual([]);
  });
});
