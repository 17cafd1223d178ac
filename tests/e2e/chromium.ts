// The Chromium the browser tests and benchmarks drive (scripts/bench-web.ts imports this too,
// so it must not import vitest).

export const chromePath = () => process.env.CHROME_PATH || '/usr/bin/chromium';

// The flags this sandbox needs: no sandbox as root, and no background traffic to hosts
// that cannot be reached from here (docs/architecture.md "Toolchain").
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
