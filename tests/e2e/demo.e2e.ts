import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';

// `npm run demo` serves this same build mode: the whole API runs in the tab through msw,
// over the seeded memory store. Here the demo build is served as plain static files, with
// no API server anywhere, to prove the page needs none.

const OUT = 'dist-demo';
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

let browser: Browser;
let server: Server;
let origin: string;

beforeAll(async () => {
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--mode', 'demo', '--outDir', OUT, '--logLevel', 'warn'],
    // Vitest runs with NODE_ENV=test, which would make Vite build React's development bundle
    // and drop everything behind import.meta.env.PROD: build what `npm run build:demo` builds.
    { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  expect(build.status).toBe(0);
  server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    let file = join(OUT, path);
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      file = join(OUT, 'index.html');
      body = readFileSync(file);
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('demo mode', () => {
  it('signs in with a listed demo account and shows three months of sample data', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${origin}/`);
    await page.waitForURL('**/login');
    const accounts = page.getByRole('region', { name: '演示账号' });
    await accounts.getByText('demo1234').waitFor();
    await accounts.getByRole('button', { name: '填入' }).first().click();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByRole('heading', { name: /^今天 · / }).waitFor();
    await page.getByText('欢迎回来，演示用户！').waitFor();
    // msw's worker owns the scope; the demo never even carries the code that registers the
    // app's own worker (whose sw.js here only removes itself).
    expect(readdirSync(join(OUT, 'assets')).filter((f) => f.startsWith('UpdatePrompt'))).toEqual(
      [],
    );
    const workers = await page.evaluate(async () =>
      (await navigator.serviceWorker.getRegistrations()).flatMap((r) =>
        [r.installing, r.waiting, r.active].map((w) => w && new URL(w.scriptURL).pathname),
      ),
    );
    expect(workers).toEqual([null, null, '/mockServiceWorker.js']);

    await page
      .getByRole('navigation', { name: '主导航' })
      .getByRole('link', { name: '记账管理' })
      .click();
    const recent = page.getByRole('region', { name: '最近记录' });
    await recent.getByRole('listitem').first().waitFor();
    expect(await recent.getByRole('listitem').count()).toBe(10);
    await screenshot(page, 'demo-accounting-1280');

    // A reload keeps the demo's data and the session (the store is snapshotted in the tab).
    const first = await recent.getByRole('listitem').first().textContent();
    await page.reload();
    await recent.getByRole('listitem').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/accounting');
    expect(await recent.getByRole('listitem').first().textContent()).toBe(first);
    await page.close();
  });
});
