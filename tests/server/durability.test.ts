import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { client, login, ROOT, type RunningServer, runTsx, startServer } from './server-process';

// Lifecycle of a real server on one data directory, in order: first start, accounts CLI,
// the single-server lock, online backup, restart, kill -9 in the middle of writes (once, then
// in a loop of immediate restarts), and whatever a dead server may leave in the lock file.

const KILL_CYCLES = 20;

/**
 * The server as the child of a parent that never reaps it (the shell execs into sleep): killed,
 * it stays a zombie until that parent goes, as under a supervisor that has not got round to it.
 */
async function startUnreaped(): Promise<{ url: string; pid: number; parent: ChildProcess }> {
  const parent = spawn(
    'sh',
    ['-c', `"${process.execPath}" --import tsx server/main.ts & echo "pid $!"; exec sleep 600`],
    {
      cwd: ROOT,
      env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  parent.stdout.on('data', (d) => {
    out += d;
  });
  parent.stderr.on('data', (d) => {
    out += d;
  });
  const deadline = Date.now() + 20_000;
  for (;;) {
    const started = /已启动: (http:\/\/[\d.]+:\d+)/.exec(out);
    if (started) return { url: started[1]!, pid: Number(/pid (\d+)/.exec(out)![1]), parent };
    if (Date.now() > deadline || /不会启动|not starting|Error/.test(out)) {
      parent.kill('SIGKILL');
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'pms-durable-'));
const DATA_DIR = join(scratch, 'data');
const env = { DATA_DIR, PM_STATIC_DIR: join(scratch, 'no-dist') };
let server: RunningServer | undefined;

afterAll(async () => {
  await server?.kill9();
  rmSync(scratch, { recursive: true, force: true });
});

const account = (n: number) => ({
  type: 'income',
  amount: n + 0.01,
  category: 'salary',
  description: `#${n}`,
  date: '2024-03-01',
});

describe.sequential('a server on one data directory', () => {
  let adminPassword = '';
  let carol: ReturnType<typeof client>;

  it('creates an admin with a printed password on first start', async () => {
    server = await startServer(env);
    const match = /密码 \/ password:\s+(\S+)/.exec(server.output());
    expect(match).not.toBeNull();
    adminPassword = match![1]!;
    expect(adminPassword.length).toBeGreaterThanOrEqual(20);
    expect(server.output()).toContain('npm run user -- set');
    const res = await login(server.url, 'admin', adminPassword);
    expect(res.body.user).toEqual({ username: 'admin', displayName: '管理员' });
  });

  it('adds accounts and changes passwords with the user CLI while running', async () => {
    const add = await runTsx(
      'server/cli/user.ts',
      ['set', 'carol', '--display-name', '卡罗尔'],
      env,
      'carol-password\n',
    ).done;
    expect(add.code, add.output).toBe(0);
    const c = await login(server!.url, 'carol', 'carol-password');
    expect(c.body.user).toEqual({ username: 'carol', displayName: '卡罗尔' });
    carol = client(server!.url, 'carol', c.body.token);

    const admin = client(
      server!.url,
      'admin',
      (await login(server!.url, 'admin', adminPassword)).body.token,
    );
    expect((await admin('/api/auth/me')).status).toBe(200);
    const change = await runTsx('server/cli/user.ts', ['set', 'admin'], env, 'new-admin-password\n')
      .done;
    expect(change.code, change.output).toBe(0);
    expect((await admin('/api/auth/me')).status).toBe(401);
    expect((await login(server!.url, 'admin', adminPassword)).status).toBe(401);
    expect((await login(server!.url, 'admin', 'new-admin-password')).status).toBe(200);

    const short = await runTsx('server/cli/user.ts', ['set', 'dave'], env, 'short\n').done;
    expect(short.code).toBe(1);
  });

  it('refuses to start a second server on the same data directory', async () => {
    const second = await runTsx('server/main.ts', [], { ...env, PORT: '0' }).done;
    expect(second.code).toBe(1);
    expect(second.output).toContain(`另一个服务器进程正在使用数据目录 ${DATA_DIR}`);
    expect(second.output).toContain(`Another server is already using data directory ${DATA_DIR}`);
    expect(second.output).toContain('Stop that server first');
  });

  it('writes a consistent backup while running', async () => {
    for (let n = 0; n < 20; n++) {
      expect((await carol('/api/accounts', { method: 'POST', body: account(n) })).status).toBe(201);
    }
    const file = join(scratch, 'backup.sqlite');
    const writes = Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        carol('/api/accounts', { method: 'POST', body: account(100 + n) }),
      ),
    );
    const backup = await runTsx('server/cli/backup.ts', [file], env).done;
    await writes;
    expect(backup.code, backup.output).toBe(0);
    const copy = new Database(file, { readonly: true });
    const rows = copy
      .prepare("select count(*) as n from accounts where user_id = 'carol'")
      .get() as {
      n: number;
    };
    expect(rows.n).toBeGreaterThanOrEqual(20);
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();
  });

  it('stops on SIGTERM and keeps the data across a restart', async () => {
    expect(await server!.stop()).toBe(0);
    server = await startServer(env);
    expect(server.output()).not.toContain('已创建管理员账户');
    const c = await login(server.url, 'carol', 'carol-password');
    carol = client(server.url, 'carol', c.body.token);
    const accounts = await (await carol('/api/accounts')).json();
    expect(accounts).toHaveLength(40);
    expect(accounts[0]).toMatchObject({ ...account(0), id: expect.any(String) });
  });

  it('loses no acknowledged write when killed with SIGKILL', async () => {
    const acknowledged: string[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let n = 0; !stop; n++) {
        try {
          const res = await carol('/api/workouts', {
            method: 'POST',
            body: { type: 'running', duration: 30, date: '2024-03-01', notes: `${w}-${n}` },
          });
          if (res.status === 201) acknowledged.push((await res.json()).id);
        } catch {
          return; // The server is gone: this write was never acknowledged.
        }
      }
    };
    const writers = Array.from({ length: 6 }, (_, w) => writer(w));
    while (acknowledged.length < 150) await new Promise((r) => setTimeout(r, 5));
    await server!.kill9();
    stop = true;
    await Promise.all(writers);
    server = await startServer(env);
    const c = await login(server.url, 'carol', 'carol-password');
    const stored = await (await client(server.url, 'carol', c.body.token)('/api/workouts')).json();
    const ids = new Set(stored.map((w: { id: string }) => w.id));
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    carol = client(server.url, 'carol', c.body.token);
  });

  it(`starts again at once after each of ${KILL_CYCLES} kill -9s, losing no acknowledged write`, async () => {
    // Sessions live in the database, so one token serves every incarnation of the server.
    const token = (await login(server!.url, 'carol', 'carol-password')).body.token;
    expect(await server!.stop()).toBe(0);
    server = undefined;
    const acknowledged: string[] = [];
    const parents: ChildProcess[] = [];
    try {
      for (let cycle = 0; cycle < KILL_CYCLES; cycle++) {
        // Started while the previous server is still a zombie: killed, not yet reaped.
        const running = await startUnreaped();
        parents.push(running.parent);
        if (parents.length > 2) parents.shift()!.kill('SIGKILL');
        const api = client(running.url, 'carol', token);
        const before = acknowledged.length;
        let stop = false;
        const writer = async (w: number) => {
          for (let n = 0; !stop; n++) {
            try {
              const res = await api('/api/time-records', {
                method: 'POST',
                body: {
                  task: `c${cycle}-${w}-${n}`,
                  category: 'work',
                  duration: 60,
                  date: '2024-03-01',
                },
              });
              if (res.status === 201) acknowledged.push((await res.json()).id);
            } catch {
              return; // The server is gone: this write was never acknowledged.
            }
          }
        };
        const writers = Array.from({ length: 3 }, (_, w) => writer(w));
        while (acknowledged.length < before + 10) await new Promise((r) => setTimeout(r, 2));
        process.kill(running.pid, 'SIGKILL');
        stop = true;
        await Promise.all(writers);
        if (existsSync('/proc/self/status')) {
          await vi.waitFor(() =>
            expect(readFileSync(`/proc/${running.pid}/status`, 'utf8')).toMatch(/State:\s+Z/),
          );
        }
      }
    } finally {
      for (const parent of parents) parent.kill('SIGKILL');
    }
    server = await startServer(env);
    const stored = await (await client(server.url, 'carol', token)('/api/time-records')).json();
    const ids = new Set(stored.map((r: { id: string }) => r.id));
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_CYCLES * 10);
    const lost = acknowledged.filter((id) => !ids.has(id));
    console.log(
      `kill -9 loop: ${KILL_CYCLES} cycles, each restart beside an unreaped zombie; ${acknowledged.length} acknowledged writes, ${lost.length} lost`,
    );
    expect(lost).toEqual([]);
    expect(await server.stop()).toBe(0);
    server = undefined;
  }, 300_000);

  it('starts whatever is written in the lock file, and however its last holder died', async () => {
    const lock = join(DATA_DIR, 'server.lock');
    // A pid file of the previous version naming live processes (init, this test runner), then garbage.
    for (const content of ['1\n', `${process.pid}\n`, 'not a database at all\n'.repeat(100)]) {
      writeFileSync(lock, content);
      server = await startServer(env);
      expect(await server.stop()).toBe(0);
    }
    // A holder that was killed but never reaped.
    const holder = await startUnreaped();
    try {
      process.kill(holder.pid, 'SIGKILL');
      if (existsSync('/proc/self/status')) {
        await vi.waitFor(() =>
          expect(readFileSync(`/proc/${holder.pid}/status`, 'utf8')).toMatch(/State:\s+Z/),
        );
      }
      server = await startServer(env);
      expect(await server.stop()).toBe(0);
      server = undefined;
    } finally {
      holder.parent.kill('SIGKILL');
    }
  });
});
