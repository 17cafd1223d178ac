import { defineConfig } from 'vitest/config';

// npm run test:push: the server process against a local push service over https, waiting for
// real reminders at whole minutes (about 3–4 minutes), so kept out of npm test.
export default defineConfig({
  test: {
    name: 'push',
    include: ['tests/push/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});
