import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compileHints } from './scripts/vite-compile-hints.ts';
import { openingPreloads } from './scripts/vite-opening-preloads.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { SCREEN_FILES, SHELL_FILE } from './src/app/screens.ts';

// `npm run dev` talks to the real API server (npm run server) through this proxy;
// `npm run demo` needs none: msw answers in the browser.
const api = process.env.PM_API_TARGET ?? 'http://127.0.0.1:8080';

// msw's worker lives outside public/ so that only the demo serves and ships it: in the app's
// build it would sit in dist/ beside the app's own worker for the same scope (package.json
// "msw.workerDirectory" keeps it up to date here).
const MSW_WORKER = 'mocks/mockServiceWorker.js';

function demoMswWorker(): Plugin {
  return {
    name: 'pms:demo-msw-worker',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.end(readFileSync(MSW_WORKER));
      });
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'mockServiceWorker.js',
        source: readFileSync(MSW_WORKER),
      });
    },
  };
}

// What the login page loads besides the entry: its screen, and 新版本可用 once the page has
// loaded (every page registers the worker).
const LOGIN_PAGE = ['./src/features/login/LoginScreen.tsx', './src/app/UpdatePrompt.tsx'].map(
  (path) => fileURLToPath(new URL(path, import.meta.url)),
);
type ChunkingContext = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
const loginClosures = new WeakMap<ChunkingContext, Set<string>>();

/**
 * Every module the login page imports statically, directly or not: computed once per
 * chunking pass (rolldown hands each pass its own context).
 */
function loginModules(ctx: ChunkingContext): Set<string> {
  const known = loginClosures.get(ctx);
  if (known) return known;
  const seen = new Set<string>();
  const queue = [...LOGIN_PAGE];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  loginClosures.set(ctx, seen);
  return seen;
}

// Our own modules and lucide's icons: the modules the 'shared' chunks may take. Anchored at
// the project, since a library's files may sit in a src folder too (d3-format/src/...): an
// unanchored /src/ put d3's number and time formats in 'shared', evaluated on every signed-in
// route though only a chart uses them (d3-time-format's locale: 10 ms at 1× CPU, issue 16).
const SRC = fileURLToPath(new URL('./src/', import.meta.url));
const ours = (id: string) =>
  id.startsWith(SRC) || /[\\/]node_modules[\\/]lucide-react[\\/]/.test(id);

// What no screen opens with: zod and the code that builds or runs schemas, fetched with the first
// dialog or write (usePreloadOnIntent, api/engine.ts loadSchemas). Evaluating zod alone was the
// longest task of a first visit (~95 ms at 1× CPU, issue 16).
// - 'zod': zod, react-hook-form, the rules every schema uses (common.ts, and tags.ts, which
//   four kinds' schemas share: left to the schema-* groups it went into schema-account, and
//   schema-task then brought that along) and the form fields.
const ZOD =
  /[\\/]node_modules[\\/](zod|react-hook-form|@hookform)[\\/]|[\\/]src[\\/](domain[\\/]schemas[\\/](common|tags)\.ts|components[\\/]form-fields)/;
// - a chunk per schema module: a first check-in or a first dialog builds its own kind's schemas,
//   not every kind's (a first check-in's module evaluation at 4× CPU: 146 → 48 ms).
const KIND_SCHEMAS =
  /[\\/]src[\\/]domain[\\/]schemas[\\/](?!categories|default|common|tags)([\w-]+)\.ts$/;
// - every kind's at once, for the sync dialog's upload checks.
const UPLOAD = /[\\/]src[\\/](domain[\\/](record-schemas|sync)|api[\\/]sync)\.ts$/;
// - repeating tasks: the rrule library and the rules around it, used by the task screens and
//   dialogs only. In 'shared' they were 61 KB of script on every signed-in route; left out, the
//   modules importing them take them (schema-task, the task chunks).
const RRULE =
  /[\\/]node_modules[\\/]rrule[\\/]|[\\/]src[\\/]domain[\\/](recurrence|occurrences)\.ts$/;
const offScreen = (id: string) =>
  ZOD.test(id) || KIND_SCHEMAS.test(id) || UPLOAD.test(id) || RRULE.test(id);

export default defineConfig(({ mode }) => {
  const demo = mode === 'demo';
  return {
    plugins: [
      react(),
      tailwindcss(),
      // /boot.js, which asks for a signed-in page's chunks beside the entry.
      openingPreloads(SCREEN_FILES, SHELL_FILE),
      compileHints(),
      VitePWA({
        // A new build waits until the user accepts 新版本可用 → 刷新 (src/app/UpdatePrompt.tsx
        // registers the worker after the first render, off the login route's budget).
        registerType: 'prompt',
        injectRegister: false,
        // The demo never registers this worker: msw's owns the scope there. Its sw.js only
        // removes itself, for a browser that had the app's worker at the same origin before.
        selfDestroying: demo,
        manifest: {
          name: '个人管理系统',
          short_name: '个人管理系统',
          description: '个人管理系统：记账、资产、健身、时间、任务与打卡',
          lang: 'zh-CN',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          theme_color: '#2563eb',
          background_color: '#f8fafc',
          icons: [
            { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            {
              src: '/maskable-icon-512x512.png',
              sizes: '512x512',
              type: 'image/png',
              purpose: 'maskable',
            },
          ],
        },
        // The PNG icons are for installing (the browser fetches them then) and the home
        // screen, never for drawing a page: precaching them cost every new device 42 KB.
        includeManifestIcons: false,
        workbox: {
          // Every chunk of every route, dialog and chart: any screen opens offline, even one
          // never visited in this tab.
          globPatterns: ['**/*.{js,css,html,svg}'],
          // Except two files that one feature uses, each kept once it has been fetched (one
          // file a cache: a new build's replaces the old one):
          // - the XLSX reader (71 KB of brotli), for a 微信支付 .xlsx bill only; offline before
          //   that, the import says to go online or pick the CSV bill;
          // - the task search's pinyin (pinyin-pro in its worker, 115 KB of brotli, 10 % of a
          //   new device's first visit at ten years), fetched by /tasks within a second of
          //   being open (TasksScreen); offline before that, the search matches the text;
          // - 搜索全部's index (MiniSearch and pinyin-pro in its worker, 119 KB of brotli), fetched
          //   at the first search; offline before that, 搜索 says to go online once;
          // - 导入账单's dialog (12 KB of brotli) and the passkey code (3 KB), which a new device's
          //   first visit at ten years could no longer afford (bench:web: 1,033 KB, budget 1 MB,
          //   after 账户, 标签 and 搜索). A passkey needs the server anyway; 导入账单 offline
          //   before its first use says to go online once.
          globIgnores: [
            '**/xlsx*.js',
            '**/pinyin.worker*.js',
            '**/search.worker*.js',
            '**/ImportDialog-*.js',
            '**/webauthn-*.js',
          ],
          runtimeCaching: [
            {
              urlPattern: /\/assets\/xlsx[^/]*\.js$/,
              handler: 'CacheFirst',
              options: { cacheName: 'xlsx-reader', expiration: { maxEntries: 1 } },
            },
            {
              urlPattern: /\/assets\/pinyin\.worker[^/]*\.js$/,
              handler: 'CacheFirst',
              options: { cacheName: 'pinyin-worker', expiration: { maxEntries: 1 } },
            },
            {
              urlPattern: /\/assets\/search\.worker[^/]*\.js$/,
              handler: 'CacheFirst',
              options: { cacheName: 'search-worker', expiration: { maxEntries: 1 } },
            },
            {
              urlPattern: /\/assets\/(?:ImportDialog|webauthn)-[^/]*\.js$/,
              handler: 'CacheFirst',
              options: { cacheName: 'first-use', expiration: { maxEntries: 4 } },
            },
          ],
          navigateFallback: '/index.html',
          navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/health$/],
          // Nothing else is cached at run time: /api answers stay with the query cache and the
          // local store, never in the worker, so it can never serve a stale or another user's
          // record.
          // The first install controls the open tab at once, so a tab opened once is enough
          // to go offline; later builds wait for 刷新.
          clientsClaim: true,
          cleanupOutdatedCaches: true,
          // Web Push: notifications and their buttons (public/push-sw.js).
          importScripts: ['/push-sw.js'],
        },
      }),
      ...(demo ? [demoMswWorker()] : []),
      // Last: it compresses what the others wrote, the service worker and manifest included.
      precompress(),
    ],
    // The worker that completes the device's copy (src/api/engine/worker) loads a kind's schemas only
    // when a record fails its shape's check, as the page does: a module worker can split.
    worker: { format: 'es' as const },
    server: {
      host: '127.0.0.1',
      proxy: { '/api': api, '/health': api },
    },
    build: {
      target: 'es2022',
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // What the entry needs is one file: the login route's few requests.
              { name: 'index', tags: ['$initial'], priority: 5 },
              // The login page's modules that signed-in screens use too (http, session, Field,
              // 新版本可用's icon): a chunk of their own, so that the login route never loads
              // 'shared' (an icon in it took 59 KB there once the page had loaded).
              {
                debugName: 'login-shared',
                name: (id, ctx) => (loginModules(ctx).has(id) ? 'login-shared' : null),
                test: ours,
                minShareCount: 2,
                priority: 4,
              },
              // The small modules the signed-in screens share (components, hooks, domain
              // helpers, icons) travel together, not as thirty 1 KB files: on a phone's
              // connection each file of a wave costs a round trip (issue 16). Libraries keep
              // their own chunks, so a screen still carries none it does not use.
              {
                name: 'shared',
                test: (id) => ours(id) && !offScreen(id),
                minShareCount: 2,
                maxModuleSize: 8 * 1024,
                priority: 3,
              },
              // Last: a group takes the modules its members import too, unless a group before
              // it took them (categories.ts and Field.tsx stay in 'shared' and 'login-shared';
              // zod and common.ts in 'zod', before the schema modules that import them).
              { name: 'zod', test: ZOD, priority: 2 },
              {
                debugName: 'schema-*',
                name: (id) => `schema-${KIND_SCHEMAS.exec(id)?.[1]}`,
                test: KIND_SCHEMAS,
                priority: 1,
              },
              { name: 'upload', test: UPLOAD, priority: 0 },
            ],
          },
        },
      },
    },
  };
});
