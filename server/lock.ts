import { truncateSync } from 'node:fs';
import Database from 'better-sqlite3';

// One server per data directory: two processes writing the same SQLite file is safe for
// SQLite, but two servers would each keep their own sessions and login throttles, and a
// restore must never swap the file under a running server.
//
// The guard is an exclusive lock on a file, taken through SQLite's own file locking (POSIX
// advisory locks on Unix): the kernel drops it the moment the process dies, however it dies.
// Nothing is read from the file to decide who holds it — no pid that a zombie or a reused pid
// could keep "alive" — and the file is never deleted, since a server that unlinked it on the
// way out could let two later starts each lock a different file of the same name.

export type Lock = { release(): void };

/** A lock held by a live process. */
export const HELD = 'held';

const CONTENT_UNREADABLE = new Set(['SQLITE_NOTADB', 'SQLITE_CORRUPT']);

function take(file: string, waitMs: number): Database.Database {
  const guard = new Database(file, { timeout: waitMs });
  try {
    // EXCLUSIVE locking mode keeps the lock the first write takes until the connection closes.
    // The guard holds no data, so it needs no journal (which would linger as a second file).
    guard.pragma('journal_mode = MEMORY');
    guard.pragma('locking_mode = EXCLUSIVE');
    guard.exec('BEGIN EXCLUSIVE; COMMIT');
    return guard;
  } catch (err) {
    guard.close();
    throw err;
  }
}

/**
 * Takes the guard on `file`, waiting up to `waitMs` for a holder that is on its way out (a
 * process just killed still holds its locks for a moment). HELD when a live process has it.
 */
export function acquireLock(file: string, waitMs = 1500): Lock | typeof HELD {
  let guard: Database.Database;
  try {
    guard = take(file, waitMs);
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (code === 'SQLITE_BUSY') return HELD;
    if (!CONTENT_UNREADABLE.has(code)) throw err;
    // Not a database: a pid file left by an older version, or anything else written over it.
    // Emptying it keeps the inode, so a lock some live server holds on it survives and is found.
    truncateSync(file);
    try {
      guard = take(file, waitMs);
    } catch (again) {
      if ((again as { code?: string }).code === 'SQLITE_BUSY') return HELD;
      throw again;
    }
  }
  return { release: () => guard.close() };
}

/** Why a start or a restore was refused, in both languages, with what to do. */
export function lockHeldMessage(dataDir: string, refused: string, refusedEn: string): string {
  return [
    `另一个服务器进程正在使用数据目录 ${dataDir}，${refused}`,
    '请先停止那个服务器（Ctrl+C、kill <pid> 或 systemctl stop），再重试；它一退出锁就会自动释放，不需要删除任何文件。',
    `Another server is already using data directory ${dataDir}; ${refusedEn}`,
    'Stop that server first (Ctrl+C, kill <pid> or systemctl stop) and try again; its lock goes away the moment it exits, there is no file to delete.',
  ].join('\n');
}
