// What the benchmarks share (scripts/bench.ts, bench-web.ts, bench-lighthouse.ts): a data set
// from the one generator, a really started server on a scratch DATA_DIR, and the browser's way
// of uploading records to it.

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { type GeneratedData, generateData, type Profile } from '../mocks/generate';
import { formatCents, toCents } from '../src/domain/money';
import { MAX_BATCH, RESOURCE_NAMES, RESOURCES, type ResourceName } from '../src/domain/resources';
import { prepareRecord, requestChunks, type UploadItem, uploadBatches } from '../src/domain/sync';
import { buildServer, serverCommand } from './build-server.mjs';

// The browser's upload settings (src/api/sync.ts). Not imported from there: that module pulls
// in React Query and the browser's storage.
const UPLOAD_BATCH_BYTES = 800_000;
const UPLOAD_CONCURRENCY = 2;

export const ROOT = join(import.meta.dirname, '..');
export const USER = 'bench';
export const PASSWORD = 'bench-password-2024';

export const PATHS = Object.fromEntries(
  RESOURCE_NAMES.map((name) => [name, RESOURCES[name].path]),
) as Record<ResourceName, string>;

// ---------------------------------------------------------------------------------------------
// Data.

/** Every record as the browser would post it, checked by the schema the server applies. */
export function uploadItems(data: GeneratedData): UploadItem[] {
  const items: UploadItem[] = [];
  for (const category of RESOURCE_NAMES) {
    for (const [index, raw] of data[category].entries()) {
      const prepared = prepareRecord(category, raw);
      if (!prepared.ok) {
        throw new Error(
          `generated ${category}[${index}] is invalid: ${prepared.field}: ${prepared.message}`,
        );
      }
      items.push({ category, record: prepared.record });
    }
  }
  return items;
}

export interface DataSet {
  data: GeneratedData;
  items: UploadItem[];
  counts: Record<ResourceName, number>;
}

export function dataSet(
  profile: Profile,
  today: string,
  span: { days: number } | { years: number },
): DataSet {
  const data = generateData(profile, { today, span, seed: 42 });
  const counts = Object.fromEntries(RESOURCE_NAMES.map((c) => [c, data[c].length]));
  return { data, items: uploadItems(data), counts: counts as Record<ResourceName, number> };
}

export const describeCounts = (counts: Record<ResourceName, number>) =>
  RESOURCE_NAMES.map((c) => `${c} ${counts[c]}`).join(', ');

/** The machine's 1, 5 and 15 minute load averages, printed beside every measurement. */
export const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

// ---------------------------------------------------------------------------------------------
// The server.

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface Server {
  url: string;
  proc: ChildProcess;
  output: () => string;
}

let built: Promise<string> | undefined;

/**
 * The server as `npm start` runs it (scripts/build-server.mjs: built, without tsx, with its
 * memory settings) on `dataDir`; `staticDir` is the built SPA it serves (none: the API alone).
 */
export async function startServer(dataDir: string, staticDir = dataDir): Promise<Server> {
  built ??= buildServer(ROOT);
  await built;
  const port = await freePort();
  const { args, env } = serverCommand(ROOT);
  const proc = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PM_STATIC_DIR: staticDir,
      PM_USERS: JSON.stringify([{ username: USER, password: PASSWORD, displayName: '压测' }]),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (d) => {
    out += d;
  });
  proc.stderr?.on('data', (d) => {
    out += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}:\n${out}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return { url, proc, output: () => out };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not answer /health within 30 s:\n${out}`);
}

export async function stopServer(server: Server | undefined) {
  const proc = server?.proc;
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = once(proc, 'exit');
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Resident memory of a process now and at its peak, in bytes (Linux /proc; null elsewhere). */
export function memoryOf(pid: number | undefined): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    return { rss: kb('VmRSS') * 1024, peak: kb('VmHWM') * 1024 };
  } catch {
    return null;
  }
}

/** Starts a new peak for memoryOf (Linux: clear_refs 5 resets VmHWM to the current RSS). */
export function resetPeak(pid: number | undefined) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // not Linux, or not allowed: the peak then counts from the start
  }
}

export interface Session {
  token: string;
  user: { username: string; displayName: string };
}

export async function login(url: string): Promise<Session> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: USER, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  return (await res.json()) as Session;
}

export type Api = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<Response>;

export function api(url: string, token: string): Api {
  return (method, path, body) =>
    fetch(`${url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'x-user-id': USER,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

// ---------------------------------------------------------------------------------------------
// Upload, as src/api/sync.ts postAll does it: stage by stage (asset versions in version order,
// habits before their check-ins), each stage in requests of ≤ 500 records and ≤ 800 KB of one
// category, 2 requests in flight.

type Status = 'created' | 'existing' | 'invalid';

export interface UploadReport {
  ms: number;
  requests: number;
  counts: Record<Status, number>;
  errors: string[];
}

export async function upload(call: Api, items: UploadItem[]): Promise<UploadReport> {
  const counts: Record<Status, number> = { created: 0, existing: 0, invalid: 0 };
  const errors: string[] = [];
  let requests = 0;
  const started = performance.now();
  for (const stage of uploadBatches(items)) {
    const chunks = requestChunks(stage, MAX_BATCH, UPLOAD_BATCH_BYTES);
    let next = 0;
    const worker = async () => {
      while (next < chunks.length) {
        const chunk = chunks[next++]!;
        const category = chunk[0]!.category;
        requests += 1;
        const res = await call('POST', `${PATHS[category]}/batch`, {
          records: chunk.map((item) => item.record),
        });
        if (res.status !== 200) {
          throw new Error(`POST ${PATHS[category]}/batch: ${res.status} ${await res.text()}`);
        }
        const { results } = (await res.json()) as { results: { status: Status; error?: string }[] };
        if (results.length !== chunk.length) {
          throw new Error(`${category}: ${results.length} results for ${chunk.length} records`);
        }
        for (const result of results) {
          counts[result.status] += 1;
          if (result.error && errors.length < 5) errors.push(`${category}: ${result.error}`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(UPLOAD_CONCURRENCY, chunks.length) }, worker));
  }
  return { ms: performance.now() - started, requests, counts, errors };
}

/** Uploads a data set and fails unless every record was created. */
export async function uploadAll(call: Api, set: DataSet): Promise<UploadReport> {
  const report = await upload(call, set.items);
  if (report.counts.created !== set.items.length) {
    throw new Error(
      `upload created ${report.counts.created} of ${set.items.length}: ${report.errors.join('; ')}`,
    );
  }
  return report;
}

// ---------------------------------------------------------------------------------------------
// Reporting.

/** Nearest-rank percentile of sorted samples. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export const median = (samples: number[]) =>
  samples.length === 0
    ? Number.NaN
    : percentile(
        [...samples].sort((a, b) => a - b),
        50,
      );

export const fmt = (ms: number) =>
  Number.isNaN(ms) ? '—' : ms >= 100 ? ms.toFixed(0) : ms.toFixed(1);
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Columns a terminal gives a string: CJK characters take two. */
const columns = (s: string) => s.length + (s.match(/[\u3000-\u9fff\uff00-\uffef]/g)?.length ?? 0);

/** One line of a table: the first cell left-aligned, the others right-aligned. */
export const row = (cells: (string | number)[], widths: number[]) =>
  cells
    .map((c, i) => {
      const s = String(c);
      const pad = ' '.repeat(Math.max(0, widths[i]! - columns(s)));
      return i === 0 ? s + pad : pad + s;
    })
    .join('  ');

/** Kills the server and removes the scratch directory on Ctrl-C, whatever is running. */
export function onInterrupt(cleanup: () => void) {
  const handler = () => {
    cleanup();
    process.exit(130);
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
}

/** `--name value` from the benchmark's command line. */
export function option(name: string): string | undefined {
  const argv = process.argv.slice(2);
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

/**
 * Says so loudly when no font on this machine covers Chinese (fontconfig's `fc-list`): every
 * label then goes through a font fallback that finds nothing, and layout measures that search
 * (a dashboard layout of 13 objects took 58 ms at 4× CPU in a trace without fonts-noto-cjk),
 * not what a person's device does.
 */
export function warnWithoutCjkFont() {
  const found = spawnSync('fc-list', [':lang=zh-cn', 'family'], { encoding: 'utf8' });
  if (found.error || found.stdout.trim() !== '') return;
  console.warn(
    "WARNING: no font covers Chinese here: timings of layout are not a real device's. " +
      'Install one first (apt-get install -y fonts-noto-cjk).',
  );
}

/** The SPA built from the current sources into a scratch directory, or `dist` as it is. */
export function buildSpa(prefix: string, dist: string | undefined) {
  if (dist) return { dir: resolve(dist), cleanup: () => {} };
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const result = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('vite build failed');
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** How many kinds the signed-in user's IndexedDB copy holds (keys only: nothing parsed). */
export function heldCount(page: Page, username: string): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(name);
        // No database yet: creating one here would leave the app an empty one at its version.
        let absent = false;
        open.onupgradeneeded = () => {
          absent = true;
          open.transaction?.abort();
        };
        open.onerror = () => (absent ? resolve(0) : reject(open.error));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('lists')) {
            db.close();
            resolve(0);
            return;
          }
          const keys = db.transaction('lists').objectStore('lists').getAllKeys();
          keys.onsuccess = () => {
            db.close();
            resolve(keys.result.length);
          };
          keys.onerror = () => reject(keys.error);
        };
      }),
    `pms:${username}`,
  );
}

/** 累计结余 as 今天 shows it (every entry's income less expense): / is shown once it is. */
export const balanceText = (data: GeneratedData) =>
  formatCents(
    data.accounts.reduce((sum, a) => sum + (a.type === 'income' ? 1 : -1) * toCents(a.amount), 0),
  );
