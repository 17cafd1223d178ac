import { existsSync, readFileSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { MIGRATIONS } from './db/migrations-dir';

// What the Node entry and the restore CLI check before they trust a database file.

export type DatabaseState =
  | { state: 'new' }
  | { state: 'ok'; pendingMigrations: number }
  | { state: 'damaged'; detail: string }
  | { state: 'unopenable'; detail: string };

const DAMAGE_CODES = /^SQLITE_(CORRUPT|NOTADB)/;

/** The first lines SQLite reports, on one line: the operator's terminal is not a log viewer. */
const summary = (problems: string[]) =>
  problems.slice(0, 3).join('; ') + (problems.length > 3 ? ` (+${problems.length - 3})` : '');

/** `PRAGMA quick_check`, or `integrity_check` (slower, also checks indexes against tables). */
export function checkFile(db: Database.Database, thorough = false): string[] {
  const rows = db.pragma(`${thorough ? 'integrity_check' : 'quick_check'}(20)`, {
    simple: false,
  }) as Record<string, string>[];
  const problems = rows.map((row) => Object.values(row)[0]!);
  return problems.length === 1 && problems[0] === 'ok' ? [] : problems;
}

/** Migrations that drizzle's migrator would apply to this file (its rule: newer than the last applied). */
function pendingMigrations(db: Database.Database): number {
  const journal = JSON.parse(readFileSync(`${MIGRATIONS}/meta/_journal.json`, 'utf8')) as {
    entries: { when: number }[];
  };
  const table = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'")
    .get();
  const last = table
    ? ((db.prepare('SELECT max(created_at) FROM __drizzle_migrations').pluck().get() as
        | number
        | null) ?? 0)
    : 0;
  return journal.entries.filter((entry) => entry.when > Number(last)).length;
}

/**
 * Opens the file read-only and runs SQLite's quick check over every page (a 10-year database
 * of ~30 MB takes a fraction of a second). Nothing is written, so a damaged file stays as it is
 * for whoever tries to rescue it.
 */
export function inspectDatabase(file: string): DatabaseState {
  if (!existsSync(file)) return { state: 'new' };
  // SQLite would only say "disk I/O error".
  if (!statSync(file).isFile()) {
    return { state: 'unopenable', detail: '不是普通文件 / not a regular file' };
  }
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 });
  } catch (err) {
    const { code, message } = err as { code?: string; message: string };
    if (code && DAMAGE_CODES.test(code)) return { state: 'damaged', detail: message };
    return { state: 'unopenable', detail: message };
  }
  try {
    const problems = checkFile(db);
    if (problems.length > 0) return { state: 'damaged', detail: summary(problems) };
    return { state: 'ok', pendingMigrations: pendingMigrations(db) };
  } catch (err) {
    const { code, message } = err as { code?: string; message: string };
    if (code && DAMAGE_CODES.test(code)) return { state: 'damaged', detail: message };
    return { state: 'unopenable', detail: message };
  } finally {
    db.close();
  }
}

/** Why a backup is no use, in both languages, from what SQLite said. */
const damagedBecause = (detail: string) =>
  `已损坏，未通过完整性检查 / damaged, fails the integrity check: ${detail}`;

/**
 * Why the open file cannot be restored, in both languages, or undefined when it can: SQLite's
 * full integrity check (indexes too: a restore is rare, and must not bring damage back), then
 * the tables every version of this app has.
 */
export function unrestorable(db: Database.Database): string | undefined {
  try {
    const problems = checkFile(db, true);
    if (problems.length > 0) return damagedBecause(summary(problems));
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
      .pluck()
      .all() as string[];
    if (!tables.includes('users') || !tables.includes('__drizzle_migrations')) {
      return '不是本应用的数据库 / not a database of this app';
    }
    return undefined;
  } catch (err) {
    // A file cut short or not a database at all fails before the check can say anything.
    return damagedBecause((err as Error).message);
  }
}

/** A backup file, opened read-only for `unrestorable`; undefined and why when it cannot be opened. */
export function openBackup(
  file: string,
): { db: Database.Database; why?: undefined } | { db?: undefined; why: string } {
  try {
    return { db: new Database(file, { readonly: true, fileMustExist: true }) };
  } catch (err) {
    return { why: `无法打开 / cannot open: ${(err as Error).message}` };
  }
}
