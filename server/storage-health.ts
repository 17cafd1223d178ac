// What the storage underneath the app is going through, told apart from a bug: a damaged
// database file, a full disk, failing I/O. Runtime-agnostic (no imports): the errors are
// recognised by the `code` better-sqlite3 puts on them, which the memory store never throws.

export type StorageProblem = 'corrupt' | 'full' | 'io';

export const STORAGE_ERRORS: Record<StorageProblem, { status: 503 | 507; message: string }> = {
  corrupt: {
    status: 503,
    message: '服务器的数据库文件已损坏，暂停保存数据；请联系管理员从备份恢复',
  },
  full: { status: 507, message: '服务器磁盘空间已满，无法保存，请联系管理员' },
  io: { status: 503, message: '服务器存储读写出错，请稍后重试' },
};

/** The storage problem an error reports, or undefined for any other error. */
export function storageProblemOf(err: unknown): StorageProblem | undefined {
  const code =
    typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : undefined;
  if (!code?.startsWith('SQLITE_')) return undefined;
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') return 'corrupt';
  if (code === 'SQLITE_FULL') return 'full';
  if (code.startsWith('SQLITE_IOERR')) return 'io';
  return undefined;
}

/**
 * The app's storage state, as GET /health reports it. A damaged file stays damaged until an
 * operator restores a backup (a restart refuses to start on it); a full disk or an I/O error
 * clears as soon as a write goes through again.
 */
export class StorageHealth {
  problem: StorageProblem | undefined;

  report(problem: StorageProblem): void {
    if (this.problem !== 'corrupt') this.problem = problem;
  }

  /** A write was stored: whatever stopped writes before is over, unless the file is damaged. */
  writeSucceeded(): void {
    if (this.problem !== 'corrupt') this.problem = undefined;
  }
}
