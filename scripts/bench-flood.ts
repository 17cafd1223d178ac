// docs/spec.md "Budgets", measured: a login flood against a really started server, and what it does to a
// signed-in user. Run with `npm run bench:flood`.
//
//   node --import tsx scripts/bench-flood.ts [--seconds 20] [--connections 32] [--runs 3]
//                                            [--mode direct|spread|both] [--root <dir>]
//
// The flood: `--connections` keep-alive connections, each posting logins for random usernames
// with random passwords back to back for `--seconds`. Meanwhile a probe in its own thread (so
// the flood's event loop never delays its clock) calls GET /api/auth/me as a signed-in user,
// one call every 10 ms, and times each.
//   direct  every login comes from 127.0.0.1, as one attacking machine would;
//   spread  the server runs with TRUST_PROXY=1 and every login carries another random
//           X-Forwarded-For address, as a botnet behind the operator's proxy would: no per-IP
//           limit ever applies, only the cap on concurrent password hashing.
// Budget (docs/spec.md "Budgets"): /api/auth/me p50 ≤ 20 ms and p99 ≤ 100 ms, taken as the median over the
// runs. Exits 1 when one is missed. `--root` runs the server code of another checkout (e.g. an
// older commit exported with `git archive`) against the same flood, for before/after figures.

import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { postJson as post } from './post-json';

const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] ? argv[i + 1]! : fallback;
};
const SECONDS = Number(option('seconds', '20'));
const CONNECTIONS = Number(option('connections', '32'));
const RUNS = Number(option('runs', '3'));
const MODE = option('mode', 'both');
const ROOT = resolve(option('root', join(import.meta.dirname, '..')));

const BUDGET_P50_MS = 20;
const BUDGET_P99_MS = 100;
const USER = 'bench';
const PASSWORD = 'bench-password-2024';

type Mode = 'direct' | 'spread';

interface Server {
  url: string;
  proc: ChildProcess;
  output: () => string;
}

async function startServer(dataDir: string, mode: Mode): Promise<Server> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      PM_STATIC_DIR: join(dataDir, 'no-dist'),
      PM_USERS: JSON.stringify([{ username: USER, password: PASSWORD, displayName: 'bench' }]),
      TRUST_PROXY: mode === 'spread' ? '1' : '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => {
    out += d;
  });
  proc.stderr!.on('data', (d) => {
    out += d;
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 30_000);
    proc.stdout!.on('data', () => {
      const match = /已启动: (http:\/\/[\d.]+:\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  return { url, proc, output: () => out };
}

async function stopServer(server: Server | undefined) {
  if (!server || server.proc.exitCode !== null) return;
  server.proc.kill('SIGTERM');
  await once(server.proc, 'exit');
}

// The probe runs in a worker thread with its own event loop. CommonJS, because eval workers are.
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const { Agent, request } = require('node:http');
const { url, token, user, ms } = workerData;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const once = () => new Promise((resolve) => {
  const started = performance.now();
  const req = request(url + '/api/auth/me', {
    agent,
    headers: { authorization: 'Bearer ' + token, 'x-user-id': user },
  });
  req.on('response', (res) => {
    res.resume();
    res.on('end', () => resolve({ ms: performance.now() - started, status: res.statusCode }));
  });
  req.on('error', () => resolve({ ms: performance.now() - started, status: 0 }));
  req.end();
});
(async () => {
  const samples = [];
  const statuses = {};
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const r = await once();
    samples.push(r.ms);
    statuses[r.status] = (statuses[r.status] || 0) + 1;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  agent.destroy();
  parentPort.postMessage({ samples, statuses });
})();
`;

interface ProbeResult {
  samples: number[];
  statuses: Record<string, number>;
}

function probe(url: string, token: string, ms: number): Promise<ProbeResult> {
  const worker = new Worker(PROBE, { eval: true, workerData: { url, token, user: USER, ms } });
  return new Promise((resolve, reject) => {
    worker.once('message', (result: ProbeResult) => {
      void worker.terminate();
      resolve(result);
    });
    worker.once('error', reject);
  });
}

const randomIp = () =>
  `${10 + Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

async function flood(url: string, mode: Mode, ms: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const statuses: Record<string, number> = {};
  const end = performance.now() + ms;
  const loop = async () => {
    while (performance.now() < end) {
      const username = `flood-${Math.random().toString(36).slice(2, 10)}`;
      const headers: Record<string, string> =
        mode === 'spread' ? { 'x-forwarded-for': randomIp() } : {};
      let status = 0;
      try {
        ({ status } = await post(
          agent,
          `${url}/api/auth/login`,
          { username, password: Math.random().toString(36) },
          headers,
        ));
      } catch {
        status = 0;
      }
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  agent.destroy();
  return statuses;
}

/** Nearest-rank percentile of sorted samples. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));
const counts = (c: Record<string, number>) =>
  Object.entries(c)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');

interface RunReport {
  quietP50: number;
  p50: number;
  p99: number;
  max: number;
  probes: number;
  probeStatuses: Record<string, number>;
  logins: Record<string, number>;
  rssMb: number;
}

function rssOf(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]) / 1024;
  } catch {
    return Number.NaN;
  }
}

async function run(mode: Mode): Promise<RunReport> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pms-flood-'));
  let server: Server | undefined;
  try {
    server = await startServer(dataDir, mode);
    const login = await post(new Agent(), `${server.url}/api/auth/login`, {
      username: USER,
      password: PASSWORD,
    });
    if (login.status !== 200) throw new Error(`sign-in: ${login.status} ${login.body}`);
    const { token } = JSON.parse(login.body) as { token: string };
    const quiet = await probe(server.url, token, 2000);
    const [loaded, logins] = await Promise.all([
      probe(server.url, token, SECONDS * 1000),
      flood(server.url, mode, SECONDS * 1000),
    ]);
    const rssMb = rssOf(server.proc.pid);
    const sorted = [...loaded.samples].sort((a, b) => a - b);
    return {
      quietP50: percentile(
        [...quiet.samples].sort((a, b) => a - b),
        50,
      ),
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1)!,
      probes: sorted.length,
      probeStatuses: loaded.statuses,
      logins,
      rssMb,
    };
  } catch (err) {
    if (server) console.error(`server output:\n${server.output().slice(-4000)}`);
    throw err;
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<boolean> {
  const modes: Mode[] = MODE === 'both' ? ['direct', 'spread'] : [MODE as Mode];
  console.log(
    `login flood: ${CONNECTIONS} connections × ${SECONDS} s, ${RUNS} run(s) per mode, server code in ${ROOT}`,
  );
  const failures: string[] = [];
  for (const mode of modes) {
    const reports: RunReport[] = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await run(mode);
      reports.push(r);
      console.log(
        `${mode} run ${i + 1}: /api/auth/me quiet p50 ${fmt(r.quietP50)} ms; under flood p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, max ${fmt(r.max)} ms over ${r.probes} calls (${counts(r.probeStatuses)}); logins ${counts(r.logins)}; server peak RSS ${r.rssMb.toFixed(0)} MB`,
      );
    }
    const p50 = median(reports.map((r) => r.p50));
    const p99 = median(reports.map((r) => r.p99));
    const ok = p50 <= BUDGET_P50_MS && p99 <= BUDGET_P99_MS;
    console.log(
      `${mode}: median of ${RUNS} — p50 ${fmt(p50)} ms (≤ ${BUDGET_P50_MS}), p99 ${fmt(p99)} ms (≤ ${BUDGET_P99_MS}) ${ok ? 'ok' : 'MISSED'}\n`,
    );
    if (!ok) failures.push(`${mode}: p50 ${fmt(p50)} ms, p99 ${fmt(p99)} ms`);
    const failed = reports.flatMap((r) => Object.keys(r.probeStatuses).filter((s) => s !== '200'));
    if (failed.length > 0) failures.push(`${mode}: /api/auth/me answered ${failed.join(', ')}`);
  }
  if (failures.length > 0) {
    console.log(`BUDGET MISSED:\n  ${failures.join('\n  ')}`);
    return false;
  }
  console.log('all budgets met');
  return true;
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
