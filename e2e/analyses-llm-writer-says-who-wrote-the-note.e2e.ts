import type { Browser, Page } from '@playwright/test';
import { type FakeOpenAiServer, type FakeRequest, startFakeOpenAiServer } from '../server/test/fake-openai-server.ts';
import { openSignedInPage } from './support/accounts.ts';
import { findFailingAxeViolations } from './support/axe.ts';
import { type RunningApp, screenshot, startApp } from './support/harness.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * The app configured with a language model (a local OpenAI-compatible server): a checked model note
 * says "Written by <model>"; a draft that invents a number falls back to the rule-based note, which
 * says so and why. Either way the analysis is paid once: 10.000 − 0.800 = 9.200.
 */
const MODEL = 'fake-analyst-7b';
let app: RunningApp;
let browser: Browser;
let fake: FakeOpenAiServer;

/** A careful draft: the first three figures of the facts table, quoted as the table shows them. */
function writeDraft(req: FakeRequest, invent: boolean) {
  const prompt: string = req.body.messages.at(-1).content;
  const rows = prompt
    .split('Facts:\n')[1]!
    .split('\n\n')[0]!
    .split('\n')
    .slice(1)
    .map((r) => r.split(' | '))
    .filter((r) => /\d/.test(r[2]!));
  const [a, b, c] = rows as [string[], string[], string[]];
  return {
    headline: { text: `${a[1]} reads ${a[2]}, the figure that sets the tone.`, fact_keys: [a[0]] },
    strengths: [{ text: invent ? 'Momentum beats 97.3% of the market.' : `${b[1]} stands at ${b[2]}.`, fact_keys: [b[0]] }],
    risks: [{ text: `${c[1]} is ${c[2]}.`, fact_keys: [c[0]] }],
    verdict: { text: 'Trend and momentum together frame the picture.', fact_keys: [a[0], b[0]] },
  };
}

const balance = (page: Page) => page.getByTestId('header-balance').locator('.tabular').textContent();

test.describe('the analysis note says which writer wrote it', () => {
  let invent = false;
  test.beforeAll(async ({ browser: workerBrowser }) => {
    browser = workerBrowser;
    fake = await startFakeOpenAiServer({ handler: (req) => ({ text: JSON.stringify(writeDraft(req, invent)) }) });
    app = await startApp({ env: { AI_BASE_URL: fake.url, AI_MODEL: MODEL } });
  });
  test.afterAll(async () => {
    await app?.stop();
    await fake?.close();
  });

  test('a checked model note: "Written by fake-analyst-7b; every number checked", its headline on the page, 9.200 left', async () => {
    invent = false;
    const { page, errors } = await openSignedInPage(browser, app, { emailPrefix: 'llm-ok', firstName: 'Ada', lastName: 'Byron' });
    await page.goto('/technical/AAPL');
    await expect.poll(() => balance(page)).toBe('10.000');
    await page.getByRole('button', { name: 'Run analysis (0.8 tokens)' }).click();
    await page.getByTestId('analysis-headline').waitFor();
    expect(await page.getByTestId('analysis-headline').textContent()).toMatch(/reads .+, the figure that sets the tone\./);
    expect(await page.getByTestId('analysis-writer').textContent()).toBe(
      `Written by ${MODEL}; every number checked against the facts below. Not investment advice.`,
    );
    await expect.poll(() => balance(page)).toBe('9.200');
    expect(fake.requests).toHaveLength(1);
    expect(await findFailingAxeViolations(page)).toEqual([]);
    await screenshot(page, 'analysis-llm-writer');
    expect(errors).toEqual([]);
  });

  test('a model that invents a number: 3 calls, the rule-based note and why, at 390 px; 9.200 left', async () => {
    invent = true;
    fake.reset();
    const { page, errors } = await openSignedInPage(browser, app, { emailPrefix: 'llm-bad', firstName: 'Ada', lastName: 'Byron' }, 390);
    await page.goto('/technical/AAPL');
    await expect.poll(() => balance(page)).toBe('10.000');
    await page.getByRole('button', { name: 'Run analysis (0.8 tokens)' }).click();
    await page.getByTestId('analysis-headline').waitFor();
    const writer = await page.getByTestId('analysis-writer').textContent();
    expect(writer).toContain('Written by the rule-based writer from the facts below.');
    expect(writer).toContain('used a number or fact that is not among the facts');
    expect(await page.getByTestId('analysis-note').textContent()).not.toContain('97.3%');
    expect(fake.requests).toHaveLength(3);
    await expect.poll(() => balance(page)).toBe('9.200');
    await screenshot(page, 'analysis-llm-writer-fallback-390');
    expect(errors).toEqual([]);
  });
});
