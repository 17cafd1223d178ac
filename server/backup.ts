import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { checkFile } from './integrity';

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

  private async backup(kind: BackupKind, onlyIfDue: boolean): Promise<string | undefined> {
    const { database, dir, keep, now = () => new Date(), healthy = () => true } = this.options;
    const log = this.options.log ?? ((line: string) => console.log(line));
    if (!this.enabled || !healthy()) return undefined;
    const at = now();
    if (onlyIfDue && !dailyBackupDue(listBackups(dir), at)) return undefined;
    const file = join(dir, backupName(at, kind));
    try {
      mkdirSync(dir, { recursive: true });
      await backupTo(database, file);
      for (const old of backupsToDelete(listBackups(dir), at, keep)) {
        rmSync(join(dir, old.name), { force: true });
      }
      log(`已备份 / backup written: ${file}`);
      return file;
    } catch (err) {
      // A failed backup never stops the server; the next check tries again.
      log(`备份失败 / backup failed: ${err instanceof Error ? err.message : String(err)}`);
      return undefined;
    }
  }
}

/** How to get a damaged database back, naming the newest automatic backup when there is one. */
export function restoreHint(dir: string): string[] {
  const newest = listBackups(dir)[0];
  const file = newest ? join(dir, newest.name) : join(dir, '<备份文件 / backup file>');
  return [
    '从备份恢复（服务器保持停止）/ To restore a backup (with the server stopped):',
    `  npm run restore -- ${file}`,
    newest
      ? `  这是最新的自动备份（${newest.takenAt.toISOString()}）；其他备份在 ${dir} / the newest automatic backup; others are in ${dir}`
      : `  ${dir} 中没有自动备份；可以使用 npm run backup 做的备份 / no automatic backup in ${dir}; a copy made with npm run backup works too`,
    '  损坏的文件会被移到一旁保留，不会删除 / the damaged file is moved aside and kept, not deleted',
  ];
}
