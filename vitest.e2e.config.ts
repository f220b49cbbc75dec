import { defineConfig } from 'vitest/config';

/** Browser tests: the built app in a child process, driven by Debian's Chromium through playwright-core. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
    // A browser and a server on a loaded 2-core machine: give polled UI assertions time to settle.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
