import { resolve } from 'node:path';

// The environment contract shared by the server and the CLIs.

/** DATA_DIR (default ./data): where the database, the lock file and the backups live. */
export const dataDir = (env = process.env) => resolve(env.DATA_DIR || './data');

export const databaseFile = (env = process.env) => resolve(dataDir(env), 'pms.sqlite');

export const lockFile = (env = process.env) => resolve(dataDir(env), 'server.lock');

/** Automatic backups (server/backup.ts); `npm run restore` takes one of these back. */
export const backupDir = (env = process.env) => resolve(dataDir(env), 'backups');

/** BACKUP_COPY_DIR (optional): a second directory that gets a copy of each automatic backup. */
export const backupCopyDir = (env = process.env): string | undefined =>
  env.BACKUP_COPY_DIR?.trim() ? resolve(env.BACKUP_COPY_DIR.trim()) : undefined;

/** A setting that is not what it should be: the message names it in both languages. */
export class ConfigError extends Error {}

function count(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new ConfigError(`${name} 应为非负整数 / ${name} must be a whole number ≥ 0: ${raw}`);
  }
  return value;
}

/**
 * BACKUP_KEEP_DAILY (7) and BACKUP_KEEP_WEEKLY (4): how many daily and weekly automatic
 * backups are kept. Both 0 turns automatic backups off.
 */
export const backupKeep = (env = process.env) => ({
  daily: count(env, 'BACKUP_KEEP_DAILY', 7),
  weekly: count(env, 'BACKUP_KEEP_WEEKLY', 4),
});

/**
 * TRUST_PROXY: how many reverse proxies stand between the clients and this server (0, the
 * default: none, and X-Forwarded-For is ignored; `true` means 1). Only then is the client's
 * address taken from X-Forwarded-For, which anyone can otherwise send.
 */
export function trustProxy(env = process.env): number {
  const raw = env.TRUST_PROXY?.trim().toLowerCase();
  if (raw === 'true') return 1;
  if (raw === 'false') return 0;
  return count(env, 'TRUST_PROXY', 0);
}
