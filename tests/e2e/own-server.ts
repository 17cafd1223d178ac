import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type RunningServer, startServer } from '../server/server-process';
import { login, VIEWPORTS } from './browser';
import { E2E_PASSWORD, E2E_USERS, type E2EUser } from './users';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface OwnServer {
  readonly url: string;
  /** A copy of dist/ the server serves: a test may deploy a "new build" into it. */
  readonly staticDir: string;
  /** Its DATA_DIR (push-keys.json, the database). */
  readonly dataDir: string;
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * A real server of one test file's own, for tests that stop it: the shared server of
 * global-setup is never stopped, since other files use it. Same port and data on every
 * start: a service worker belongs to the origin, a session to the data.
 */
export async function ownServer(users: E2EUser[], env: NodeJS.ProcessEnv = {}): Promise<OwnServer> {
  const staticDir = mkdtempSync(join(tmpdir(), 'pms-own-dist-'));
  cpSync('dist', staticDir, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'pms-own-data-'));
  const port = await freePort();
  const launch = () =>
    startServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      PM_STATIC_DIR: staticDir,
      PM_USERS: JSON.stringify(
        users.map((username) => ({
          username,
          password: E2E_PASSWORD,
          displayName: E2E_USERS[username],
        })),
      ),
      ...env,
    });
  let running: RunningServer | null = await launch();
  return {
    url: `http://127.0.0.1:${port}`,
    staticDir,
    dataDir,
    async stop() {
      await running?.stop();
      running = null;
    },
    async start() {
      if (!running) running = await launch();
    },
    async dispose() {
      await running?.stop();
      running = null;
      rmSync(staticDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh browser context on `server`, with service workers unless blocked. */
export async function ownContext(
  browser: Browser,
  server: OwnServer,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
  serviceWorkers: 'allow' | 'block' = 'allow',
  permissions: string[] = [],
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport,
    baseURL: server.url,
    locale: 'zh-CN',
    serviceWorkers,
    permissions,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}

/** Signed in on /, with the worker installed (every chunk cached) and controlling the tab. */
export async function signedInUnderWorker(
  browser: Browser,
  server: OwnServer,
  user: E2EUser,
  viewport?: { width: number; height: number },
  permissions: string[] = [],
) {
  const { context, page } = await ownContext(browser, server, viewport, 'allow', permissions);
  await login(page, user);
  await page.getByRole('heading', { name: /^今天 · / }).waitFor();
  await page.waitForFunction(
    () => navigator.serviceWorker.controller?.state === 'activated',
    null,
    { timeout: 30_000 },
  );
  return { context, page };
}
