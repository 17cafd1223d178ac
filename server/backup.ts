import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { checkFile, openBackup, unrestorable } from './integrity';

// Automatic backups into DATA_DIR/backups: one a day and one after every start that migrated
// the schema, each taken with SQLite's online backup API while the server keeps serving, checked,
// and kept by a daily + weekly rotation (like restic's --keep-daily / --keep-weekly).

export type BackupKind = 'daily' | 'migration';

export interface Backup {
  name: string;
  takenAt: Date;
  kind: BackupKind;
}

export interface Keep {
  daily: number;
  weekly: number;
}

const DAY = 24 * 60 * 60 * 1000;

// pms-2024-03-01T020304Z-daily.sqlite: UTC, sorts by time, no ':' (which Windows refuses).
const NAME = /^pms-(\d{4}-\d{2}-\d{2})T(\d{2})(\d{2})(\d{2})Z-(daily|migration)\.sqlite$/;

export function backupName(takenAt: Date, kind: BackupKind): string {
  const iso = takenAt.toISOString(); // 2024-03-01T02:03:04.567Z
  return `pms-${iso.slice(0, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z-${kind}.sqlite`;
}

export function parseBackupName(name: string): Backup | undefined {
  const m = NAME.exec(name);
  if (!m) return undefined;
  const takenAt = new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`);
  return Number.isNaN(takenAt.getTime()) ? undefined : { name, takenAt, kind: m[5] as BackupKind };
}

/** The automatic backups in `dir`, newest first. Files of any other name are not ours to touch. */
function listBackups(dir: string): Backup[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .map(parseBackupName)
    .filter((b): b is Backup => b !== undefined)
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

const dayOf = (t: Date) => Math.floor(t.getTime() / DAY);
// Days since 1970-01-01 (a Thursday) + 3, in sevens: weeks that start on Monday (ISO), in UTC.
const weekOf = (t: Date) => Math.floor((dayOf(t) + 3) / 7);

/**
 * Which backups to delete: everything but the newest backup of each of the `keep.daily` most
 * recent days that have one, and of each of the `keep.weekly` most recent weeks (the two sets
 * overlap). Counted in days that have a backup, not back from `now`: a server that was off for a
 * month still keeps its last backups. A backup dated after `now` (the clock was turned back) is
 * kept and counts for nothing: it cannot be placed, and deleting it could lose the newest data.
 */
export function backupsToDelete(backups: readonly Backup[], now: Date, keep: Keep): Backup[] {
  const placed = backups
    .filter((b) => b.takenAt.getTime() <= now.getTime())
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
  const kept = new Set<Backup>();
  for (const [limit, bucket] of [
    [keep.daily, dayOf],
    [keep.weekly, weekOf],
  ] as const) {
    const seen = new Set<number>();
    for (const backup of placed) {
      const key = bucket(backup.takenAt);
      if (seen.has(key)) continue;
      if (seen.size >= limit) break;
      seen.add(key);
      kept.add(backup);
    }
  }
  return placed.filter((b) => !kept.has(b));
}

/** Whether the daily backup is due: none yet, or the newest (not dated in the future) is a day old. */
export function dailyBackupDue(backups: readonly Backup[], now: Date): boolean {
  const newest = backups
    .map((b) => b.takenAt.getTime())
    .filter((t) => t <= now.getTime())
    .reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY);
  return now.getTime() - newest >= DAY;
}

/**
 * A consistent copy of `source` at `target` through the online backup API (safe while the
 * server writes), checked with quick_check before it gets its name: a half-written or damaged
 * copy never passes for a backup.
 */
async function backupTo(source: string, target: string): Promise<void> {
  const partial = `${target}.partial`;
  // A backup holds what the database holds: 0600 before SQLite writes a page into it (SQLite
  // makes a file 0644 less the umask). 'w' empties a partial file a crash left; chmod tightens it.
  writeFileSync(partial, '', { mode: 0o600 });
  chmodSync(partial, 0o600);
  const db = new Database(source, { readonly: true, fileMustExist: true, timeout: 5000 });
  try {
    await db.backup(partial);
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  } finally {
    db.close();
  }
  const copy = new Database(partial);
  let problems: string[];
  try {
    // One self-contained file, not a WAL database that wants -wal and -shm files beside it.
    copy.pragma('journal_mode = DELETE');
    problems = checkFile(copy);
  } finally {
    copy.close();
  }
  if (problems.length > 0) {
    rmSync(partial, { force: true });
    throw new Error(`备份校验失败 / the copy failed its check: ${problems.join('; ')}`);
  }
  renameSync(partial, target);
}

export interface SchedulerOptions {
  database: string;
  dir: string;
  /** BACKUP_COPY_DIR: a second place (a NAS, a USB disk) that gets a copy of each backup, same rotation. */
  copyDir?: string;
  keep: Keep;
  now?: () => Date;
  /** False while the database is known to be damaged: a damaged copy would rotate good ones out. */
  healthy?: () => boolean;
  log?: (line: string) => void;
}

/** Takes the backups when they are due and applies the rotation after each. */
export class BackupScheduler {
  private running: Promise<string | undefined> = Promise.resolve(undefined);
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly options: SchedulerOptions) {}

  get enabled(): boolean {
    return this.options.keep.daily + this.options.keep.weekly > 0;
  }

  /** Takes a backup of `kind` now (after any still running); resolves to its file, or undefined when skipped or failed. */
  take(kind: BackupKind): Promise<string | undefined> {
    this.running = this.running.then(() => this.backup(kind, false));
    return this.running;
  }

  /** Takes the daily backup if it is due. */
  takeIfDue(): Promise<string | undefined> {
    this.running = this.running.then(() => this.backup('daily', true));
    return this.running;
  }

  /** Checks every `everyMs` whether the daily backup is due. */
  start(everyMs = 60 * 60 * 1000): void {
    this.timer = setInterval(() => void this.takeIfDue(), everyMs);
    this.timer.unref();
  }

  /** No further backups; resolves when the one running (if any) is done. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** The second copy: its failure (a NAS away, a disk unplugged) is logged and costs the first nothing. */
  private copy(file: string, copyDir: string, at: Date, log: (line: string) => void): void {
    const name = file.slice(file.lastIndexOf('/') + 1);
    const target = join(copyDir, name);
    try {
      mkdirSync(copyDir, { recursive: true, mode: 0o700 });
      // copyFileSync gives the copy the backup's own mode, 0600.
      copyFileSync(file, `${target}.partial`);
      try {
        chmodSync(`${target}.partial`, 0o600);
      } catch {
        // A share without Unix modes (CIFS) refuses chmod; its mount options decide, not us.
      }
      renameSync(`${target}.partial`, target);
      for (const old of backupsToDelete(listBackups(copyDir), at, this.options.keep)) {
        rmSync(join(copyDir, old.name), { force: true });
      }
      log(`已复制备份 / backup copied: ${target}`);
    } catch (err) {
      try {
        rmSync(`${target}.partial`, { force: true });
      } catch {
        // The directory itself is what failed.
      }
      log(
        `复制备份失败 / backup copy failed: ${copyDir}: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }

  private async backup(kind: BackupKind, onlyIfDue: boolean): Promise<string | undefined> {
    const { database, dir, keep, now = () => new Date(), healthy = () => true } = this.options;
    const log = this.options.log ?? ((line: string) => console.log(line));
    if (!this.enabled || !healthy()) return undefined;
    const at = now();
    if (onlyIfDue && !dailyBackupDue(listBackups(dir), at)) return undefined;
    const file = join(dir, backupName(at, kind));
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      await backupTo(database, file);
      for (const old of backupsToDelete(listBackups(dir), at, keep)) {
        rmSync(join(dir, old.name), { force: true });
      }
      log(`已备份 / backup written: ${file}`);
      if (this.options.copyDir) this.copy(file, this.options.copyDir, at, log);
      return file;
    } catch (err) {
      // A failed backup never stops the server; the next check tries again.
      log(`备份失败 / backup failed: ${err instanceof Error ? err.message : String(err)}`);
      return undefined;
    }
  }
}

/** The tables of records (not users or sessions), as a backup is judged by what it holds. */
const RECORD_TABLES = [
  ['accounts', '记账'],
  ['assets', '资产'],
  ['workouts', '健身'],
  ['time_records', '时间'],
  ['tasks', '任务'],
  ['checkin_tasks', '打卡任务'],
  ['checkin_records', '打卡记录'],
  ['recurring', '周期记账'],
  ['wallets', '账户'],
  ['transfers', '转账'],
  ['categories', '分类'],
] as const;

interface BackupContents {
  file: string;
  takenAt: Date;
  /** Rows per table that exists in the file (an old backup may lack some). */
  counts: { table: string; label: string; rows: number }[];
  total: number;
}

/**
 * What a backup file holds, or why it is no use: it must pass the check that `npm run restore`
 * applies before it restores anything, or the hint would name a file the restore refuses.
 */
function backupContents(file: string, takenAt: Date): BackupContents | { why: string } {
  const { db, why } = openBackup(file);
  if (!db) return { why };
  try {
    const refused = unrestorable(db);
    if (refused) return { why: refused };
    const tables = new Set(
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[],
    );
    const counts = RECORD_TABLES.filter(([table]) => tables.has(table)).map(([table, label]) => ({
      table,
      label,
      rows: Number(db.prepare(`SELECT count(*) FROM "${table}"`).pluck().get()),
    }));
    const total = counts.reduce((sum, c) => sum + c.rows, 0);
    // The first start takes one of an empty database, which is no use to restore.
    if (total === 0) return { why: '没有任何记录 / holds no records' };
    return { file, takenAt, counts, total };
  } catch (err) {
    return { why: `无法读取 / cannot read: ${(err as Error).message}` };
  } finally {
    db.close();
  }
}

/**
 * The newest automatic backup in `dirs` that is whole and holds records, and the newer ones
 * skipped on the way, each with why. Newest first, the same name in BACKUP_COPY_DIR included:
 * a copy is as good as the original, and survives its damage.
 */
function newestUsefulBackup(dirs: readonly string[]): {
  found?: BackupContents;
  skipped: { file: string; why: string }[];
} {
  const backups = dirs
    .flatMap((dir) => listBackups(dir).map((b) => ({ ...b, file: join(dir, b.name) })))
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
  const skipped: { file: string; why: string }[] = [];
  for (const backup of backups) {
    const contents = backupContents(backup.file, backup.takenAt);
    if (!('why' in contents)) return { found: contents, skipped };
    skipped.push({ file: backup.file, why: contents.why });
  }
  return { skipped };
}

const describeCounts = (contents: BackupContents): string =>
  contents.counts
    .filter((c) => c.rows > 0)
    .map((c) => `${c.label} ${c.rows}`)
    .join('，');

/**
 * How to get a damaged database back, naming the newest automatic backup (in `dir` or
 * BACKUP_COPY_DIR) that passes the integrity check and holds records, with its time and row
 * counts, and each newer one skipped with why.
 */
export function restoreHint(dir: string, copyDir?: string): string[] {
  const dirs = copyDir ? [dir, copyDir] : [dir];
  const { found, skipped } = newestUsefulBackup(dirs);
  const where = dirs.join('、');
  const lines = ['从备份恢复（服务器保持停止）/ To restore a backup (with the server stopped):'];
  if (found) {
    lines.push(
      `  npm run restore -- ${found.file}`,
      `  这是最新的完整且有数据的自动备份：${found.takenAt.toISOString()}，共 ${found.total} 条记录（${describeCounts(found)}）/ the newest automatic backup that passes the integrity check and holds records: ${found.total} rows`,
    );
  } else {
    lines.push(
      `  npm run restore -- <备份文件 / backup file>`,
      `  ${where} 中没有完整且含数据的自动备份 / no whole automatic backup with records in ${where}`,
    );
  }
  if (skipped.length > 0) {
    const n = skipped.length;
    lines.push(
      found
        ? `  跳过了更新的 ${n} 个自动备份 / skipped ${n} newer backup(s):`
        : `  跳过了 ${n} 个自动备份 / skipped ${n} backup(s):`,
      ...skipped.map((s) => `    ${s.file}：${s.why}`),
    );
  }
  lines.push(
    `  用 npm run backup -- <文件> 手动做的备份也可以恢复；其他自动备份在 ${where} / a copy made with npm run backup works too; other automatic backups are in ${where}`,
    '  损坏的文件会被移到一旁保留，不会删除 / the damaged file is moved aside and kept, not deleted',
  );
  return lines;
}
