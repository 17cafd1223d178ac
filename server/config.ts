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

/** The reminder channels the administrator configured (issue 62); each absent is not offered. */
export interface ChannelConfig {
  /** NTFY_URL (e.g. https://ntfy.sh or http://nas.local:8090) and NTFY_TOKEN. */
  ntfy?: { url: string; token?: string };
  /** BARK_URL, https://api.day.app unless set; `off` (or empty) turns Bark off. */
  bark?: { url: string };
  /** SMTP_URL (nodemailer's form, e.g. smtps://user:pass@smtp.qq.com:465) and SMTP_FROM. */
  email?: { url: string; from: string };
  /** APP_URL (or WEBAUTHN_ORIGIN): where a tap on an ntfy, Bark or e-mail reminder leads. */
  appUrl?: string;
}

function httpUrl(name: string, raw: string, protocols: string[]): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} 不是有效的网址 / ${name} is not a URL: ${raw}`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(
      `${name} 应以 ${protocols.map((p) => `${p}//`).join(' 或 ')} 开头 / ${name} must be ${protocols.join(' or ')}: ${raw}`,
    );
  }
  return raw.replace(/\/+$/, '');
}

/**
 * Read at start; a malformed value stops the server with a message naming it. Only these
 * addresses are ever reached by a channel: users choose a topic, key or address, never a URL,
 * so a LAN address here is fine (no user can point the server anywhere else).
 */
export function channelConfig(env = process.env): ChannelConfig {
  const config: ChannelConfig = {};
  const ntfy = env.NTFY_URL?.trim();
  if (ntfy) {
    config.ntfy = { url: httpUrl('NTFY_URL', ntfy, ['http:', 'https:']) };
    const token = env.NTFY_TOKEN?.trim();
    if (token) config.ntfy.token = token;
  }
  const bark = env.BARK_URL === undefined ? 'https://api.day.app' : env.BARK_URL.trim();
  if (bark && bark.toLowerCase() !== 'off') {
    config.bark = { url: httpUrl('BARK_URL', bark, ['http:', 'https:']) };
  }
  const smtp = env.SMTP_URL?.trim();
  if (smtp) {
    httpUrl('SMTP_URL', smtp, ['smtp:', 'smtps:']);
    // The account's own address is what most providers (QQ, 163) accept as the sender.
    const user = decodeURIComponent(new URL(smtp).username);
    const from = env.SMTP_FROM?.trim() || (user.includes('@') ? user : '');
    if (!from) {
      throw new ConfigError(
        'SMTP_URL 已设置，但缺少 SMTP_FROM（发件地址）/ SMTP_URL is set: set SMTP_FROM, the sender address',
      );
    }
    config.email = { url: smtp, from };
  }
  const app = (env.APP_URL || env.WEBAUTHN_ORIGIN)?.trim();
  if (app)
    config.appUrl = httpUrl(env.APP_URL ? 'APP_URL' : 'WEBAUTHN_ORIGIN', app, ['http:', 'https:']);
  return config;
}
