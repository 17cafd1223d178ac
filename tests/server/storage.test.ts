import { randomBytes } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app';
import { openSqliteStore } from '../../server/db/sqlite-store';
import { setUser } from '../../server/users';
import { createWebPasswordHasher } from '../../server/web-auth';
import { client, login, type RunningServer, runTsx, startServer } from './server-process';

// Damaged, full and unopenable database files, automatic backups and the restore drill, against
// the real Node entry (except the full disk, made with SQLite's max_page_count in process).

const scratch = mkdtempSync(join(tmpdir(), 'pms-storage-'));
const servers: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.kill9()));
  rmSync(scratch, { recursive: true, force: true });
});

const USERS = JSON.stringify([{ username: 'carol', password: 'carol-password' }]);

function dataDir(name: string) {
  const dir = join(scratch, name);
  mkdirSync(dir, { recursive: true });
  return {
    dir,
    file: join(dir, 'pms.sqlite'),
    env: { DATA_DIR: dir, PM_STATIC_DIR: join(scratch, 'no-dist'), PM_USERS: USERS },
  };
}

async function start(env: NodeJS.ProcessEnv) {
  const server = await startServer(env);
  servers.push(server);
  const { body } = await login(server.url, 'carol', 'carol-password');
  return { server, api: client(server.url, 'carol', body.token) };
}

const expense = (n: number) => ({
  id: `e${n}`,
  type: 'expense',
  amount: 10 + n / 100,
  category: 'dining',
  description: `第 ${n} 笔`.padEnd(120, '·'),
  date: '2024-03-01',
});

/** Leaf pages of a table, read from a database file no one has open. */
function leafPages(file: string, table: string): number[] {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare("SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno")
      .pluck()
      .all(table) as number[];
  } finally {
    db.close();
  }
}

/** Random bytes over whole pages of the file, as a failing disk or a stray write would leave it. */
function damage(file: string, pages: number[]) {
  const fd = openSync(file, 'r+');
  try {
    for (const page of pages) writeSync(fd, randomBytes(4096), 0, 4096, (page - 1) * 4096);
  } finally {
    closeSync(fd);
  }
}

/** A database of the app with `n` expenses for carol, checkpointed into the one file. */
async function databaseWith(name: string, n: number) {
  const data = dataDir(name);
  const { server, api } = await start({
    ...data.env,
    BACKUP_KEEP_DAILY: '0',
    BACKUP_KEEP_WEEKLY: '0',
  });
  const res = await api('/api/accounts/batch', {
    method: 'POST',
    body: { records: Array.from({ length: n }, (_, i) => expense(i)) },
  });
  expect(res.status).toBe(200);
  expect(await server.stop()).toBe(0);
  return data;
}

// Each test starts real processes several times; on a loaded 2-core machine that takes a while.
vi.setConfig({ testTimeout: 90_000 });

describe('a damaged database', () => {
  it('refuses to start, saying so in both languages and how to restore', async () => {
    const { file, env } = await databaseWith('damaged', 400);
    damage(file, leafPages(file, 'accounts').slice(3, 6));
    const { code, output } = await runTsx('server/main.ts', [], { ...env, PORT: '0' }).done;
    expect(code).toBe(1);
    expect(output).toContain('数据库文件已损坏，服务器不会启动');
    expect(output).toContain('The database file is damaged; the server will not start');
    expect(output).toContain('npm run restore -- ');
    expect(output).not.toContain('个人管理系统已启动');
  });

  it('refuses a file whose first page is gone, and names an unopenable one in one line', async () => {
    const { dir, file, env } = await databaseWith('headless', 10);
    damage(file, [1]);
    const headless = await runTsx('server/main.ts', [], { ...env, PORT: '0' }).done;
    expect(headless.code).toBe(1);
    expect(headless.output).toContain('数据库文件已损坏');

    rmSync(file);
    mkdirSync(file);
    const unopenable = await runTsx('server/main.ts', [], { ...env, PORT: '0' }).done;
    expect(unopenable.code).toBe(1);
    expect(unopenable.output.trim()).toBe(
      `无法打开数据库 / cannot open the database ${file}: 不是普通文件 / not a regular file`,
    );
    rmSync(dir, { recursive: true });
  });

  it('damaged while running: 503 and no more writes, degraded health, a clean stop', async () => {
    const { file, env } = await databaseWith('runtime', 400);
    const { server, api } = await start({
      ...env,
      BACKUP_KEEP_DAILY: '0',
      BACKUP_KEEP_WEEKLY: '0',
    });
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    // The server has not read these pages yet, so it meets the damage on its next list.
    damage(file, leafPages(file, 'accounts').slice(3, 6));
    const list = await api('/api/accounts');
    expect(list.status).toBe(503);
    expect(await list.json()).toEqual({
      error: '服务器的数据库文件已损坏，暂停保存数据；请联系管理员从备份恢复',
      reason: 'corrupt',
    });
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'degraded', reason: 'corrupt' });
    const write = await api('/api/tasks', {
      method: 'POST',
      body: { id: 'after-damage', title: 'x' },
    });
    expect(write.status).toBe(503);
    expect(await server.stop()).toBe(0);
    expect(server.output()).not.toMatch(/^\s+at /m);

    const db = new Database(file, { readonly: true });
    expect(db.prepare("SELECT count(*) FROM tasks WHERE id = 'after-damage'").pluck().get()).toBe(
      0,
    );
    db.close();
    // The lock went with the process: the next start gets as far as the integrity check.
    const again = await runTsx('server/main.ts', [], { ...env, PORT: '0' }).done;
    expect(again.code).toBe(1);
    expect(again.output).toContain('数据库文件已损坏');
  });
});

describe('a full disk', () => {
  it('answers 507 with a Chinese message and reports degraded until a write fits again', async () => {
    const file = join(scratch, 'full.sqlite');
    const store = openSqliteStore(file, { maxPageCount: 130 });
    const hasher = createWebPasswordHasher({ iterations: 1000 });
    await setUser(store, hasher, { username: 'carol', password: 'carol-password' });
    const app = createApp({ store, auth: hasher });
    const { token } = (await (
      await app.request('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'carol', password: 'carol-password' }),
      })
    ).json()) as { token: string };
    const call = (path: string, method = 'GET', body?: unknown) =>
      app.request(path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'x-user-id': 'carol',
          'content-type': 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    let n = 0;
    let res: Response;
    do res = await call('/api/accounts', 'POST', expense(n++));
    while (res.status === 201 && n < 10_000);
    expect(res.status).toBe(507);
    expect(await res.json()).toEqual({
      error: '服务器磁盘空间已满，无法保存，请联系管理员',
      reason: 'full',
    });
    expect(errors).toHaveBeenCalledWith(
      expect.stringMatching(/^存储错误 \/ storage error \(full\)/),
    );
    errors.mockRestore();
    const health = await app.request('/health');
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({
      status: 'degraded',
      reason: 'full',
      error: '服务器磁盘空间已满，无法保存，请联系管理员',
    });
    // Everything acknowledged is there, nothing of the refused one; reads go on.
    const listed = (await (await call('/api/accounts')).json()) as { id: string }[];
    expect(listed.map((a) => a.id)).toEqual(Array.from({ length: n - 1 }, (_, i) => `e${i}`));
    // Space freed (records deleted): the next write fits and health is ok again.
    for (let i = 0; i < 50; i++)
      expect((await call(`/api/accounts/e${i}`, 'DELETE')).status).toBe(204);
    expect((await call('/api/accounts', 'POST', expense(n))).status).toBe(201);
    expect(await (await app.request('/health')).json()).toEqual({ status: 'ok' });
    store.close();
  });
});

describe('backups and the restore drill', () => {
  it('backs up after the first start migrated the new database', async () => {
    const { dir, env } = dataDir('first-start');
    const { server } = await start(env);
    const backups = join(dir, 'backups');
    await vi.waitFor(() => expect(existsSync(backups) && readdirSync(backups)).toHaveLength(1));
    const [name] = readdirSync(backups);
    expect(name).toMatch(/^pms-\d{4}-\d{2}-\d{2}T\d{6}Z-migration\.sqlite$/);
    const copy = new Database(join(backups, name!), { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(copy.prepare('SELECT username FROM users').pluck().all()).toEqual(['carol']);
    copy.close();
    // A restart within the day takes none.
    expect(await server.stop()).toBe(0);
    const again = await start(env);
    expect(await again.server.stop()).toBe(0);
    expect(readdirSync(backups)).toEqual([name]);
  });

  it('write, back up, damage, restore: every write up to the backup is back', async () => {
    const { dir, file, env } = dataDir('drill');
    let { server, api } = await start(env);
    const before = Array.from({ length: 120 }, (_, i) => expense(i));
    for (const record of before) {
      expect((await api('/api/accounts', { method: 'POST', body: record })).status).toBe(201);
    }
    const backup = join(dir, 'backups', 'drill.sqlite');
    const taken = await runTsx('server/cli/backup.ts', [backup], env).done;
    expect(taken.code, taken.output).toBe(0);
    for (let i = 120; i < 130; i++) {
      expect((await api('/api/accounts', { method: 'POST', body: expense(i) })).status).toBe(201);
    }
    // A device's cursor after all 130: the restored file never handed it out.
    const delta = async (since: number) =>
      (await (await api(`/api/accounts?since=${since}`)).json()) as {
        records: { id: string }[];
        deleted: string[];
        cursor: number;
        reset?: true;
      };
    const deviceCursor = (await delta(0)).cursor;

    // Not while the server runs: its lock tells.
    const busy = await runTsx('server/cli/restore.ts', [backup], env).done;
    expect(busy.code).toBe(1);
    expect(busy.output).toContain(`另一个服务器进程正在使用数据目录 ${dir}，不能恢复备份。`);
    expect(busy.output).toContain('cannot restore.');

    await server.kill9();
    const checkpoint = new Database(file);
    checkpoint.pragma('wal_checkpoint(TRUNCATE)');
    checkpoint.close();
    damage(file, leafPages(file, 'accounts').slice(1, 4));
    const refused = await runTsx('server/main.ts', [], { ...env, PORT: '0' }).done;
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('npm run restore -- ');

    // A damaged backup is refused, and nothing changes.
    const bad = join(scratch, 'bad-backup.sqlite');
    copyFileSync(backup, bad);
    damage(bad, leafPages(bad, 'accounts').slice(0, 2));
    const refusedBackup = await runTsx('server/cli/restore.ts', [bad], env).done;
    expect(refusedBackup.code).toBe(1);
    expect(refusedBackup.output).toContain('备份文件未通过完整性检查，未做任何改动');

    const restored = await runTsx('server/cli/restore.ts', [backup], env).done;
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain(`已恢复 / restored: ${backup} → ${file}`);
    // The damaged file is kept aside, never deleted.
    const aside = readdirSync(dir).filter((n) => n.startsWith('replaced-'));
    expect(aside).toHaveLength(1);
    expect(readdirSync(join(dir, aside[0]!))).toContain('pms.sqlite');

    expect(restored.output).toContain('各设备下次同步时会重新下载全部数据');

    ({ server, api } = await start(env));
    const listed = (await (await api('/api/accounts')).json()) as { id: string }[];
    expect(listed.map((a) => a.id)).toEqual(before.map((r) => r.id));
    // The device asks from its cursor and is told to take the list afresh: by applying the
    // answer on top it would keep the 10 records the backup never saw.
    const caughtUp = await delta(deviceCursor);
    expect(caughtUp.reset).toBe(true);
    expect(caughtUp.records.map((a) => a.id)).toEqual(before.map((r) => r.id));
    expect(caughtUp.cursor).toBeGreaterThan(deviceCursor);
    const next = await delta(caughtUp.cursor);
    expect(next).toEqual({ records: [], deleted: [], cursor: caughtUp.cursor });
    expect(await server.stop()).toBe(0);
  });
});
