import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../web/src/app/route-table.ts';
import { signUpVerified, toBrowserCookies } from './support/accounts.ts';
import { useAppInBrowser } from './support/harness.ts';

// Evaluated through the DevTools protocol: the app's CSP (script-src 'self') would block an injected <script>.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const failingImpacts = new Set(['serious', 'critical']);

/** Sample values for route parameters; a route with a parameter not listed here fails loudly. */
const sampleParams: Record<string, string> = { symbol: 'AAPL', analysisType: 'profitability' };
const samplePathOverrides: Record<string, string> = { '/etf/:symbol': '/etf/SPY', '/search-results': '/search-results?q=apple', '*': '/no/such/page' };

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

interface AxeNode {
  target: unknown[];
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

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
  await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  }, wcagTags);
}

/** One line per offending node: rule, impact, target selector and where to read about the fix. */
const describeNodes = (violations: AxeViolation[]) =>
  violations.flatMap((v) => v.nodes.map((n) => `${v.id} [${v.impact}] ${n.target.map(String).join(' >> ')} — ${v.help} (${v.helpUrl})`));

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
          const failing = describeNodes(violations.filter((v) => failingImpacts.has(v.impact ?? '')));
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
