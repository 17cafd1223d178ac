import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

// Starts the real Node entry (server/main.ts) as a child process. It is run as
// `node --import tsx` rather than `npx tsx` so that the child IS the server: a kill -9 must
// hit the process that holds the database, not a wrapper around it.

export const ROOT = join(import.meta.dirname, '..', '..');

export interface RunningServer {
  url: string;
  proc: ChildProcess;
  output: () => string;
  /** SIGTERM and wait; resolves to the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL and wait until the process is gone (reaped). */
  kill9(): Promise<void>;
}

export function runTsx(script: string, args: string[], env: NodeJS.ProcessEnv, input?: string) {
  return runNode(['--import', 'tsx', script, ...args], env, input);
}

/** `node <nodeArgs>` in the project root, its output collected. */
function runNode(nodeArgs: string[], env: NodeJS.ProcessEnv, input?: string) {
  const proc = spawn(process.execPath, nodeArgs, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (d) => {
    out += d;
  });
  proc.stderr.on('data', (d) => {
    out += d;
  });
  proc.stdin.end(input ?? '');
  return {
    proc,
    output: () => out,
    done: once(proc, 'exit').then(([code]) => ({ code: code as number | null, output: out })),
  };
}

/** The server, by default from its sources under tsx; `nodeArgs` runs another entry (the built one). */
export async function startServer(
  env: NodeJS.ProcessEnv,
  nodeArgs = ['--import', 'tsx', 'server/main.ts'],
): Promise<RunningServer> {
  const { proc, output, done } = runNode(nodeArgs, { HOST: '127.0.0.1', PORT: '0', ...env });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output()}`)), 15_000);
    const check = () => {
      const match = /个人管理系统已启动: (http:\/\/[\d.]+:\d+)/.exec(output());
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    proc.stdout?.on('data', check);
    done.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output()}`));
    });
  });
  const health = await fetch(`${url}/health`);
  if (!health.ok) throw new Error(`health check failed: ${health.status}`);
  return {
    url,
    proc,
    output,
    async stop() {
      if (proc.exitCode !== null) return proc.exitCode;
      proc.kill('SIGTERM');
      return (await done).code;
    },
    async kill9() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGKILL');
      await done;
    },
  };
}

/** A small client for one signed-in user. */
export function client(url: string, username: string, token: string) {
  return (
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        'x-user-id': username,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body:
        init.body === undefined
          ? undefined
          : typeof init.body === 'string'
            ? init.body
            : JSON.stringify(init.body),
    });
}

export async function login(url: string, username: string, password: string) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return { status: res.status, body: await res.json() };
}
