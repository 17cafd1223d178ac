import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

// Serves src/boot/boot.js as /boot.js. In a build it is written with the chunks each signed-in
// path opens with (the shell's and the screen's, with everything they import statically, less
// what the entry already brings), so that the page can ask for them before the entry has run,
// and with the chunks each screen loads only on demand, which the screen fetches once it is
// idle (src/components/lazy-with-retry.tsx `usePreloadDialogs`).

const SOURCE = 'src/boot/boot.js';
const PLACEHOLDER = '/* opening chunks */ null';
// Where index.html wants the script. Written after Vite has read the page's scripts: it would
// try to bundle a classic script that is not under public/, and warn that it cannot.
const SLOT = /<!-- \/boot\.js:[^>]*-->/;

export interface Opening {
  /** What any signed-in page needs: the shell. */
  shell: string[];
  /** What each screen's path needs: the shell and the screen. */
  paths: Record<string, string[]>;
  /**
   * What each screen loads only when asked (its form dialogs, with zod and the schemas), less
   * what its path opens with: fetched and compiled once the screen is idle, run when wanted.
   */
  later: Record<string, string[]>;
}

/** `chunk` and every chunk it imports statically, directly or not. */
function closure(
  bundle: Rolldown.OutputBundle,
  chunk: Rolldown.OutputChunk,
  into = new Set<string>(),
) {
  if (into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const name of chunk.imports) {
    const next = bundle[name];
    if (next?.type === 'chunk') closure(bundle, next, into);
  }
  return into;
}

/**
 * The files each path opens with, as URLs under `base`. `screens` maps a path to its module
 * under src/features; `shell` is the module every screen is drawn inside.
 */
export function openingChunks(
  bundle: Rolldown.OutputBundle,
  root: string,
  base: string,
  screens: Record<string, string>,
  shell: string,
): Opening {
  const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
  const loaded = new Set<string>();
  for (const entry of chunks.filter((c) => c.isEntry)) closure(bundle, entry, loaded);
  const chunkOf = (module: string) => {
    const id = resolve(root, module);
    const chunk = chunks.find((c) => c.facadeModuleId === id);
    if (!chunk) throw new Error(`opening preloads: no chunk for ${module}`);
    return chunk;
  };
  const needs = (module: string) =>
    [...closure(bundle, chunkOf(module))].filter((file) => !loaded.has(file));
  const url = (file: string) => `${base}${file}`;
  const shellFiles = needs(shell);
  const paths: Record<string, string[]> = {};
  const later: Record<string, string[]> = {};
  for (const [path, file] of Object.entries(screens)) {
    const opening = new Set([...shellFiles, ...needs(`src/features/${file}.tsx`)]);
    paths[path] = [...opening].map(url);
    const asked = new Set<string>();
    for (const name of chunkOf(`src/features/${file}.tsx`).dynamicImports) {
      const next = bundle[name];
      if (next?.type === 'chunk') closure(bundle, next, asked);
    }
    later[path] = [...asked].filter((f) => !opening.has(f) && !loaded.has(f)).map(url);
  }
  return { shell: shellFiles.map(url), paths, later };
}

export function openingPreloads(screens: Record<string, string>, shell: string): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'pms:opening-preloads',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml(html) {
      if (!SLOT.test(html)) throw new Error('index.html lost the /boot.js slot');
      return html.replace(SLOT, '<script src="/boot.js"></script>');
    },
    configureServer(server) {
      server.middlewares.use('/boot.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.end(readFileSync(resolve(root, SOURCE)));
      });
    },
    generateBundle(_options, bundle) {
      const source = readFileSync(resolve(root, SOURCE), 'utf8');
      if (!source.includes(PLACEHOLDER)) throw new Error(`${SOURCE} lost its placeholder`);
      const opening = openingChunks(bundle, root, base, screens, shell);
      this.emitFile({
        type: 'asset',
        fileName: 'boot.js',
        source: source.replace(PLACEHOLDER, JSON.stringify(opening)),
      });
    },
  };
}
