import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, SCREENS, screenshot, VIEWPORTS } from './browser';
import {
  type OwnServer,
  ownContext,
  ownServer,
  signedInUnderWorker as underWorker,
} from './own-server';

// The service worker against a server of this file's own (tests/e2e/own-server.ts), on a
// scratch data directory and a copy of dist/ (the update case writes a new sw.js into it).

let browser: Browser;
let server: OwnServer;

beforeAll(async () => {
  server = await ownServer(['pwa']);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const newContext = (
  viewport?: { width: number; height: number },
  serviceWorkers?: 'allow' | 'block',
) => ownContext(browser, server, viewport, serviceWorkers);

const signedInUnderWorker = (viewport?: { width: number; height: number }) =>
  underWorker(browser, server, 'pwa', viewport);

const nav = (page: Page) => page.getByRole('navigation', { name: '主导航' });

function apiFetch(page: Page, path: string) {
  return page.evaluate(async (path) => {
    const user = JSON.parse(localStorage.getItem('currentUser') ?? '{}').username as string;
    try {
      const res = await fetch(path, {
        headers: {
          Authorization: `Bearer ${localStorage.getItem('authToken')}`,
          'x-user-id': user,
        },
      });
      return { status: res.status, body: await res.text() };
    } catch (err) {
      return { status: 'network error', body: String(err) };
    }
  }, path);
}

describe('the production build', () => {
  it('ships no msw worker, precaches every chunk but the XLSX reader and the pinyin, and the manifest', () => {
    expect(existsSync('dist/mockServiceWorker.js')).toBe(false);
    const sw = readFileSync('dist/sw.js', 'utf8');
    const precached = new Set([...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1]));
    // The .br/.gz twins the build writes beside each file are how the server sends it, not
    // files of their own: the worker fetches the original and the server picks the twin.
    const twin = /\.(?:br|gz)$/;
    const files = readdirSync('dist/assets').map((f) => `assets/${f}`);
    const assets = files.filter((f) => !twin.test(f));
    expect(assets.length).toBeGreaterThan(20);
    // The XLSX reader, the task search's pinyin and 搜索全部's index come on first use and are
    // kept then (a runtime cache each).
    expect(assets.filter((f) => !precached.has(f)).sort()).toEqual([
      expect.stringMatching(/^assets\/ImportDialog-[^/]*\.js$/),
      expect.stringMatching(/^assets\/pinyin\.worker[^/]*\.js$/),
      expect.stringMatching(/^assets\/search\.worker[^/]*\.js$/),
      expect.stringMatching(/^assets\/webauthn-[^/]*\.js$/),
      expect.stringMatching(/^assets\/xlsx[^/]*\.js$/),
    ]);
    expect(sw).toContain('first-use');
    expect(sw).toContain('xlsx-reader');
    expect(sw).toContain('pinyin-worker');
    expect(sw).toContain('search-worker');
    expect(files.filter((f) => twin.test(f)).length).toBeGreaterThan(20);
    expect([...precached].filter((f) => twin.test(f!))).toEqual([]);
    for (const file of ['index.html', 'manifest.webmanifest', 'favicon.svg']) {
      expect(precached).toContain(file);
    }
    // The PNG icons are for installing, when the browser fetches them itself.
    expect([...precached].filter((f) => f!.endsWith('.png'))).toEqual([]);
    expect(precached).not.toContain('mockServiceWorker.js');
  });

  it('serves a manifest that makes it installable', async () => {
    const res = await fetch(`${server.url}/manifest.webmanifest`);
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      name: '个人管理系统',
      short_name: '个人管理系统',
      lang: 'zh-CN',
      start_url: '/',
      display: 'standalone',
      theme_color: '#2563eb',
    });
    for (const icon of manifest.icons as { src: string; sizes: string }[]) {
      const png = await fetch(`${server.url}${icon.src}`);
      expect(png.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await png.arrayBuffer());
      // PNG width and height live at bytes 16 and 20 of the IHDR chunk.
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(icon.sizes);
    }
  });
});

describe('with the server stopped', () => {
  it('opens every route and the sync dialog, survives a reload, and never answers /api itself', async () => {
    const { context, page } = await signedInUnderWorker();
    // Asked once while online: a worker that cached API answers would now have this one.
    expect((await apiFetch(page, '/api/tasks')).status).toBe(200);

    await server.stop();
    try {
      for (const [path, heading] of SCREENS) {
        await nav(page).getByRole('link', { name: heading }).click();
        await page.waitForURL(`**${path}`);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        expect(await page.getByText('无法加载页面，请检查网络后重试').count()).toBe(0);
      }

      await page.getByRole('button', { name: '同步' }).click();
      const dialog = page.getByRole('dialog', { name: '数据同步' });
      await dialog.getByText('离线', { exact: true }).waitFor();
      await screenshot(page, 'pwa-offline-sync-1280');
      await page.keyboard.press('Escape');

      expect(await apiFetch(page, '/api/tasks')).toMatchObject({ status: 'network error' });
      expect(await apiFetch(page, '/health')).toMatchObject({ status: 'network error' });

      // A reload is answered by the worker: index.html from its cache, for any client route.
      await page.reload();
      await page.getByRole('banner').getByText('个人管理系统').waitFor();
      await page.getByRole('heading', { level: 1, name: '打卡管理' }).waitFor();
      // …but /api and /health are never navigations it answers with the app.
      const apiPage = await context.newPage();
      await expect(apiPage.goto('/api/tasks')).rejects.toThrow(/ERR_/);
      await apiPage.close();
    } finally {
      await server.start();
    }

    // Back online with no reload: the page reaches the server again on its own.
    await page.getByRole('button', { name: '同步' }).click();
    await page
      .getByRole('dialog', { name: '数据同步' })
      .getByText('在线', { exact: true })
      .waitFor();
    await page.keyboard.press('Escape');
    expect((await apiFetch(page, '/api/tasks')).status).toBe(200);
    await nav(page).getByRole('link', { name: '任务管理' }).click();
    await page.getByRole('heading', { level: 1, name: '任务管理' }).waitFor();
    await context.close();
  });

  it('finds a task by its pinyin offline once /tasks has been open online', async () => {
    const { context, page } = await signedInUnderWorker();
    const created = await page.evaluate(async () => {
      const user = JSON.parse(localStorage.getItem('currentUser') ?? '{}').username as string;
      const res = await fetch('/api/tasks', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${localStorage.getItem('authToken')}`,
          'x-user-id': user,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ title: '交房租', priority: 'medium', category: 'life' }),
      });
      return res.status;
    });
    expect(created).toBe(201);
    const list = page.locator('[aria-label="任务列表"]');
    const search = page.getByPlaceholder('搜索任务');
    const findsByPinyin = async () => {
      await search.fill('jfz');
      await list.getByText('交房租').waitFor();
    };
    await page.goto('/tasks');
    await findsByPinyin();
    // Not precached (vite.config.ts): the worker's script was kept by its first fetch.
    const kept = await page.evaluate(async () =>
      (await (await caches.open('pinyin-worker')).keys()).map((r) => new URL(r.url).pathname),
    );
    expect(kept).toEqual([expect.stringMatching(/^\/assets\/pinyin\.worker[^/]*\.js$/)]);

    await server.stop();
    try {
      await page.reload();
      await page.getByRole('heading', { level: 1, name: '任务管理' }).waitFor();
      await findsByPinyin();
    } finally {
      await server.start();
    }
    await context.close();
  });

  it('without a worker, a screen whose code cannot load shows the message and 刷新, not a blank page', async () => {
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
      const { context, page } = await newContext(viewport, 'block');
      await login(page, 'pwa');
      await page.getByRole('heading', { name: /^今天 · / }).waitFor();
      await server.stop();
      try {
        if (viewport === VIEWPORTS.phone) {
          await page.getByRole('button', { name: '打开菜单' }).click();
          await page
            .getByRole('navigation', { name: '移动导航' })
            .getByRole('link', { name: '任务管理' })
            .click();
        } else {
          await nav(page).getByRole('link', { name: '任务管理' }).click();
        }
        const alert = page.getByRole('alert').filter({ hasText: '无法加载页面，请检查网络后重试' });
        await alert.waitFor();
        await alert.getByRole('button', { name: '刷新' }).waitFor();
        await page.getByRole('banner').getByText('个人管理系统').waitFor();
        await screenshot(page, `pwa-chunk-error-${viewport.width}`);
        if (viewport === VIEWPORTS.desktop) {
          // The sync dialog is a chunk too: its failure stays inside a dialog that closes.
          await page.getByRole('button', { name: '同步' }).click();
          const dialog = page.getByRole('dialog', { name: '数据同步' });
          await dialog.getByRole('alert').getByText('无法加载页面，请检查网络后重试').waitFor();
          await screenshot(page, 'pwa-sync-chunk-error-1280');
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'detached' });
        }
      } finally {
        await server.start();
      }
      // 重试 after the server is back downloads the screen.
      await page.getByRole('button', { name: '重试' }).click();
      await page.getByRole('heading', { level: 1, name: '任务管理' }).waitFor();
      await context.close();
    }
  });
});

describe('a new build', () => {
  it('is offered as 新版本可用 and taken on 刷新, not before', async () => {
    const { context, page } = await signedInUnderWorker();
    // What a deploy does to the worker: new bytes at the same URL, and their compressed twins
    // (the server sends sw.js.br to this browser). This one can say so.
    const sw = join(server.staticDir, 'sw.js');
    appendFileSync(
      sw,
      `\nself.addEventListener('message', (e) => e.data === 'build?' && e.source.postMessage('next'));\n`,
    );
    writeFileSync(`${sw}.br`, brotliCompressSync(readFileSync(sw)));
    writeFileSync(`${sw}.gz`, gzipSync(readFileSync(sw)));
    const whichBuild = () =>
      page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            navigator.serviceWorker.addEventListener('message', (e) => resolve(e.data), {
              once: true,
            });
            navigator.serviceWorker.controller?.postMessage('build?');
            setTimeout(() => resolve('first'), 1000);
          }),
      );
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    const prompt = page.getByRole('status').filter({ hasText: '新版本可用' });
    await prompt.waitFor({ timeout: 30_000 });
    // Still the old worker until the user says so.
    expect(await whichBuild()).toBe('first');
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return Boolean(registration?.waiting);
      }),
    ).toBe(true);
    // The viewport, not the full page: the prompt sits at the bottom of the screen.
    mkdirSync('screenshots', { recursive: true });
    await page.screenshot({ path: 'screenshots/pwa-update-1280.png' });
    await page.setViewportSize(VIEWPORTS.phone);
    await page.screenshot({ path: 'screenshots/pwa-update-375.png' });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(VIEWPORTS.phone.width);

    await page.evaluate(() => {
      (window as { beforeUpdate?: boolean }).beforeUpdate = true;
    });
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: '刷新' }).focus();
    await page.keyboard.press('Enter');
    await reloaded;
    await page.getByRole('heading', { name: /^今天 · / }).waitFor();
    expect(await page.evaluate(() => (window as { beforeUpdate?: boolean }).beforeUpdate)).toBe(
      undefined,
    );
    expect(await whichBuild()).toBe('next');
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return Boolean(registration?.waiting);
      }),
    ).toBe(false);
    expect(await page.getByText('新版本可用').count()).toBe(0);
    await context.close();
  });
});
