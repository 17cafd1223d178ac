import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
} from 'node:fs';
import { basename, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { restoreHint } from '../backup';
import { backupCopyDir, backupDir, databaseFile, dataDir, lockFile } from '../config';
import { lastChangeNumberIn, restartSyncHistory } from '../db/sqlite-store';
import { makePrivateDir, setPrivateUmask } from '../file-modes';
import { openBackup, unrestorable } from '../integrity';
import { acquireLock, HELD, lockHeldMessage } from '../lock';

// npm run restore -- <backup file>
// Puts a backup in place of DATA_DIR/pms.sqlite, only while no server runs (the server's own
// lock tells, and is held here until the restore is done, so none can start half-way). The
// backup must pass SQLite's full integrity check first. The file it replaces is moved aside,
// never deleted: it may hold writes made after the backup that someone can still rescue.
// The restored copy starts a new sync history, so that every device downloads its lists afresh
// rather than apply the backup's changes on top of what it holds (restartSyncHistory).

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function fsyncFile(file: string) {
  const fd = openSync(file, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Why `file` cannot be restored, or undefined when it is a sound database of this app. */
function refusal(file: string): string | undefined {
  const { db, why } = openBackup(file);
  if (!db) return why;
  try {
    return unrestorable(db);
  } finally {
    db.close();
  }
}

/** The last change number the file handed out, when it can still be read (it may be damaged). */
function lastChangeNumber(file: string): number {
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      return lastChangeNumberIn(db);
    } finally {
      db.close();
    }
  } catch {
    return 0;
  }
}

function main() {
  setPrivateUmask();
  const [source, ...rest] = process.argv.slice(2);
  if (!source) {
    // No file named: which one to name, the newest that holds records.
    console.log(restoreHint(backupDir(), backupCopyDir()).join('\n'));
    process.exit(1);
  }
  if (rest.length > 0) fail('用法 / usage: npm run restore -- <备份文件 / backup file>');
  const backup = resolve(source);
  if (!existsSync(backup)) fail(`找不到备份文件 / no such file: ${backup}`);

  const dir = dataDir();
  makePrivateDir(dir);
  const lock = acquireLock(lockFile(), 0);
  if (lock === HELD) fail(lockHeldMessage(dir, '不能恢复备份。', 'cannot restore.'));
  try {
    const why = refusal(backup);
    if (why) {
      fail(
        `备份文件未通过完整性检查，未做任何改动 / the backup failed its integrity check, nothing was changed: ${backup}\n  ${why}`,
      );
    }
    const target = databaseFile();
    // Past every number the replaced file can have handed out: its own last one when it can be
    // read, and the clock in ms, far above any count of writes a personal server makes.
    const past = Math.max(lastChangeNumber(target) + 1, Date.now());
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const aside = join(dir, `replaced-${stamp}`);
    // The database with its WAL and shared-memory files, as one set: apart they are not a database.
    const parts = ['', '-wal', '-shm'].map((suffix) => `${target}${suffix}`).filter(existsSync);
    if (parts.length > 0) {
      mkdirSync(aside, { mode: 0o700 });
      for (const part of parts) renameSync(part, join(aside, basename(part)));
    }
    const incoming = `${target}.restoring`;
    copyFileSync(backup, incoming);
    // copyFileSync keeps the backup's mode, which a copy made by hand may have left 0644.
    chmodSync(incoming, 0o600);
    restartSyncHistory(incoming, past);
    fsyncFile(incoming);
    renameSync(incoming, target);
    console.log(`已恢复 / restored: ${backup} → ${target}`);
    if (parts.length > 0) {
      console.log(`原来的数据库已移到 / the database it replaced was moved to: ${aside}`);
    }
    console.log(
      '各设备下次同步时会重新下载全部数据 / every device downloads its data afresh at its next sync',
    );
    console.log('现在可以启动服务器 / start the server now: npm start');
  } finally {
    lock.release();
  }
}

main();
