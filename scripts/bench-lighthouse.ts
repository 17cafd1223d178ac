// docs/spec.md "Budgets": Lighthouse 12 with its mobile preset on every route, against a really started
// server holding three months of the demo's kind of data, signed in. A report, not a test.
//
//   npm run bench:lighthouse [-- --runs 3] [--routes /,/tasks] [--dist dist] [--save dir]
//
// Each run starts from an empty HTTP cache and empty storage except the session, as a
// first visit after signing in would. --dist serves an existing build instead of building the
// current sources into a scratch directory; --save writes each run's full report (JSON, for
// its long tasks and main-thread breakdown) into a directory, and its trace (NAME.trace.json).

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dayjs from 'dayjs';
import lighthouse, { type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { DEMO_PROFILE } from '../mocks/generate';
import { CHROMIUM_ARGS, chromePath } from '../tests/e2e/chromium';
import {
  api,
  buildSpa,
  dataSet,
  describeCounts,
  fmt,
  freePort,
  loadAverage,
  login,
  median,
  onInterrupt,
  option,
  row,
  type Server,
  startServer,
  stopServer,
  uploadAll,
  warnWithoutCjkFont,
} from './bench-common';

const RUNS = Number(option('--runs')) || 3;
const ONLY = option('--routes')?.split(',');
const DIST = option('--dist');
const SAVE = option('--save');

const ROUTES = ['/login', '/', '/accounting', '/assets', '/fitness', '/time', '/tasks', '/checkin'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const BUDGET_SCORE = 95;
const BUDGET_TBT = 200;

interface Sample {
  scores: Record<(typeof CATEGORIES)[number], number>;
  tbt: number;
  lcp: number;
  fcp: number;
  cls: number;
}

const build = () => buildSpa('pms-bench-lh-dist-', DIST);
warnWithoutCjkFont();

async function main() {
  const today = dayjs().format('YYYY-MM-DD');
  const set = dataSet(DEMO_PROFILE, today, { days: 92 });
  console.log(
    `three months to ${today}: ${set.items.length} records (${describeCounts(set.counts)})`,
  );
  console.log(`load average at the start: ${loadAverage()}`);
  const routes = ROUTES.filter((r) => !ONLY || ONLY.includes(r));

  const dist = build();
  const dataDir = mkdtempSync(join(tmpdir(), 'pms-bench-lh-'));
  const profileDir = mkdtempSync(join(tmpdir(), 'pms-bench-lh-profile-'));
  let server: Server | undefined;
  const cleanup = () => {
    for (const dir of [dataDir, profileDir]) rmSync(dir, { recursive: true, force: true });
    dist.cleanup();
  };
  onInterrupt(() => {
    server?.proc.kill('SIGKILL');
    cleanup();
  });

  // Lighthouse drives the browser through its debugging port, in the browser's default
  // profile: a persistent context is that profile, so the session written here is the one
  // Lighthouse's page reads.
  const port = await freePort();
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromePath(),
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    server = await startServer(dataDir, dist.dir);
    const session = await login(server.url);
    await uploadAll(api(server.url, session.token), set);

    const setup = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(setup);
    const origin = server.url;
    const samples = new Map<string, Sample[]>();
    let version = '';
    for (let run = 0; run < RUNS; run++) {
      for (const route of routes) {
        // Lighthouse now and then loses its trace under load (NO_NAVSTART): such a run is
        // repeated, up to three tries.
        let lhr: Result | undefined;
        let trace: unknown;
        for (let attempt = 1; !lhr; attempt++) {
          // A first visit: no cached files, no stored lists, no service worker; only the session.
          await setup.goto(`${origin}/health`);
          await cdp.send('Network.clearBrowserCache');
          await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
          if (route !== '/login') {
            await setup.evaluate((s) => {
              localStorage.setItem('isLoggedIn', 'true');
              localStorage.setItem('currentUser', JSON.stringify(s.user));
              localStorage.setItem('authToken', s.token);
            }, session);
          }
          await setup.goto('about:blank');
          const result = await lighthouse(`${origin}${route}`, {
            port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...CATEGORIES],
            disableStorageReset: true,
            // With --save, the trace also samples the script (what a long task ran).
            ...(SAVE ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
          });
          const error = result ? result.lhr.runtimeError?.message : 'no result';
          if (!error) {
            lhr = result!.lhr;
            trace = result!.artifacts.Trace;
          } else if (attempt < 3) console.log(`  ${route}: ${error}; trying again`);
          else throw new Error(`${route}: ${error}`);
        }
        if (SAVE) {
          mkdirSync(SAVE, { recursive: true });
          const name = route === '/' ? 'home' : route.slice(1);
          writeFileSync(join(SAVE, `${name}-${run + 1}.json`), JSON.stringify(lhr));
          // Its trace too, for the Performance panel or scripts/trace-summary.mjs.
          writeFileSync(join(SAVE, `${name}-${run + 1}.trace.json`), JSON.stringify(trace));
        }
        const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
        if (finalPath !== route) throw new Error(`${route} ended on ${finalPath}: not signed in?`);
        version = lhr.lighthouseVersion;
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        samples.set(route, [
          ...(samples.get(route) ?? []),
          {
            scores: Object.fromEntries(
              CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
            ) as Sample['scores'],
            tbt: audit('total-blocking-time'),
            lcp: audit('largest-contentful-paint'),
            fcp: audit('first-contentful-paint'),
            cls: audit('cumulative-layout-shift'),
          },
        ]);
      }
      console.log(`  run ${run + 1}/${RUNS} done`);
    }

    console.log(
      `\nLighthouse ${version}, mobile preset (simulated slow 4G, 4× CPU), median of ${RUNS}; load average ${loadAverage()}`,
    );
    const widths = [12, 6, 6, 6, 8, 8, 8, 6, 8];
    console.log(
      row(['route', 'perf', 'a11y', 'b-p', 'TBT', 'FCP', 'LCP', 'CLS', 'verdict'], widths),
    );
    const misses: string[] = [];
    for (const route of routes) {
      const s = samples.get(route)!;
      const m = (pick: (x: Sample) => number) => median(s.map(pick));
      const perf = m((x) => x.scores.performance);
      const a11y = m((x) => x.scores.accessibility);
      const bp = m((x) => x.scores['best-practices']);
      const tbt = m((x) => x.tbt);
      const ok = perf >= BUDGET_SCORE && tbt <= BUDGET_TBT;
      if (!ok) misses.push(`${route}: performance ${perf}, TBT ${fmt(tbt)} ms`);
      console.log(
        row(
          [
            route,
            perf,
            a11y,
            bp,
            `${fmt(tbt)} ms`,
            `${(m((x) => x.fcp) / 1000).toFixed(2)} s`,
            `${(m((x) => x.lcp) / 1000).toFixed(2)} s`,
            m((x) => x.cls).toFixed(3),
            ok ? 'ok' : 'MISS',
          ],
          widths,
        ),
      );
    }
    console.log(
      misses.length === 0
        ? `\nVERDICT: every route scores ≥ ${BUDGET_SCORE} with TBT ≤ ${BUDGET_TBT} ms`
        : `\nVERDICT: ${routes.length - misses.length} of ${routes.length} routes reach performance ≥ ${BUDGET_SCORE} with TBT ≤ ${BUDGET_TBT} ms; missed:\n  ${misses.join('\n  ')}`,
    );
  } catch (err) {
    if (server) console.error(`server output:\n${server.output().slice(-4000)}`);
    throw err;
  } finally {
    await context.close();
    await stopServer(server);
    cleanup();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
