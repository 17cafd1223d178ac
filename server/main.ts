import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { z } from 'zod';
import { createApp } from './app';
import { withCompression } from './compression';
import { databaseFile, dataDir, lockFile } from './config';
import { openSqliteStore } from './db/sqlite-store';
import { acquireLock } from './lock';
import { createNodePasswordHasher } from './node-auth';
import { spaStaticFiles } from './static';
import type { PasswordHasher, Store } from './store';
import { setUser, userSpecSchema } from './users';

// Node entry. Environment: PORT (8080; 0 picks a free port), HOST (127.0.0.1), DATA_DIR
// (./data), PM_STATIC_DIR (./dist), PM_USERS (JSON array of {username,password,displayName}).

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
      const outcome = await setUser(store, hasher, spec);
      if (outcome !== 'unchanged') console.log(`账户 ${spec.username}: ${outcome}`);
    }
    return;
  }
  if ((await store.users.count()) > 0) return;
  const password = randomBytes(18).toString('base64url');
  await setUser(store, hasher, { username: 'admin', password, displayName: '管理员' });
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
  const env = process.env;
  const port = Number(env.PORT || 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    exitWith(`PORT 无效 / invalid PORT: ${env.PORT}`);
  const host = env.HOST || '127.0.0.1';

  mkdirSync(dataDir(env), { recursive: true });
  const lock = acquireLock(lockFile(env));
  if ('heldBy' in lock) {
    exitWith(
      `另一个服务器进程 (pid ${lock.heldBy}) 正在使用数据目录 ${dataDir(env)}，本进程不会启动。\n` +
        `Another server (pid ${lock.heldBy}) is already using data directory ${dataDir(env)}; not starting.`,
    );
  }

  let store: Store;
  try {
    store = openSqliteStore(databaseFile(env));
  } catch (err) {
    lock.release();
    throw err;
  }
  const hasher = createNodePasswordHasher();
  await applyUsers(store, hasher, env.PM_USERS);

  const staticDir = resolve(env.PM_STATIC_DIR || './dist');
  const hasWebApp = existsSync(join(staticDir, 'index.html'));
  if (!hasWebApp) {
    console.warn(
      `${staticDir} 中没有构建好的前端，只提供 API（先运行 npm run build）/ ` +
        'no built web app there: serving the API only (run npm run build first)',
    );
  }
  const app = createApp({
    store,
    auth: hasher,
    clientIp: (c) => getConnInfo(c).remote.address,
    staticFiles: hasWebApp ? spaStaticFiles(staticDir) : undefined,
  });

  const server = serve({ fetch: withCompression(app.fetch), port, hostname: host }, (info) => {
    console.log(`个人管理系统已启动: http://${host}:${info.port}`);
  });
  server.on('error', (err) => {
    store.close();
    lock.release();
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
    server.close(() => {
      store.close();
      lock.release();
      process.exit(0);
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
