import { test as base, expect } from '@playwright/test';
import { openPage, type RunningApp, startApp, type TrackedPage } from './harness.ts';

type Viewport = { width: number; height: number };

interface WorkerFixtures {
  /** The environment of the worker's shared app; a file that needs another one sets it with `test.use`. */
  appEnv: Record<string, string>;
  /** The built app, started once per worker on its own port and PGlite directory, shared by the files that run there. */
  app: RunningApp;
}

interface TestFixtures {
  /** A new isolated page on the shared app, with console-error tracking; closed after the test. */
  open: (viewport?: Viewport) => Promise<TrackedPage>;
}

/**
 * The browser suite's `test`: Playwright's own (Chromium from the config's launch options), plus the shared app.
 * A file needing its own app (a fake model server, a PostgreSQL database it reaches into) starts it in
 * `test.beforeAll` with `startApp`/`startAppWithDirectDb` and uses the worker's `browser`.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  // TRUST_PROXY: `signUpVerified` gives each sign-up its own client address (sign-up is rate limited per client).
  appEnv: [{ TRUST_PROXY: 'true' }, { scope: 'worker', option: true }],
  app: [
    async ({ appEnv }, use) => {
      const app = await startApp({ env: appEnv });
      await use(app);
      await app.stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  open: async ({ browser, app }, use) => {
    const opened: TrackedPage[] = [];
    await use(async (viewport) => {
      const tracked = await openPage(browser, app.baseUrl, viewport);
      opened.push(tracked);
      return tracked;
    });
    await Promise.all(opened.map((t) => t.context.close()));
  },
});

export { expect };
