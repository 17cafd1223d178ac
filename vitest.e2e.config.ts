import { defineConfig } from 'vitest/config';

// Browser tests: real Chromium (playwright-core) against the real server on a scratch
// DATA_DIR, started once in global-setup. One file at a time: two cores, one browser.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
