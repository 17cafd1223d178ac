import { randomBytes } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type Backup,
  BackupScheduler,
  backupName,
  backupsToDelete,
  dailyBackupDue,
  parseBackupName,
  restoreHint,
} from '../../server/backup';
import { openSqliteStore } from '../../server/db/sqlite-store';
import { storedExpense, todo } from '../fixtures/records';
import { runTsx } from './server-process';

const scratch = mkdtempSync(join(tmpdir(), 'pms-backup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const HOUR = 60 * 60 * 1000;
const at = (iso: string, kind: Backup['kind'] = 'daily'): Backup => {
  const takenAt = new Date(iso);
  return { name: backupName(takenAt, kind), takenAt, kind };
};
/** A backup at 02:00 UTC on each day from `first` to `last`. */
const days = (first: string, last: string) => {
  const out: Backup[] = [];
  for (
    let t = Date.parse(`${first}T02:00:00Z`);
    t <= Date.parse(`${last}T02:00:00Z`);
    t += 24 * HOUR
  ) {
    out.push(at(new Date(t).toISOString()));
  }
  return out;
};
const dates = (backups: Backup[]) =>
  backups.map((b) => b.takenAt.toISOString().slice(0, 10)).sort();

describe('backup names', () => {
  it('round-trip, and other files are not taken for backups', () => {
    const b = at('2024-03-01T02:03:04.567Z', 'migration');
    expect(b.name).toBe('pms-2024-03-01T020304Z-migration.sqlite');
    expect(parseBackupName(b.name)).toEqual({ ...b, takenAt: new Date('2024-03-01T02:03:04Z') });
    for (const name of [
      'pms.sqlite',
      'my-copy.sqlite',
      'pms-2024-03-01T020304Z-daily.sqlite.partial',
      'pms-2024-13-01T020304Z-daily.sqlite',
      'pms-2024-03-01T020304Z-manual.sqlite',
    ]) {
      expect(parseBackupName(name), name).toBeUndefined();
    }
  });
});

describe('backupsToDelete', () => {
  const now = new Date('2024-03-31T12:00:00Z'); // a Sunday
  it.each([
    ['nothing to rotate', [], { daily: 7, weekly: 4 }, []],
    [
      'ten days, keep 7 daily',
      days('2024-03-22', '2024-03-31'),
      { daily: 7, weekly: 0 },
      ['2024-03-22', '2024-03-23', '2024-03-24'],
    ],
    [
      // Daily keeps 25–31 March; weekly the newest of each ISO week (Mon–Sun): 31 (already kept), 24, 17, 10.
      'two months, keep 7 daily + 4 weekly',
      days('2024-02-01', '2024-03-31'),
      { daily: 7, weekly: 4 },
      dates(days('2024-02-01', '2024-03-31')).filter(
        (d) => !(d >= '2024-03-25' || ['2024-03-24', '2024-03-17', '2024-03-10'].includes(d)),
      ),
    ],
    [
      // A server that was off for two months keeps its last backups: days with a backup count, not days back from now.
      'a month-long gap',
      days('2024-01-01', '2024-01-10'),
      { daily: 7, weekly: 0 },
      ['2024-01-01', '2024-01-02', '2024-01-03'],
    ],
    [
      'keep nothing',
      days('2024-03-30', '2024-03-31'),
      { daily: 0, weekly: 0 },
      ['2024-03-30', '2024-03-31'],
    ],
  ] as const)('%s', (_, backups, keep, deleted) => {
    expect(dates(backupsToDelete(backups, now, keep))).toEqual(deleted);
  });

  it('keeps the newest backup of a day when there are several', () => {
    const daily = at('2024-03-31T02:00:00Z');
    const migration = at('2024-03-31T09:00:00Z', 'migration');
    const earlier = at('2024-03-30T02:00:00Z');
    expect(backupsToDelete([daily, migration, earlier], now, { daily: 2, weekly: 0 })).toEqual([
      daily,
    ]);
  });

  it('neither deletes nor counts a backup dated after now (a clock turned back)', () => {
    const future = at('2024-04-05T02:00:00Z');
    const [d30, d31] = days('2024-03-30', '2024-03-31') as [Backup, Backup];
    expect(backupsToDelete([d30, d31, future], now, { daily: 1, weekly: 0 })).toEqual([d30]);
  });
});

describe('dailyBackupDue', () => {
  const now = new Date('2024-03-31T12:00:00Z');
  it.each([
    ['no backup yet', [], true],
    ['23 hours since the last', [at('2024-03-30T13:00:00Z')], false],
    ['24 hours since the last', [at('2024-03-30T12:00:00Z')], true],
    ['a migration backup an hour ago', [at('2024-03-31T11:00:00Z', 'migration')], false],
    ['only a backup dated in the future', [at('2024-04-02T12:00:00Z')], true],
  ] as const)('%s', (_, backups, due) => {
    expect(dailyBackupDue(backups, now)).toBe(due);
  });
});

describe('BackupScheduler', () => {
  function database() {
    const file = join(mkdtempSync(join(scratch, 'db-')), 'pms.sqlite');
    const store = openSqliteStore(file);
    return { file, store };
  }

  it('over two months of hourly checks keeps 7 daily and 4 weekly backups, each a sound copy', async () => {
    const { file, store } = database();
    const dir = join(scratch, 'rotation');
    let now = Date.parse('2024-02-01T00:30:00Z');
    const logged: string[] = [];
    const scheduler = new BackupScheduler({
      database: file,
      dir,
      keep: { daily: 7, weekly: 4 },
      now: () => new Date(now),
      log: (line) => logged.push(line),
    });
    let n = 0;
    let written = 0;
    for (; now <= Date.parse('2024-03-31T23:30:00Z'); now += HOUR) {
      // A write every few hours, so that each backup holds more than the one before.
      if (now % (6 * HOUR) === 30 * 60 * 1000) {
        const at = new Date(now).toISOString();
        await store.tasks.create(
          'alice',
          todo(`t${++n}`, { title: `#${n}`, createdAt: at, updatedAt: at }),
        );
      }
      if (await scheduler.takeIfDue()) written = n;
    }
    store.close();
    expect(logged.filter((l) => l.includes('backup failed'))).toEqual([]);
    expect(logged.filter((l) => l.includes('backup written'))).toHaveLength(60);
    const kept = readdirSync(dir).sort();
    expect(kept).toEqual(
      ['10', '17', '24', '25', '26', '27', '28', '29', '30', '31'].map(
        (d) => `pms-2024-03-${d}T003000Z-daily.sqlite`,
      ),
    );
    // The newest holds every task written before it was taken.
    const copy = new Database(join(dir, kept.at(-1)!), { readonly: true });
    expect(written).toBeGreaterThan(200);
    expect(copy.prepare('SELECT count(*) FROM tasks').pluck().get()).toBe(written);
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();
  });

  it('takes no backup of a database known to be damaged, or with both counts 0', async () => {
    const { file, store } = database();
    const dir = join(scratch, 'skipped');
    const now = () => new Date('2024-03-01T00:00:00Z');
    const keep = { daily: 7, weekly: 4 };
    expect(
      await new BackupScheduler({ database: file, dir, keep, now, healthy: () => false }).take(
        'migration',
      ),
    ).toBeUndefined();
    expect(
      await new BackupScheduler({ database: file, dir, keep: { daily: 0, weekly: 0 }, now }).take(
        'daily',
      ),
    ).toBeUndefined();
    expect(readdirSync(scratch)).not.toContain('skipped');
    store.close();
  });

  it('reports a failed backup and keeps going', async () => {
    const { file, store } = database();
    const dir = join(scratch, 'not-a-directory');
    writeFileSync(dir, '');
    const logged: string[] = [];
    const scheduler = new BackupScheduler({
      database: file,
      dir,
      keep: { daily: 7, weekly: 4 },
      log: (line) => logged.push(line),
    });
    expect(await scheduler.take('daily')).toBeUndefined();
    expect(logged).toEqual([expect.stringMatching(/^备份失败 \/ backup failed: /)]);
    store.close();
  });
});

describe('backups that restore something', () => {
  const at = '2024-03-01T00:00:00.000Z';
  const task = (n: number) => todo(`t${n}`, { title: `#${n}`, createdAt: at, updatedAt: at });

  it('names the newest backup that holds records, with its time and row counts', async () => {
    const base = mkdtempSync(join(scratch, 'hint-'));
    const dir = join(base, 'backups');
    const full = join(base, 'pms.sqlite');
    const empty = join(base, 'empty.sqlite');
    let store = openSqliteStore(full);
    for (let i = 1; i <= 3; i++) await store.tasks.create('alice', task(i));
    await store.accounts.create('alice', storedExpense('a1', { updatedAt: at, editedAt: at }));
    store.close();
    openSqliteStore(empty).close();
    const keep = { daily: 7, weekly: 4 };
    const log = () => {};
    const take = (database: string, iso: string, kind: Backup['kind']) =>
      new BackupScheduler({ database, dir, keep, now: () => new Date(iso), log }).take(kind);
    await take(empty, '2024-03-01T00:00:00Z', 'migration');
    await take(full, '2024-03-02T02:00:00Z', 'daily');
    // The newest: a start on an emptied file, say, which took a snapshot of nothing.
    await take(empty, '2024-03-03T02:00:00Z', 'migration');
    const hint = restoreHint(dir).join('\n');
    expect(hint).toContain(
      `npm run restore -- ${join(dir, 'pms-2024-03-02T020000Z-daily.sqlite')}`,
    );
    expect(hint).toContain('2024-03-02T02:00:00.000Z，共 4 条记录（记账 1，任务 3）');
    expect(hint).toContain(
      `${join(dir, 'pms-2024-03-03T020000Z-migration.sqlite')}：没有任何记录 / holds no records`,
    );
    expect(hint).toContain('npm run backup');

    const nothing = restoreHint(join(base, 'none')).join('\n');
    expect(nothing).toContain('中没有完整且含数据的自动备份');

    // `npm run restore` without a file names the same backup.
    const { done } = runTsx('server/cli/restore.ts', [], { DATA_DIR: base });
    const { code, output } = await done;
    expect(code).toBe(1);
    expect(output).toContain('pms-2024-03-02T020000Z-daily.sqlite');
    expect(output).toContain('共 4 条记录');
    store = openSqliteStore(full);
    expect(await store.tasks.list('alice')).toHaveLength(3);
    store.close();
  }, 30_000);

  it('copies each backup to BACKUP_COPY_DIR with the same rotation, and survives it failing', async () => {
    const base = mkdtempSync(join(scratch, 'copy-'));
    const file = join(base, 'pms.sqlite');
    openSqliteStore(file).close();
    const dir = join(base, 'backups');
    const copyDir = join(base, 'nas');
    const logged: string[] = [];
    let now = Date.parse('2024-03-01T02:00:00Z');
    const scheduler = new BackupScheduler({
      database: file,
      dir,
      copyDir,
      keep: { daily: 3, weekly: 0 },
      now: () => new Date(now),
      log: (line) => logged.push(line),
    });
    for (let day = 0; day < 6; day++, now += 24 * HOUR) await scheduler.takeIfDue();
    const kept = readdirSync(dir).sort();
    expect(kept).toHaveLength(3);
    expect(readdirSync(copyDir).sort()).toEqual(kept);
    const copy = new Database(join(copyDir, kept[2]!), { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();
    // The NAS is gone (a file where the directory was): the backup itself is still written.
    rmSync(copyDir, { recursive: true });
    writeFileSync(copyDir, 'not a directory');
    expect(await scheduler.take('daily')).toBeTruthy();
    expect(logged.at(-1)).toContain('复制备份失败 / backup copy failed');
    expect(readdirSync(dir)).toContain('pms-2024-03-07T020000Z-daily.sqlite');
    // And restoreHint looks there too.
    expect(restoreHint(join(base, 'elsewhere'), dir).join('\n')).toContain(
      '中没有完整且含数据的自动备份',
    );
  });

  it('skips damaged and empty backups, says why, and names the newest whole one', async () => {
    const base = mkdtempSync(join(scratch, 'damaged-'));
    const dir = join(base, 'backups');
    const full = join(base, 'pms.sqlite');
    const empty = join(base, 'empty.sqlite');
    const store = openSqliteStore(full);
    for (let i = 1; i <= 3; i++) await store.tasks.create('alice', task(i));
    store.close();
    openSqliteStore(empty).close();
    const keep = { daily: 7, weekly: 4 };
    const take = async (database: string, iso: string, kind: Backup['kind'] = 'daily') =>
      (await new BackupScheduler({
        database,
        dir,
        keep,
        now: () => new Date(iso),
        log: () => {},
      }).take(kind))!;
    const whole = await take(full, '2024-03-01T02:00:00Z');
    // A stray write over the users table: every record table still counts its rows, so only
    // the integrity check tells.
    const overwritten = await take(full, '2024-03-02T02:00:00Z');
    const users = new Database(overwritten, { readonly: true });
    const page = users
      .prepare("SELECT pageno FROM dbstat WHERE name = 'users' AND pagetype = 'leaf'")
      .pluck()
      .get() as number;
    users.close();
    const fd = openSync(overwritten, 'r+');
    writeSync(fd, randomBytes(4096), 0, 4096, (page - 1) * 4096);
    closeSync(fd);
    // A copy cut short (a full disk, a transfer stopped half-way).
    const cut = await take(full, '2024-03-03T02:00:00Z');
    truncateSync(cut, Math.floor(statSync(cut).size / 2));
    // The newest: sound, and holds nothing.
    const nothing = await take(empty, '2024-03-04T02:00:00Z', 'migration');

    const hint = restoreHint(dir).join('\n');
    expect(hint).toContain(`npm run restore -- ${whole}`);
    expect(hint).toContain('2024-03-01T02:00:00.000Z，共 3 条记录（任务 3）');
    expect(hint).toContain('跳过了更新的 3 个自动备份 / skipped 3 newer backup(s):');
    expect(hint).toContain(`${nothing}：没有任何记录 / holds no records`);
    for (const damaged of [cut, overwritten]) {
      expect(hint).toMatch(
        new RegExp(
          `${damaged}：已损坏，未通过完整性检查 / damaged, fails the integrity check: \\S`,
        ),
      );
    }
    // Newest first, as they were tried.
    expect(hint.indexOf(nothing)).toBeLessThan(hint.indexOf(cut));
    expect(hint.indexOf(cut)).toBeLessThan(hint.indexOf(overwritten));

    // A whole copy in BACKUP_COPY_DIR of a backup damaged here is as good as the original.
    const copyDir = join(base, 'nas');
    mkdirSync(copyDir);
    const copy = join(copyDir, 'pms-2024-03-02T020000Z-daily.sqlite');
    copyFileSync(whole, copy);
    expect(restoreHint(dir, copyDir).join('\n')).toContain(`npm run restore -- ${copy}`);

    // `npm run restore` without a file says the same; the backup it names is one it restores.
    const env = { DATA_DIR: base, BACKUP_COPY_DIR: '' };
    const named = await runTsx('server/cli/restore.ts', [], env).done;
    expect(named.code).toBe(1);
    expect(named.output).toContain(`npm run restore -- ${whole}`);
    expect(named.output).toContain(`${overwritten}：已损坏`);
    const restored = await runTsx('server/cli/restore.ts', [whole], env).done;
    expect(restored.code, restored.output).toBe(0);
  }, 30_000);
});
