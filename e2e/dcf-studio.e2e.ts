import type { Browser, Page } from '@playwright/test';
import { runDcfStudio } from '../core/analysis/dcf/studio.ts';
import { openSignedInPage } from './support/accounts.ts';
import { findFailingAxeViolations } from './support/axe.ts';
import { openPage, type RunningApp, screenshot } from './support/harness.ts';
import { expect, test } from './support/fixtures.ts';
import { findOverflowing } from './support/layout.ts';

/**
 * The DCF studio in Chromium: the public example values AAPL live; signed in, an edit recomputes in the
 * browser, the browser's value equals the server's for the same inputs, bad input is refused inline
 * while the last value stays, and a saved valuation reopens with its inputs.
 */
let app: RunningApp;
let browser: Browser;

const signedIn = (prefix: string, width = 1280) => openSignedInPage(browser, app, { emailPrefix: prefix, firstName: 'Ada', lastName: 'Byron' }, width);
const fairValue = (page: Page) => page.getByTestId('dcf-studio-fair-value').getAttribute('data-value').then(Number);
const balance = (page: Page) => page.getByTestId('header-balance').locator('.tabular').textContent();
/** Every input of the form, as typed (percent fields in percent). */
const TYPED = {
  explicit_years: '7',
  fade_years: '4',
  explicit_growth: '11.5',
  terminal_growth: '3',
  risk_free_rate: '4.2',
  equity_risk_premium: '5.1',
  beta: '1.15',
  cost_of_debt: '5.5',
  tax_rate: '19',
  debt_weight: '12.5',
} as const;
const LABELS: Record<keyof typeof TYPED, string> = {
  explicit_years: 'Explicit years',
  fade_years: 'Fade years',
  explicit_growth: 'FCF growth, explicit years (%)',
  terminal_growth: 'Terminal growth (%)',
  risk_free_rate: 'Risk-free rate (%)',
  equity_risk_premium: 'Equity risk premium (%)',
  beta: 'Beta',
  cost_of_debt: 'Cost of debt (pre-tax) (%)',
  tax_rate: 'Tax rate (%)',
  debt_weight: 'Debt weight (%)',
};
const PERCENT = new Set(['explicit_growth', 'terminal_growth', 'risk_free_rate', 'equity_risk_premium', 'cost_of_debt', 'tax_rate', 'debt_weight']);
/** The inputs as the page reads them: the same text, the same division. */
const asInputs = (typed: Record<string, string>) =>
  Object.fromEntries(Object.entries(typed).map(([k, v]) => [k, PERCENT.has(k) ? Number(v) / 100 : Number(v)])) as unknown as Parameters<typeof runDcfStudio>[1];

test.describe('DCF studio at /dcf-stock-valuation', () => {
  // The worker's shared app (e2e/support/fixtures.ts): this file needs no configuration of its own.
  test.beforeAll(async ({ browser: workerBrowser, app: workerApp }) => {
    browser = workerBrowser;
    app = workerApp;
  });

  test('signed out: the method and a live, read-only AAPL valuation whose value is core’s on the public inputs', async () => {
    const { page, errors } = await openPage(browser, app.baseUrl);
    await page.goto('/dcf-stock-valuation');
    await page.getByRole('heading', { name: /Live example: Apple/ }).waitFor();
    const shown = await fairValue(page);
    const setup = await page.evaluate(async () => (await fetch('/api/dcf/AAPL/inputs')).json());
    const c = setup.company;
    const local = runDcfStudio(
      {
        baseFcfUsd: c.base_fcf_usd,
        sharesDiluted: c.shares_diluted,
        totalDebtUsd: c.total_debt_usd,
        cashUsd: c.cash_usd,
        nciUsd: c.nci_usd,
        priceUsd: setup.price,
      },
      // The page shows the inputs rounded as a person would type them and values the exact defaults (as the DCF analysis does).
      setup.defaults,
    );
    if (!local.ok) throw new Error(local.error.message);
    expect(shown).toBe(local.value.valuation.perShareUsd);
    const typed = Object.fromEntries(
      await Promise.all(Object.entries(LABELS).map(async ([k, l]) => [k, await page.getByLabel(l, { exact: true }).inputValue()])),
    );
    expect(typed.beta).toBe(String(Number(setup.defaults.beta.toFixed(2))));
    expect(await page.getByLabel(LABELS.explicit_growth, { exact: true }).getAttribute('readonly')).not.toBeNull();
    await page.getByTestId('dcf-heat-map').waitFor();
    await page.getByTestId('dcf-studio-fcf-chart').waitFor();
    expect(await page.getByRole('link', { name: 'Value any company free' }).getAttribute('href')).toBe('/signup');
    expect(await findFailingAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('the server and the browser compute the same DCF for the same inputs (to the last bit)', async () => {
    const { page, errors } = await signedIn('dcf-parity');
    await page.goto('/dcf-stock-valuation?symbol=MSFT');
    await page.getByTestId('dcf-studio-fair-value').waitFor();
    for (const [k, v] of Object.entries(TYPED)) await page.getByLabel(LABELS[k as keyof typeof TYPED], { exact: true }).fill(v);
    await expect.poll(() => page.getByTestId('dcf-studio-stale').count()).toBe(0);
    const browserValue = await fairValue(page);
    const server = await page.evaluate(
      async (inputs) =>
        (
          await fetch('/api/valuations', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ symbol: 'MSFT', inputs }) })
        ).json(),
      asInputs(TYPED),
    );
    expect(server.result.fair_value_per_share).toBe(browserValue);
    expect(await page.getByTestId('dcf-studio-fair-value').textContent()).toBe(`$${server.result.fair_value_per_share.toFixed(2)}`);
    expect(errors).toEqual([]);
  });

  test('editing growth changes the fair value at once; bad input is named inline and the last value stays', async () => {
    const { page, errors } = await signedIn('dcf-edit');
    await page.goto('/dcf-stock-valuation?symbol=AAPL');
    await page.getByTestId('dcf-studio-fair-value').waitFor();
    const growth = page.getByLabel(LABELS.explicit_growth, { exact: true });
    await growth.fill('5');
    const at5 = await fairValue(page);
    await growth.fill('10');
    await expect.poll(() => fairValue(page)).toBeGreaterThan(at5);
    const at10 = await fairValue(page);

    // Terminal growth of 9 %: outside its range, refused by name; the value on screen is still the last valid one.
    await page.getByLabel(LABELS.terminal_growth, { exact: true }).fill('9');
    await page.getByText('Terminal growth must be from -5.00 % to 6.00 %; got 9.00 %.').waitFor();
    expect(await page.getByLabel(LABELS.terminal_growth, { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.getByTestId('dcf-studio-stale').waitFor();
    expect(await fairValue(page)).toBe(at10);
    expect(await page.getByRole('button', { name: 'Save valuation (free)' }).isDisabled()).toBe(true);
    await page.getByLabel(LABELS.terminal_growth, { exact: true }).fill('2.5');
    await expect.poll(() => page.getByTestId('dcf-studio-stale').count()).toBe(0);

    // 100 years, and a negative WACC: each named where it is typed (the WACC under the WACC inputs).
    await page.getByLabel(LABELS.explicit_years, { exact: true }).fill('100');
    await page.getByText('Explicit years must be from 1 to 20; got 100.').waitFor();
    await page.getByLabel(LABELS.explicit_years, { exact: true }).fill('5');
    await page.getByLabel(LABELS.beta, { exact: true }).fill('-2');
    await page.getByLabel(LABELS.risk_free_rate, { exact: true }).fill('-2');
    await page.getByLabel(LABELS.debt_weight, { exact: true }).fill('0');
    expect(await page.getByTestId('dcf-studio-wacc-error').textContent()).toMatch(/WACC of -\d+\.\d\d %: a discount rate must be above zero/);
    expect(await fairValue(page)).toBe(at10);
    expect(errors).toEqual([]);
  });

  test('save and reopen: the inputs come back; "Save with a written note" charges the DCF once (10.000 → 9.000); phone width fits', async () => {
    const { page, errors } = await signedIn('dcf-save');
    await page.goto('/dcf-stock-valuation?symbol=AAPL');
    await page.getByTestId('dcf-studio-fair-value').waitFor();
    const growth = page.getByLabel(LABELS.explicit_growth, { exact: true });
    await growth.fill('7');
    const saved = await fairValue(page);
    await page.getByLabel('Name (optional)').fill('Seven percent');
    await page.getByRole('button', { name: 'Save valuation (free)' }).click();
    const list = page.getByTestId('dcf-saved-valuations');
    await list.getByText('AAPL · Seven percent').waitFor();
    expect(page.url()).toMatch(/valuation=[0-9a-f-]{36}/);

    // Move away, then reopen from the list: the growth and the value return.
    await page.goto('/dcf-stock-valuation?symbol=AAPL');
    await page.getByTestId('dcf-studio-fair-value').waitFor();
    await growth.fill('13');
    await expect.poll(() => fairValue(page)).not.toBe(saved);
    await list.getByRole('button', { name: /^Open AAPL valuation/ }).click();
    await expect.poll(() => growth.inputValue()).toBe('7');
    await expect.poll(() => fairValue(page)).toBe(saved);
    await expect.poll(() => balance(page)).toBe('10.000');

    await page.getByRole('button', { name: 'Save with a written note (1 token)' }).click();
    await list.getByRole('link', { name: 'Written note' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => balance(page)).toBe('9.000');
    expect(await list.getByRole('listitem').count()).toBe(2);

    await page.setViewportSize({ width: 390, height: 900 });
    await page.waitForTimeout(200);
    expect(await findOverflowing(page)).toEqual([]);
    await screenshot(page, 'dcf-studio-aapl-390');
    expect(await findFailingAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
