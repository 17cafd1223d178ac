// Browser tests: build the SPA the server will serve, hold the login route to its size
// budget, then run the e2e suite, which starts the real server itself
// (tests/e2e/global-setup.ts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function run(cmd, args) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(chrome)) {
  console.error(
    `Chromium not found at ${chrome}. Install it (apt-get install -y chromium) or set CHROME_PATH.`,
  );
  process.exit(1);
}

run('npx', ['vite', 'build', '--logLevel', 'warn']);
run('node', ['scripts/check-bundle.mjs', 'dist']);
run('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', ...process.argv.slice(2)]);
