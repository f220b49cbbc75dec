import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/support/harness.ts';

/**
 * Browser tests: Debian's Chromium (never a downloaded browser) against the BUILT app (`npm run build`;
 * `npm run test:e2e` builds first). Each worker starts the app once on its own port and PGlite directory
 * (e2e/support/fixtures.ts); files that need their own configuration start their own.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './e2e/support/global-setup.ts',
  // Two cores: two workers, each one Chromium and one app.
  workers: 2,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  // Waits, not speed bounds (speed is `npm run bench`'s business): on 2 cores shared by several engineers'
  // runs (load average 20–35) single steps took 5–22 s and first data on a page over 10 s.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  outputDir: 'test-results/e2e',
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    // The trace of a failed test (DOM snapshots, network, console) lands in test-results/e2e/; open it with
    // `npx playwright show-trace`. No screencast: encoding its frames for every test costs CPU the two cores lack.
    // Not under CI: "retain on failure" records every test, and CI keeps only the log (the error and its call log);
    // recording cost a fifth of the browser suite's CPU (the signed-out axe walk: 28–30 s user with it, 22–23 s without).
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
