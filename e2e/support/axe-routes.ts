import type { BrowserContext, Page } from '@playwright/test';
import { routeTable } from '../../core/site/pages.ts';
import { signUpVerified, toBrowserCookies } from './accounts.ts';
import { describeNodes, runAxe, selectFailing } from './axe.ts';
import { expect, test } from './fixtures.ts';

/** Sample values for route parameters; a route with a parameter not listed here fails loudly. */
const sampleParams: Record<string, string> = { symbol: 'AAPL', analysisType: 'profitability', token: 'AAAAAAAAAAAAAAAAAAAAAAAA' };
const samplePathOverrides: Record<string, string> = {
  '/etf/:symbol': '/etf/SPY',
  '/search-results': '/search-results?q=apple',
  '*': '/no/such/page',
  // The comparison with a stock, a second stock and an ETF: the table, the run buttons and the chart are scanned.
  '/compare': '/compare?symbols=AAPL,MSFT,SPY',
};

function toSamplePath(pattern: string): string {
  if (samplePathOverrides[pattern]) return samplePathOverrides[pattern];
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = sampleParams[name];
    if (!value) throw new Error(`route ${pattern}: add a sample value for ":${name}" to sampleParams`);
    return encodeURIComponent(value);
  });
}

// Derived from the router's own table, so a page added to the app is checked without editing the scan files.
export const samplePaths: string[] = routeTable.map((r) => toSamplePath(r.path));
const sampleRoutes = routeTable.map((r) => ({ path: toSamplePath(r.path), guarded: r.access === 'guarded' }));

/**
 * How the walk reaches each route: `document` loads it as a new document (a bookmark, a link opened in a new
 * tab: the server's page, the app's boot on that route); `in-app` follows it inside the running app, as a
 * visitor clicking through the navigation does (history push, the router's own listener), which keeps the
 * document and axe-core loaded: measured at about 0.4 s a route against 1.0 s for a document load.
 */
export type WalkNavigation = 'document' | 'in-app';

/**
 * Reaches the page, waits for its heading and for the app's readiness signal (`<html data-app-ready="<visit
 * number>">`: no query fetching, session and subscription known; in-app, a number other than the previous page's), then
 * runs axe-core's WCAG 2.2 A/AA rules.
 */
async function scan(page: Page, path: string, navigation: WalkNavigation) {
  const fromDocument = navigation === 'document' || page.url() === 'about:blank';
  if (fromDocument) {
    await page.goto(path);
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  } else {
    const previousKey = await page.evaluate((to) => {
      const key = document.documentElement.getAttribute('data-app-ready');
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
      return key;
    }, path);
    await page.waitForFunction((key) => {
      const now = document.documentElement.getAttribute('data-app-ready');
      return now !== null && now !== key;
    }, previousKey);
  }
  await page.locator('h1').first().waitFor({ state: 'visible' });
  // A redirect's toast (e.g. "Upgrade Required" on / after /token-topup) slides and fades in: scanned mid-fade its
  // text reads as low contrast (a CI run failed color-contrast on the toast's title and description that way).
  await waitForTransitions(page);
  return runAxe(page);
}

/**
 * The page's second scan in the dark theme: the OS preference is switched to dark (the app follows it, as it does
 * with no stored choice), axe runs again, and the preference goes back to light for the next route. Same document,
 * so no reload: this is what keeps the dark pass cheap enough to run on every route once.
 */
async function scanDark(page: Page) {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.locator('html.dark').waitFor({ state: 'attached' });
  await waitForTransitions(page);
  try {
    return await runAxe(page);
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.locator('html:not(.dark)').waitFor({ state: 'attached' });
    await waitForTransitions(page);
  }
}

/** Buttons fade their colours (transition-colors): scanned mid-fade, a half-dark button reads as low contrast. */
async function waitForTransitions(page: Page) {
  // Transitions only: a spinner's or skeleton's endless animation never finishes. Two frames first: a toast mounts,
  // then sets the attribute that starts its transition on the next frame.
  await page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    );
  });
}

/**
 * Declares one test per route of the router; a serious or critical axe violation fails it, as do a page
 * without exactly one h1, a console error, the sandbox strip missing or doubled, or (on a phone) a page that scrolls sideways. One page goes
 * through every route, as a visitor would (signed in: one verified user's session), loading each as a document or
 * following it inside the app (`navigation`). Signed out, a guarded route is loaded as a document and checked for
 * its redirect to /login with the way back.
 */
export function describeAxeScanOfEveryRoute({
  signedIn,
  viewport,
  navigation,
  darkToo = false,
}: {
  signedIn: boolean;
  viewport: { width: number; height: number };
  navigation: WalkNavigation;
  /** Scan each page a second time in the dark theme (the 1280 walks do: every page once in each theme). */
  darkToo?: boolean;
}) {
  const who = signedIn ? 'signed in' : 'signed out';
  test.describe(`every route passes axe-core WCAG 2.2 A/AA without serious or critical violations, ${who} at ${viewport.width} px`, () => {
    let context: BrowserContext;
    let page: Page;
    // Console errors and uncaught page errors of the current route (emptied before each).
    const errors: string[] = [];
    test.beforeAll(async ({ browser, app }) => {
      context = await browser.newContext({ baseURL: app.baseUrl, viewport, colorScheme: 'light' });
      page = await context.newPage();
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      if (signedIn) {
        // Initials "GH": axe skips label-in-name for "AA", which it counts as symbolic text rather than a word.
        const user = await signUpVerified(app, { emailPrefix: 'axe', firstName: 'Grace', lastName: 'Hopper' });
        await context.addCookies(toBrowserCookies(user.cookie, app.baseUrl));
      }
    });
    test.afterAll(async () => {
      await context?.close();
    });

    for (const { path, guarded } of sampleRoutes) {
      // Signed out, a guarded page is the sign-in page (scanned as /login): check the redirect, not /login again.
      if (!signedIn && guarded) {
        test(`${path} (sign-in guard)`, async () => {
          await page.goto(path);
          await page.waitForURL((url) => url.pathname === '/login');
          expect(new URL(page.url()).searchParams.get('next')).toBe(path);
        });
        continue;
      }
      test(path, async () => {
        errors.length = 0;
        const violations = await scan(page, path, navigation);
        // The same visit checks the page's shape: exactly one h1 as the accessibility tree sees it (/api-docs
        // hides Scalar's own document title), no console errors, and on a phone no sideways scroll.
        expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
        expect(((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').trim().length).toBeGreaterThan(2);
        // The sample share token is unknown on purpose and /no/such/page matches no route: the document itself answers
        // 404 (the server's status for a missing page) and, for the token, so does its fetch; Chromium logs both.
        const expect404 = path.startsWith('/s/') || path === samplePathOverrides['*'];
        expect(errors.filter((e) => !(expect404 && /status of 404/.test(e)))).toEqual([]);
        if (viewport.width < 640) {
          const { scrollWidth, clientWidth } = await page.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            clientWidth: document.documentElement.clientWidth,
          }));
          expect(scrollWidth).toBe(clientWidth);
        }
        // With sandbox payments (no Stripe configured) every page carries the sandbox strip, once.
        const strip = page.getByRole('note', { name: 'Sandbox payments' });
        await expect(strip, path).toBeVisible();
        expect(await strip.count(), path).toBe(1);
        expect(await strip.textContent(), path).toContain('Sandbox payments — no real charges');
        // Copy that tells the truth: no page announces as coming what the app already does ("Coming Soon" is the SPEC's
        // name of the tools page, not a claim).
        const visible = (await page.locator('body').innerText()).replaceAll('Coming Soon', '');
        expect(visible, path).not.toMatch(/\bcoming\b|being built|as (they|it) launch|until (they|the analyses) launch/i);
        // The bundled snapshot is months behind today's market: every page says so, once (the strip is scanned with the page).
        const freshness = page.getByRole('note', { name: 'Data freshness' });
        await expect(freshness, path).toBeVisible();
        expect(await freshness.count(), path).toBe(1);
        expect(await freshness.textContent(), path).toMatch(/Demo data from Jul 2, 2026 — \d+ days old\./);
        const all = describeNodes(violations);
        const failing = describeNodes(selectFailing(violations));
        console.info(`axe ${who} ${viewport.width} ${path} → ${new URL(page.url()).pathname}: ${failing.length} serious/critical, ${all.length} total`);
        for (const line of failing) console.info(`  ${line}`);
        expect(failing).toEqual([]);
        if (darkToo) {
          const started = performance.now();
          const darkFailing = describeNodes(selectFailing(await scanDark(page)));
          const ms = Math.round(performance.now() - started);
          console.info(`axe ${who} ${viewport.width} dark ${path}: ${darkFailing.length} serious/critical (${ms} ms)`);
          for (const line of darkFailing) console.info(`  ${line}`);
          expect(darkFailing, `${path} in the dark theme`).toEqual([]);
        }
      });
    }
  });
}
