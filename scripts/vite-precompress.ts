import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { MIN_COMPRESS_BYTES } from '../server/compression.ts';

// Writes a .br and a .gz next to every compressible file of the build, at the strongest
// settings (they are made once, not per request), for server/static.ts to send to a browser
// that accepts them. A twin that would not be smaller is not written.

const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|webmanifest|txt|xml)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'pms:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // closeBundle, last and after every other plugin's: vite-plugin-pwa writes sw.js and its
    // workbox runtime in its own (sequential) closeBundle, after the bundle and public/ are on
    // disk, and those must be compressed too. The worker's precache list is built before the
    // twins exist and matches no .br/.gz name, so it never lists them.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler(error) {
        if (error) return;
        const jobs: Promise<void>[] = [];
        for await (const path of files(outDir)) {
          if (!COMPRESSIBLE.test(path) || (await stat(path)).size < MIN_COMPRESS_BYTES) continue;
          jobs.push(
            (async () => {
              const body = await readFile(path);
              const [br, gz] = await Promise.all([
                brotli(body, {
                  params: {
                    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                    [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
                  },
                }),
                gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
              ]);
              // A twin not worth writing must not survive from an earlier build either: the
              // server would send its stale bytes.
              for (const [twin, bytes] of [
                [`${path}.br`, br],
                [`${path}.gz`, gz],
              ] as const) {
                if (bytes.byteLength < body.byteLength) await writeFile(twin, bytes);
                else await rm(twin, { force: true });
              }
            })(),
          );
        }
        await Promise.all(jobs);
      },
    },
  };
}
