import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../web/src/app/route-table.ts';
import { signUpVerified, toBrowserCookies } from './support/accounts.ts';
import { type AxeViolation, describeNodes, runAxe, selectFailing } from './support/axe.ts';
import { useAppInBrowser } from './support/harness.ts';

/** Sample values for route parameters; a route with a parameter not listed here fails loudly. */
const sampleParams: Record<string, string> = { symbol: 'AAPL', analysisType: 'profitability' };
const samplePathOverrides: Record<string, string> = { '/etf/:symbol': '/etf/SPY', '/search-results': '/search-results?q=apple', '*': '/no/such/page' };
// The comparison with a stock, a second stock and an ETF: the table, the run buttons and the chart are scanned.
samplePathOverrides['/compare'] = '/compare?symbols=AAPL,MSFT,SPY';

function toSamplePath(pattern: string): string {
  if (samplePathOverrides[pattern]) return samplePathOverrides[pattern];
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = sampleParams[name];
    if (!value) throw new Error(`route ${pattern}: add a sample value for ":${name}" to sampleParams`);
    return encodeURIComponent(value);
  });
}

// Derived from the router's own table, so a page added to the app is checked without editing this file.
const samplePaths = routeTable.map((r) => toSamplePath(r.path));

/** Waits for the page to settle (data loaded, spinners gone), then runs axe-core's WCAG 2.2 A/AA rules. */
async function scan(page: Page, path: string): Promise<AxeViolation[]> {
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.locator('h1').first().waitFor({ state: 'visible' });
  await page
    .locator('[role="status"]')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => {});
  await page.waitForLoadState('networkidle');
  return runAxe(page);
}

const viewports = [
  { width: 1280, height: 900 },
  { width: 375, height: 740 },
];

describe('every route of the router passes axe-core WCAG 2.2 A/AA without serious or critical violations', () => {
  const t = useAppInBrowser({ env: { TRUST_PROXY: 'true' } });
  let sessionCookies: ReturnType<typeof toBrowserCookies>;
  beforeAll(async () => {
    // Initials "GH": axe skips label-in-name for "AA", which it counts as symbolic text rather than a word.
    const user = await signUpVerified(t.app, { emailPrefix: 'axe', firstName: 'Grace', lastName: 'Hopper' });
    sessionCookies = toBrowserCookies(user.cookie, t.app.baseUrl);
  });

  it('the list of pages to scan is the router table, each route once, with sample parameters filled in', () => {
    expect(samplePaths.length).toBe(routeTable.length);
    expect(new Set(samplePaths).size).toBe(samplePaths.length);
    expect(samplePaths.filter((p) => p.includes(':'))).toEqual([]);
    expect(samplePaths).toContain('/overview/AAPL');
    expect(samplePaths).toContain('/etf/SPY');
  });

  for (const signedIn of [false, true]) {
    for (const viewport of viewports) {
      describe(`${signedIn ? 'signed in' : 'signed out'} at ${viewport.width} px`, () => {
        let context: BrowserContext;
        let page: Page;
        beforeAll(async () => {
          ({ context, page } = await t.open(viewport));
          if (signedIn) await context.addCookies(sessionCookies);
        });
        afterAll(async () => {
          await context?.close();
        });

        it.each(samplePaths)('%s', async (path) => {
          const violations = await scan(page, path);
          const all = describeNodes(violations);
          const failing = describeNodes(selectFailing(violations));
          console.info(
            `axe ${signedIn ? 'in ' : 'out'} ${viewport.width} ${path} → ${new URL(page.url()).pathname}: ${failing.length} serious/critical, ${all.length} total`,
          );
          for (const line of failing) console.info(`  ${line}`);
          expect(failing).toEqual([]);
        });
      });
    }
  }
});
