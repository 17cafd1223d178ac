// The server as one ES module, dist-server/main.mjs, for `npm start`. Node runs it without tsx,
// whose loader thread and compile cache cost ~50 MB of resident memory (docs/spec.md "Budgets": the server
// stays within 120 MB with ten years loaded). better-sqlite3 stays outside: it is native.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const SERVER_OUT = 'dist-server';

/** Builds into `out` (dist-server by default; a test builds into a scratch folder of its own). */
export async function buildServer(root, out = join(root, SERVER_OUT)) {
  rmSync(out, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: ['server/main.ts'],
    outfile: join(out, 'main.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['better-sqlite3'],
    // Bundled CommonJS packages still call require().
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  // sqlite-store.ts finds its migrations next to itself.
  cpSync(join(root, 'server', 'db', 'migrations'), join(out, 'migrations'), { recursive: true });
  return join(out, 'main.mjs');
}

/**
 * How `npm start` runs the built server. Serving ten years of lists makes multi-megabyte
 * bodies (/api/accounts: 4.5 MB of JSON, a 9 MB string on its way); Node's defaults keep what
 * they held. 1 MB semi-spaces keep the young generation small; with glibc (ignored elsewhere),
 * two malloc arenas and a fixed 128 KB mmap threshold give large blocks back when freed instead
 * of keeping them on the heap. Measured, every list 12 times after a restart: resident
 * 150 → 100 MB afterwards, peak 162 → 132 MB (under tsx, as before: 187, peak 199).
 */
export function serverCommand(root, out = join(root, SERVER_OUT)) {
  return {
    args: ['--max-semi-space-size=1', join(out, 'main.mjs')],
    env: {
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '131072',
      MALLOC_TRIM_THRESHOLD_: '131072',
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildServer(join(import.meta.dirname, '..'));
}
