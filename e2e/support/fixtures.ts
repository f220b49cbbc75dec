import { test as base, expect } from '@playwright/test';
import type { Database } from '../../server/adapters/db/index.ts';
import { startAppWithDirectDb } from './accounts.ts';
import { openPage, type RunningApp, type TrackedPage } from './harness.ts';

type Viewport = { width: number; height: number };

interface WorkerFixtures {
  /** The environment of the worker's shared app; a file that needs another one sets it with `test.use`. */
  appEnv: Record<string, string>;
  /**
   * The built app, started once per worker on its own port, shared by the files that run there: on its own
   * PostgreSQL database when TEST_DATABASE_URL is set (the files arranging state through the services reach it
   * with `appDb`), else on its own PGlite directory.
   */
  app: RunningApp;
  /** A direct handle on the shared app's PostgreSQL database; null on PGlite (the app holds its directory). */
  appDb: Database | null;
}

interface InternalWorkerFixtures {
  appWithDb: Awaited<ReturnType<typeof startAppWithDirectDb>>;
}

interface TestFixtures {
  /** A new isolated page on the shared app, with console-error tracking; closed after the test. */
  open: (viewport?: Viewport) => Promise<TrackedPage>;
}

/**
 * The browser suite's `test`: Playwright's own (Chromium from the config's launch options), plus the shared app.
 * A file needing its own app configuration (a fake model server, a backtest switched on) starts it in
 * `test.beforeAll` with `startApp` and uses the worker's `browser`: each such start costs seconds of CPU.
 */
export const test = base.extend<TestFixtures, WorkerFixtures & InternalWorkerFixtures>({
  // TRUST_PROXY: `signUpVerified` gives each sign-up its own client address (sign-up is rate limited per client).
  // COPILOT_QUESTIONS_PER_MINUTE: the copilot file spends a whole allocation in one burst of 33 questions, above
  // the product's 20 a minute (the limit is per user: other users on the shared app do not meet it).
  appEnv: [
    { TRUST_PROXY: 'true', COPILOT_QUESTIONS_PER_MINUTE: '100' },
    { scope: 'worker', option: true },
  ],
  // Both fixtures come from one start; `appDb` only reads it, so a file using either starts the app once.
  appWithDb: [
    async ({ appEnv }, use, workerInfo) => {
      const started = await startAppWithDirectDb(`w${workerInfo.workerIndex}`, appEnv);
      await use(started);
      await started.stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  app: [async ({ appWithDb }, use) => use(appWithDb.app), { scope: 'worker' }],
  appDb: [async ({ appWithDb }, use) => use(appWithDb.db), { scope: 'worker' }],
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
