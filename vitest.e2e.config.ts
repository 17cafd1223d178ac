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
    // A browser's answer (a service worker's notification, a page asked by it) can take a few
    // seconds on two loaded cores: polls wait up to 10 s, not vitest's 1 s.
    expect: { poll: { timeout: 10_000 } },
  },
});
