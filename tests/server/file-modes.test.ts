import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { BackupScheduler } from '../../server/backup';
import { openSqliteStore } from '../../server/db/sqlite-store';
import { loadDeviceKey } from '../../server/node-auth';
import { loadOrCreateKeys } from '../../server/push/keys';
import { todo } from '../fixtures/records';
import { type RunningServer, runTsx, startServer } from './server-process';

// The database holds password hashes, session tokens and TOTP secrets, the key files sign
// devices and pushes: every file the server keeps is its owner's alone (issue 57, item 5).

const scratch = mkdtempSync(join(tmpdir(), 'pms-modes-'));
const servers: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.kill9()));
  rmSync(scratch, { recursive: true, force: true });
});

const USERS = JSON.stringify([{ username: 'carol', password: 'carol-password' }]);
const mode = (path: string) => statSync(path).mode & 0o777;
/** Each path's mode, by its place under `base`, as octal text: a failure shows which file. */
const modes = (base: string, paths: string[]) =>
  Object.fromEntries(paths.map((p) => [relative(base, p), mode(p).toString(8)]));
const isBackup = (name: string) => /^pms-.*Z-(daily|migration)\.sqlite$/.test(name);

async function start(env: NodeJS.ProcessEnv) {
  const server = await startServer({ PM_USERS: USERS, PM_STATIC_DIR: join(scratch, 'x'), ...env });
  servers.push(server);
  return server;
}

// Starting real processes on a loaded 2-core machine takes a while.
vi.setConfig({ testTimeout: 90_000 });

describe('files only the server can read', () => {
  it('a fresh data directory: 0700, and every file in it 0600, also the CLIs’', async () => {
    const base = mkdtempSync(join(scratch, 'fresh-'));
    const dir = join(base, 'data'); // not there yet: the server makes it
    const nas = join(base, 'nas');
    const env = { DATA_DIR: dir, BACKUP_COPY_DIR: nas };
    const server = await start(env);
    // The first start backs up the migrated database, and copies it to BACKUP_COPY_DIR.
    await vi.waitFor(
      () => expect(existsSync(nas) && readdirSync(nas).filter(isBackup)).toHaveLength(1),
      { timeout: 20_000 },
    );
    const [backup] = readdirSync(join(dir, 'backups'));
    const file = join(dir, 'pms.sqlite');
    expect(modes(base, [dir, join(dir, 'backups'), nas])).toEqual({
      data: '700',
      'data/backups': '700',
      nas: '700',
    });
    expect(
      modes(base, [
        file,
        `${file}-wal`,
        `${file}-shm`,
        join(dir, 'device-key'),
        join(dir, 'push-keys.json'),
        join(dir, 'backups', backup!),
        join(nas, backup!),
        // Made by SQLite with no mode of its own: the process umask's doing.
        join(dir, 'server.lock'),
      ]),
    ).toEqual({
      'data/pms.sqlite': '600',
      'data/pms.sqlite-wal': '600',
      'data/pms.sqlite-shm': '600',
      'data/device-key': '600',
      'data/push-keys.json': '600',
      [`data/backups/${backup}`]: '600',
      [`nas/${backup}`]: '600',
      'data/server.lock': '600',
    });

    // npm run backup, while the server runs.
    const manual = join(base, 'manual.sqlite');
    const taken = await runTsx('server/cli/backup.ts', [manual], env).done;
    expect(taken.code, taken.output).toBe(0);
    expect(mode(manual).toString(8)).toBe('600');
    expect(await server.stop()).toBe(0);

    // npm run restore of a backup someone left readable: the restored database is not, nor
    // is the directory that keeps the one it replaced.
    chmodSync(manual, 0o644);
    const restored = await runTsx('server/cli/restore.ts', [manual], env).done;
    expect(restored.code, restored.output).toBe(0);
    const [aside] = readdirSync(dir).filter((n) => n.startsWith('replaced-'));
    expect(modes(base, [file, join(dir, aside!), join(dir, aside!, 'pms.sqlite')])).toEqual({
      'data/pms.sqlite': '600',
      [`data/${aside}`]: '700',
      [`data/${aside}/pms.sqlite`]: '600',
    });
  });

  it('found readable by others: tightened at start, files not its own left alone', async () => {
    const base = mkdtempSync(join(scratch, 'loose-'));
    const dir = join(base, 'data');
    const nas = join(base, 'nas');
    mkdirSync(dir);
    // What an older version left, made in this process (umask 022) and then opened up.
    const file = join(dir, 'pms.sqlite');
    const store = openSqliteStore(file);
    const at = '2024-03-01T00:00:00.000Z';
    await store.tasks.create('carol', todo('t1', { createdAt: at, updatedAt: at }));
    store.close();
    loadDeviceKey(dir);
    loadOrCreateKeys(dir);
    const backup = await new BackupScheduler({
      database: file,
      dir: join(dir, 'backups'),
      copyDir: nas,
      keep: { daily: 7, weekly: 4 },
      log: () => {},
    }).take('daily');
    const name = backup!.slice(backup!.lastIndexOf('/') + 1);
    const manual = join(dir, 'backups', 'before-upgrade.sqlite');
    copyFileSync(file, manual);
    const aside = join(dir, 'replaced-2024-03-01T00-00-00-000Z');
    mkdirSync(aside);
    copyFileSync(file, join(aside, 'pms.sqlite'));
    const foreign = join(nas, 'notes.txt');
    writeFileSync(foreign, 'not ours');
    // A connection of this process keeps the WAL and shared-memory files there while the
    // server starts, as a CLI's or a crashed server's would.
    const held = new Database(file);
    held.pragma('journal_mode = WAL');
    held.prepare('SELECT count(*) FROM tasks').get();
    const dirs = [dir, join(dir, 'backups'), aside, nas];
    const files = [
      file,
      `${file}-wal`,
      `${file}-shm`,
      join(dir, 'device-key'),
      join(dir, 'push-keys.json'),
      join(dir, 'backups', name),
      manual,
      join(aside, 'pms.sqlite'),
      join(nas, name),
      foreign,
    ];
    for (const d of dirs) chmodSync(d, 0o755);
    for (const f of files) chmodSync(f, 0o644);

    try {
      const server = await start({ DATA_DIR: dir, BACKUP_COPY_DIR: nas });
      expect(modes(base, [...dirs, ...files])).toEqual({
        data: '700',
        'data/backups': '700',
        'data/replaced-2024-03-01T00-00-00-000Z': '700',
        // BACKUP_COPY_DIR may be a mount point or a folder shared with other things: the
        // server makes it 0700 when it creates it, and otherwise tightens only its backups.
        nas: '755',
        'data/pms.sqlite': '600',
        'data/pms.sqlite-wal': '600',
        'data/pms.sqlite-shm': '600',
        'data/device-key': '600',
        'data/push-keys.json': '600',
        [`data/backups/${name}`]: '600',
        'data/backups/before-upgrade.sqlite': '600',
        'data/replaced-2024-03-01T00-00-00-000Z/pms.sqlite': '600',
        [`nas/${name}`]: '600',
        'nas/notes.txt': '644',
      });
      expect(server.output()).toContain('已收回其他用户的读取权限');
      expect(await server.stop()).toBe(0);
    } finally {
      held.close();
    }
  });

  it('the files are made 0600 by their own code too, whatever the umask', async () => {
    // Not the server's umask: the modes given where each file is made.
    const umask = process.umask(0o022);
    try {
      const base = mkdtempSync(join(scratch, 'braces-'));
      const file = join(base, 'pms.sqlite');
      openSqliteStore(file).close();
      const dir = join(base, 'backups');
      const nas = join(base, 'nas');
      const backup = await new BackupScheduler({
        database: file,
        dir,
        copyDir: nas,
        keep: { daily: 7, weekly: 4 },
        log: () => {},
      }).take('daily');
      const name = backup!.slice(backup!.lastIndexOf('/') + 1);
      loadDeviceKey(base);
      loadOrCreateKeys(base);
      expect(
        modes(base, [
          dir,
          nas,
          backup!,
          join(nas, name),
          join(base, 'device-key'),
          join(base, 'push-keys.json'),
        ]),
      ).toEqual({
        backups: '700',
        nas: '700',
        [`backups/${name}`]: '600',
        [`nas/${name}`]: '600',
        'device-key': '600',
        'push-keys.json': '600',
      });
    } finally {
      process.umask(umask);
    }
  });
});
