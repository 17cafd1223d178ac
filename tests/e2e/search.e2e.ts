import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, VIEWPORTS } from './browser';
import { ownContext, ownServer, signedInUnderWorker } from './own-server';
import { post } from './seed';

// 搜索全部 (issue 63) in Chromium: a task, an entry and a focus record with 旅行 in their text,
// Ctrl+K (or 更多 → 搜索 on a phone), `lx`, results from all three modules, one opened on its
// screen; and the dialog at 375 and 1280 px, light and dark, under screenshots/. A server of
// this file's own, so its user's records are only ours (the user's name is borrowed: the data
// directory is this file's). Every date is a fixed one: nothing depends on the day it runs.

const USER = 'screens';
const browser = await launchBrowser();
const server = await ownServer([USER]);
afterAll(async () => {
  await browser.close();
  await server.dispose();
});

type Viewport = { width: number; height: number };

async function signedIn(viewport: Viewport, colorScheme: 'light' | 'dark' = 'light') {
  const { page } = await ownContext(browser, server, viewport);
  await page.emulateMedia({ colorScheme });
  await login(page, USER);
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { name: /^今天 · / }).waitFor();
  return page;
}

/**
 * Signed in with the three records in the device's lists: the first sign-in seeds them, and
 * the page is loaded again so that its lists are read after they were stored.
 */
async function withRecords(viewport: Viewport, colorScheme: 'light' | 'dark' = 'light') {
  const page = await signedIn(viewport, colorScheme);
  await seed(page);
  await page.reload();
  await page.getByRole('heading', { name: /^今天 · / }).waitFor();
  return page;
}

let seeded = false;
/** The three records with 旅行, and some without it, once for the file. */
async function seed(page: Page) {
  if (seeded) return;
  seeded = true;
  await post(page, '/api/tasks', { title: '订旅行机票', category: 'life', dueDate: '2026-11-20' });
  await post(page, '/api/tasks', { title: '交房租', category: 'life' });
  await post(page, '/api/accounts', {
    type: 'expense',
    amount: 3240,
    category: 'transport',
    description: '成都旅行往返',
    date: '2026-11-15',
  });
  await post(page, '/api/accounts', {
    type: 'expense',
    amount: 35,
    category: 'dining',
    description: '午饭',
    date: '2026-11-16',
  });
  await post(page, '/api/time-records', {
    task: '旅行攻略',
    category: 'study',
    duration: 3600,
    date: '2026-11-14',
  });
}

/** Opens 搜索 (Ctrl+K, or 更多 → 搜索 on a phone), types `query`, waits for the index and results. */
async function search(page: Page, query: string, via: 'keys' | 'more' = 'keys') {
  if (via === 'keys') await page.keyboard.press('Control+K');
  else {
    await page.getByRole('navigation', { name: '底部导航' }).getByText('更多').click();
    await page.getByRole('dialog', { name: '更多' }).getByRole('button', { name: '搜索' }).click();
  }
  const dialog = page.getByRole('dialog', { name: '搜索' });
  const input = dialog.getByPlaceholder('搜索全部');
  await expect.poll(() => input.getAttribute('type')).toBe('search');
  await dialog.locator('[data-search-state="ready"]').waitFor({ timeout: 30_000 });
  await input.fill(query);
  return { dialog, input };
}

const groupsOf = (page: Page) =>
  page
    .getByRole('dialog', { name: '搜索' })
    .getByRole('group')
    .evaluateAll((groups) =>
      groups.map((g) => g.firstElementChild?.firstElementChild?.textContent),
    );

describe('搜索全部 (issue 63)', () => {
  it('Ctrl+K, lx: a task, an entry and a focus record; Enter opens the entry', async () => {
    const page = await withRecords(VIEWPORTS.desktop);
    const { dialog, input } = await search(page, 'lx');
    await expect
      .poll(() => groupsOf(page))
      .toEqual(expect.arrayContaining(['任务', '记账', '专注']));
    const options = dialog.getByRole('option');
    await expect.poll(() => options.count()).toBe(3);
    expect(await dialog.locator('mark').allTextContents()).toEqual(['旅行', '旅行', '旅行']);
    await expect.poll(() => dialog.getByText('交房租').count()).toBe(0);

    // ↓ to the entry's result, then Enter: the entry, open on 记账管理.
    const names = await options.allTextContents();
    const entry = names.findIndex((n) => n.includes('成都旅行往返'));
    for (let i = 0; i < entry; i++) await input.press('ArrowDown');
    expect(await options.nth(entry).getAttribute('aria-selected')).toBe('true');
    await input.press('Enter');
    await page.waitForURL((url) => url.pathname === '/accounting');
    const record = page.getByRole('dialog', { name: '编辑记录' });
    await record.waitFor();
    expect(await record.getByRole('textbox', { name: '备注' }).inputValue()).toBe('成都旅行往返');
    await page.context().close();
  });

  it('a click opens the focus record; 12.5-style amounts find the entry', async () => {
    const page = await withRecords(VIEWPORTS.desktop);
    const { dialog, input } = await search(page, 'lvxing');
    await dialog.getByRole('option', { name: /旅行\s*攻略/ }).click();
    await page.waitForURL((url) => url.pathname === '/time');
    const record = page.getByRole('dialog', { name: '编辑记录' });
    await record.waitFor();
    await record.getByRole('button', { name: '关闭' }).click();

    await page.keyboard.press('Control+K');
    await input.fill('3240');
    await expect
      .poll(() => dialog.getByRole('option').allTextContents())
      .toEqual([expect.stringContaining('成都旅行往返')]);
    await page.context().close();
  });

  // Offline, the lists come from the device's copy (IndexedDB) and the worker's script from a
  // cache (the service worker's runtime cache, or the browser's own for a hashed asset).
  it('works offline from the device copy once it has been used online', async () => {
    const { context, page } = await signedInUnderWorker(browser, server, USER);
    await seed(page);
    await page.reload();
    await page.getByRole('heading', { name: /^今天 · / }).waitFor();
    await search(page, 'lx');
    await expect.poll(() => page.getByRole('option').count()).toBe(3);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: /^今天 · / }).waitFor();
    const { dialog } = await search(page, 'lx');
    await expect.poll(() => dialog.getByRole('option').count()).toBe(3);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await context.close();
  });

  it('screenshots of the dialog at 375 and 1280 px, light and dark', async () => {
    mkdirSync('screenshots', { recursive: true });
    for (const scheme of ['light', 'dark'] as const) {
      for (const [size, viewport] of [
        ['375', VIEWPORTS.phone],
        ['1280', VIEWPORTS.desktop],
      ] as const) {
        const page = await withRecords(viewport, scheme);
        await search(page, 'lx', size === '375' ? 'more' : 'keys');
        await expect.poll(() => page.getByRole('option').count()).toBe(3);
        await page.keyboard.press('ArrowDown');
        await page.screenshot({ path: `screenshots/issue63-search-${size}-${scheme}.png` });
        await page.context().close();
      }
    }
  });
});
