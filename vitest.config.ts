import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['core/**/*.test.ts', 'server/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    // A worker keeps its module graph from one file to the next: importing the app (better-auth, the
    // OpenAPI document, tsx transforms) took about half of a file's time. No test mocks modules or leaves
    // globals changed; each file still makes its own databases and apps (docs/testing.md).
    isolate: false,
  },
});
