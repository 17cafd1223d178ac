import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { z } from 'zod';
import { createApp } from './app';
import { BackupScheduler, restoreHint } from './backup';
import { sqliteCalendarFeeds } from './calendar-feeds-sqlite';
import { clientAddress } from './client-ip';
import { withCompression } from './compression';
import {
  backupCopyDir,
  backupDir,
  backupKeep,
  ConfigError,
  databaseFile,
  dataDir,
  lockFile,
  trustProxy,
} from './config';
import { openSqliteStore } from './db/sqlite-store';
import {
  describeTightened,
  makePrivateDir,
  setPrivateUmask,
  storedFiles,
  tighten,
} from './file-modes';
import { inspectDatabase } from './integrity';
import { acquireLock, HELD, lockHeldMessage } from './lock';
import {
  createNodePasswordHasher,
  loadDeviceKey,
  nodeDeviceMac,
  nodeTokenHasher,
} from './node-auth';
import { startPush } from './push';
import { scheduleCatchUp } from './recurring';
import { spaStaticFiles } from './static';
import { StorageHealth, storageProblemOf } from './storage-health';
import type { PasswordHasher, Store } from './store';
import { applyUserSpec, createFirstAdmin, userSpecSchema } from './users';

// Node entry. Environment: PORT (8080; 0 picks a free port), HOST (127.0.0.1), DATA_DIR
// (./data), PM_STATIC_DIR (./dist), PM_USERS (JSON array of {username,password,displayName}),
// TRUST_PROXY, BACKUP_KEEP_DAILY, BACKUP_KEEP_WEEKLY, BACKUP_COPY_DIR (config.ts), WEBAUTHN_RP_ID
// and WEBAUTHN_ORIGIN (passkeys.ts).

function exitWith(message: string): never {
  console.error(message);
  process.exit(1);
}

async function applyUsers(store: Store, hasher: PasswordHasher, json: string | undefined) {
  if (json?.trim()) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      exitWith('PM_USERS 不是有效的 JSON / PM_USERS is not valid JSON');
    }
    const result = z.array(userSpecSchema).safeParse(parsed);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      exitWith(`PM_USERS 无效 / PM_USERS is invalid: ${issue.path.join('.')}: ${issue.message}`);
    }
    for (const spec of result.data) {
      const outcome = await applyUserSpec(store, hasher, spec);
      if (outcome === 'kept') {
        console.log(
          `账户 ${spec.username}: 密码已在应用中修改，保留当前密码；要用 PM_USERS 重设，请改动其中的密码 / ` +
            'the password was changed since PM_USERS last set it: kept; give PM_USERS a new one to reset it',
        );
      } else if (outcome !== 'unchanged') console.log(`账户 ${spec.username}: ${outcome}`);
    }
    return;
  }
  if ((await store.users.count()) > 0) return;
  const password = await createFirstAdmin(store, hasher);
  console.log(
    [
      '',
      '已创建管理员账户 / Created the administrator account:',
      '  用户名 / username: admin',
      `  密码 / password:   ${password}`,
      '此密码只显示这一次，请立即保存。/ This password is shown only once: save it now.',
      '修改密码 / change a password:      npm run user -- set admin',
      '添加账户 / add another account:    npm run user -- set <username> --display-name <显示名称>',
      '也可以用 PM_USERS 环境变量在启动时创建账户 / or create accounts at start with PM_USERS.',
      '',
    ].join('\n'),
  );
}

async function main() {
  // Before any file is made: the database holds password hashes and TOTP secrets.
  setPrivateUmask();
  const env = process.env;
  const port = Number(env.PORT || 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    exitWith(`PORT 无效 / invalid PORT: ${env.PORT}`);
  const host = env.HOST || '127.0.0.1';

  let keep: ReturnType<typeof backupKeep>;
  let trustedHops: number;
  try {
    keep = backupKeep(env);
    trustedHops = trustProxy(env);
  } catch (err) {
    if (err instanceof ConfigError) exitWith(err.message);
    throw err;
  }

  const dir = dataDir(env);
  try {
    makePrivateDir(dir);
  } catch (err) {
    exitWith(
      `无法创建数据目录 / cannot create the data directory ${dir}: ${(err as Error).message}`,
    );
  }
  // Whatever exits from here on, the kernel drops the lock with the process.
  let lock: ReturnType<typeof acquireLock>;
  try {
    lock = acquireLock(lockFile(env));
  } catch (err) {
    exitWith(`无法获取锁文件 / cannot lock ${lockFile(env)}: ${(err as Error).message}`);
  }
  if (lock === HELD) exitWith(lockHeldMessage(dir, '本进程不会启动。', 'not starting.'));

  const file = databaseFile(env);
  const found = inspectDatabase(file);
  if (found.state === 'damaged') {
    exitWith(
      [
        `数据库文件已损坏，服务器不会启动 / The database file is damaged; the server will not start: ${file}`,
        `  SQLite 检查结果 / check result: ${found.detail}`,
        ...restoreHint(backupDir(env), backupCopyDir(env)),
      ].join('\n'),
    );
  }
  if (found.state === 'unopenable') {
    exitWith(`无法打开数据库 / cannot open the database ${file}: ${found.detail}`);
  }
  let store: Store;
  try {
    store = openSqliteStore(file);
  } catch (err) {
    exitWith(`无法打开数据库 / cannot open the database ${file}: ${(err as Error).message}`);
  }
  // What an older version, a restore or a hand-made copy left readable by others; once the
  // database is known to be one (a damaged or odd file stops the start above, untouched).
  for (const line of describeTightened(tighten(storedFiles(env)))) console.warn(line);
  const hasher = createNodePasswordHasher();
  await applyUsers(store, hasher, env.PM_USERS);
  // 周期记账 missed while the server was down are written now, then every hour.
  const stopCatchUp = scheduleCatchUp(store);
  let push: ReturnType<typeof startPush>;
  try {
    push = startPush(store, { databaseFile: file, dataDir: dir, env });
  } catch (err) {
    exitWith(`无法启动推送 / cannot start Web Push: ${(err as Error).message}`);
  }

  // 日历订阅's tokens, in the same file (migrated above by openSqliteStore).
  const calendarFeeds = sqliteCalendarFeeds(file);

  const staticDir = resolve(env.PM_STATIC_DIR || './dist');
  const hasWebApp = existsSync(join(staticDir, 'index.html'));
  if (!hasWebApp) {
    console.warn(
      `${staticDir} 中没有构建好的前端，只提供 API（先运行 npm run build）/ ` +
        'no built web app there: serving the API only (run npm run build first)',
    );
  }
  const health = new StorageHealth();
  const backups = new BackupScheduler({
    database: file,
    dir: backupDir(env),
    copyDir: backupCopyDir(env),
    keep,
    healthy: () => health.problem !== 'corrupt',
  });
  // In the background: the server answers while the copy is made.
  void (found.state === 'new' || found.pendingMigrations > 0
    ? backups.take('migration')
    : backups.takeIfDue());
  backups.start();

  if (trustedHops > 0) {
    console.log(
      `TRUST_PROXY=${trustedHops}: 客户端地址取自 X-Forwarded-For / client addresses come from X-Forwarded-For`,
    );
  }
  const app = createApp({
    store,
    auth: hasher,
    hashToken: nodeTokenHasher,
    deviceMac: nodeDeviceMac(loadDeviceKey(dir)),
    clientIp: (c) =>
      clientAddress(getConnInfo(c).remote.address, c.req.header('x-forwarded-for'), trustedHops),
    // Half the cores at most and never all 4 threads of libuv's pool, which files and zlib share.
    hashConcurrency: Math.max(1, Math.min(3, Math.floor(availableParallelism() / 2))),
    health,
    webauthn: {
      rpId: env.WEBAUTHN_RP_ID?.trim() || undefined,
      origin: env.WEBAUTHN_ORIGIN?.trim() || undefined,
      trustedHops,
    },
    staticFiles: hasWebApp ? spaStaticFiles(staticDir) : undefined,
    push: push?.routes,
    calendarFeeds,
  });
  // Reminders missed while the server was down go out now (if < 12 h late), then on time.
  push?.start();

  const server = serve({ fetch: withCompression(app.fetch), port, hostname: host }, (info) => {
    console.log(`个人管理系统已启动: http://${host}:${info.port}`);
  });
  server.on('error', (err) => {
    exitWith(`无法监听 / cannot listen on ${host}:${port}: ${err.message}`);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`收到 ${signal}，正在关闭… / ${signal} received, shutting down…`);
    // Requests in flight finish; idle keep-alive connections must not hold the exit hostage.
    const force = setTimeout(() => {
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, 5000);
    force.unref();
    stopCatchUp();
    server.close(async () => {
      await backups.stop();
      push?.close();
      calendarFeeds.close();
      try {
        store.close();
      } catch (err) {
        // A damaged or full file: nothing more can be saved, and the exit is still a clean one.
        console.error(`关闭数据库时出错 / closing the database: ${(err as Error).message}`);
      }
      lock.release();
      process.exit(0);
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  // A storage failure while starting (a full disk as PM_USERS is applied) is the operator's to
  // fix, and a stack trace would only bury the reason; anything else is a bug, stack and all.
  if (storageProblemOf(err)) exitWith(`无法启动 / cannot start: ${(err as Error).message}`);
  console.error(err);
  process.exit(1);
});
