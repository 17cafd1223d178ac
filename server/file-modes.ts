import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseBackupName } from './backup';
import { backupCopyDir, backupDir, databaseFile, dataDir } from './config';
import { DEVICE_KEY_FILE } from './node-auth';
import { PUSH_KEYS_FILE } from './push/keys';

// What the server keeps is its owner's alone: the database holds password hashes, session
// tokens and TOTP secrets, and so does every backup; the key files sign devices and pushes.
// Two layers. The umask, set first thing in the server and the CLIs, covers every file and
// directory they make, also the ones SQLite makes (-wal, -shm, the lock file). The modes given
// where each file is made, and the pass at start over what is already there, hold without it:
// a file an older version left 0644, a backup copied in by hand, code run from a test.

/** No access for group or others to anything the process creates. */
const PRIVATE_UMASK = 0o077;
const PRIVATE_DIR = 0o700;

/** First thing in an entry point (the server, `npm run backup` / `restore`). */
export function setPrivateUmask(): void {
  process.umask(PRIVATE_UMASK);
}

/** `dir` and any missing parent, made 0700; one already there is tightened by `tighten`. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
}

export interface Tightened {
  /** The paths that were readable (or more) by group or others, now no longer. */
  changed: string[];
  /** Paths whose mode could not be changed (not ours, a file system without modes), and why. */
  failed: string[];
}

/**
 * Takes group and other access away from each path that has any (0644 → 0600, 0755 → 0700),
 * and leaves the owner's bits as they are. Missing paths are skipped; symbolic links are
 * followed, as the server itself would open what they point at.
 */
export function tighten(paths: readonly string[]): Tightened {
  const result: Tightened = { changed: [], failed: [] };
  // Windows has no such modes: chmod there only sets the read-only flag.
  if (process.platform === 'win32') return result;
  for (const path of paths) {
    let mode: number;
    try {
      mode = statSync(path).mode & 0o7777;
    } catch {
      continue;
    }
    if ((mode & 0o077) === 0) continue;
    try {
      chmodSync(path, mode & ~0o077);
      result.changed.push(path);
    } catch (err) {
      result.failed.push(`${path}: ${(err as Error).message}`);
    }
  }
  return result;
}

/** The regular files and directories directly in `dir` that `keep` accepts by name. */
function entries(dir: string, keep: (name: string) => boolean = () => true): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => (e.isFile() || e.isDirectory()) && keep(e.name))
      .map((e) => join(dir, e.name));
  } catch {
    return [];
  }
}

/**
 * Every file the server keeps, with the directories that hold them: DATA_DIR, the database
 * with its WAL files, the key files, the backups directory and everything in it (a copy made
 * with `npm run backup` is put there too), the databases a restore moved aside, and the
 * automatic backups in BACKUP_COPY_DIR. That directory itself, and files of other names in
 * it, are left as they are: it may be a mount point, or a folder shared with other things.
 */
export function storedFiles(env = process.env): string[] {
  const dir = dataDir(env);
  const database = databaseFile(env);
  const backups = backupDir(env);
  const copyDir = backupCopyDir(env);
  const replaced = entries(dir, (name) => name.startsWith('replaced-'));
  return [
    dir,
    ...['', '-wal', '-shm', '-journal', '.restoring'].map((suffix) => `${database}${suffix}`),
    join(dir, DEVICE_KEY_FILE),
    join(dir, PUSH_KEYS_FILE),
    backups,
    ...entries(backups),
    ...replaced.flatMap((aside) => [aside, ...entries(aside)]),
    ...(copyDir
      ? entries(copyDir, (name) => parseBackupName(name.replace(/\.partial$/, '')) !== undefined)
      : []),
  ];
}

/** What `tighten` did, for the log, in both languages; nothing when it did nothing. */
export function describeTightened({ changed, failed }: Tightened): string[] {
  const lines: string[] = [];
  if (changed.length > 0) {
    // Every backup of a long-running install can be among them: the first few say enough.
    const named = changed.slice(0, 5).join(', ') + (changed.length > 5 ? ', …' : '');
    lines.push(
      `已收回其他用户的读取权限（${changed.length} 个文件或目录）/ no longer readable by other users: ${named}`,
    );
  }
  for (const line of failed) {
    lines.push(`无法收紧权限 / cannot tighten the mode of ${line}`);
  }
  return lines;
}
