import { mkdirSync } from 'node:fs';
import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, VIEWPORTS } from './browser';
import { ownContext, ownServer } from './own-server';
import { eventually, post } from './seed';

// 标签 (issue 63) in Chromium: records tagged 旅行 in 记账, 专注 and 任务 (one entry added
// offline through its form, the tag written in its 备注), then /tags/旅行's totals, and the
// screenshots of /tags and /tags/旅行 at 375 and 1280 px, light and dark. A server of this
// file's own; the page's clock is fixed at the last full hour before the run (the session and
// sync stamps are the server's, on the real clock), and every date is counted from it.

const USER = 'tags';
const browser = await launchBrowser();
const server = await ownServer([USER]);
afterAll(async () => {
  await browser.close();
  await server.dispose();
});

const NOW = dayjs().subtract(1, 'hour').startOf('hour');
const TODAY = NOW.format('YYYY-MM-DD');

type Viewport = { width: number; height: number };

async function signedIn(viewport: Viewport, colorScheme: 'light' | 'dark' = 'light') {
  const { page } = await ownContext(browser, server, viewport);
  await page.emulateMedia({ colorScheme });
  await page.clock.install({ time: NOW.toDate() });
  await login(page, USER);
  await page.waitForURL((url) => url.pathname === '/');
  return page;
}

async function seed(page: Page) {
  await post(page, '/api/accounts', {
    type: 'expense',
    amount: 3240,
    category: 'transport',
    description: '往返机票',
    date: TODAY,
    tags: ['旅行', '成都'],
  });
  // Not tagged: must not count.
  await post(page, '/api/accounts', {
    type: 'expense',
    amount: 99,
    category: 'dining',
    description: '午饭',
    date: TODAY,
  });
  await post(page, '/api/accounts', {
    type: 'income',
    amount: 500,
    category: 'other',
    description: '同事还的车费',
    date: TODAY,
    tags: ['旅行'],
  });
  await post(page, '/api/time-records', {
    task: '查攻略',
    category: 'study',
    duration: 1800,
    date: TODAY,
    tags: ['旅行'],
  });
  await post(page, '/api/time-records', {
    task: '订酒店比价',
    category: 'thinking',
    duration: 930,
    date: TODAY,
    tags: ['旅行'],
  });
  await post(page, '/api/tasks', { title: '办理签证', dueDate: TODAY, tags: ['旅行'] });
  await post(page, '/api/tasks', {
    title: '买转换插头',
    completed: true,
    completedAt: NOW.toISOString(),
    tags: ['旅行'],
  });
  await post(page, '/api/workouts', {
    type: 'hiking',
    duration: 120,
    date: TODAY,
    tags: ['旅行'],
  });
  await post(page, '/api/tasks', { title: '论文第二章', tags: ['论文'] });
}

async function serverAccounts(page: Page) {
  const session = await page.evaluate(() => ({
    token: localStorage.getItem('authToken'),
    user: JSON.parse(localStorage.getItem('currentUser') ?? '{}').username as string,
  }));
  const res = await page.request.get('/api/accounts', {
    headers: { Authorization: `Bearer ${session.token}`, 'x-user-id': session.user },
  });
  return (await res.json()) as { description: string; tags?: string[] }[];
}

describe('标签 across modules (issue 63)', () => {
  it('one entry added offline with #旅行 in its note; /tags/旅行 adds them up', async () => {
    const page = await signedIn(VIEWPORTS.desktop);
    await seed(page);
    await page.goto('/accounting');
    await page.getByRole('heading', { name: '记账管理' }).waitFor();

    // The form's chunk loads once, online (as the service worker would have it cached).
    await page.getByRole('button', { name: '添加记录' }).click();
    await page
      .getByRole('dialog', { name: '添加记录' })
      .getByRole('button', { name: '取消' })
      .click();
    await page.getByRole('dialog', { name: '添加记录' }).waitFor({ state: 'hidden' });

    await page.context().setOffline(true);
    // Chromium's offline mode did not always stop requests to the loopback server
    // (dense-tasks.e2e.ts): the server's answers are cut too.
    await page.route('**/api/**', (route) => route.abort());
    await page.getByRole('button', { name: '添加记录' }).click();
    const dialog = page.getByRole('dialog', { name: '添加记录' });
    await dialog.getByLabel('金额').fill('180.5');
    await dialog
      .getByRole('group', { name: '分类' })
      .getByRole('button', { name: '餐饮', exact: true })
      .click();
    await dialog.getByLabel('备注').fill('火锅 #旅行');
    await dialog.getByLabel('标签', { exact: true }).fill('成都');
    await dialog.getByLabel('标签', { exact: true }).press('Enter');
    await dialog.getByRole('button', { name: '移除标签 成都' }).waitFor();
    await page.screenshot({ path: 'screenshots/issue63-entry-form-1280-light.png' });
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Shown at once, with its chip, while it waits to be sent.
    const row = page.getByRole('listitem').filter({ hasText: '火锅 #旅行' }).first();
    await row.getByText('#旅行', { exact: true }).waitFor();
    await page
      .getByRole('banner')
      .getByRole('button', { name: /\d+ 条待同步/ })
      .waitFor();

    await page.unrouteAll();
    await page.context().setOffline(false);
    await eventually(
      () => serverAccounts(page),
      // The field's tag, then the note's.
      (list) => list.some((r) => r.description === '火锅 #旅行' && r.tags?.join() === '成都,旅行'),
      20_000,
    );

    await page.goto('/tags');
    const list = page.getByRole('region', { name: '全部标签' });
    // 3 entries, 2 focus records, 2 tasks, 1 workout.
    await list.getByRole('link', { name: /旅行.*8 条记录/ }).waitFor();
    await list.getByRole('link', { name: /论文.*1 条记录/ }).waitFor();
    await list.getByRole('link', { name: /成都.*2 条记录/ }).waitFor();
    await list.getByRole('link', { name: /旅行/ }).click();
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === '/tags/旅行');
    await page.getByRole('heading', { name: '#旅行', level: 1 }).waitFor();
    // 3240 + 180.50 spent, 500 received; 1800 + 930 s is 45.5 minutes: 45.
    const card = (name: string) => page.getByRole('region', { name, exact: true });
    await card('支出').getByText('¥3,420.50').waitFor();
    await card('收入').getByText('¥500.00').waitFor();
    await card('专注').getByText('45 分钟').waitFor();
    await card('运动').getByText('120 分钟').waitFor();
    await card('任务').getByText('1 / 2').waitFor();
    // Each record opens on its own screen.
    await page
      .getByRole('region', { name: '专注记录' })
      .getByRole('link', { name: /查攻略/ })
      .click();
    await page.getByRole('dialog', { name: '编辑记录' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/time');
    await page.context().close();
  });

  it('screenshots of /tags and /tags/旅行 at 375, 800 and 1280 px, light and dark', async () => {
    mkdirSync('screenshots', { recursive: true });
    for (const scheme of ['light', 'dark'] as const) {
      for (const [size, viewport] of [
        ['375', VIEWPORTS.phone],
        ['800', VIEWPORTS.tablet],
        ['1280', VIEWPORTS.desktop],
      ] as const) {
        const page = await signedIn(viewport, scheme);
        const name = (screen: string) => `screenshots/issue63-${screen}-${size}-${scheme}.png`;
        await page.goto('/tags');
        await page.getByRole('region', { name: '全部标签' }).waitFor();
        await page.screenshot({ path: name('tags'), fullPage: true });
        await page.goto(`/tags/${encodeURIComponent('旅行')}`);
        await page
          .getByRole('region', { name: '支出', exact: true })
          .getByText('¥3,420.50')
          .waitFor();
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(viewport.width);
        await page.screenshot({ path: name('tag'), fullPage: true });
        // The chips on list rows, where rows keep one height.
        await page.goto('/tasks');
        await page.getByRole('button', { name: '编辑 办理签证' }).waitFor();
        await page.screenshot({ path: name('tasks-rows') });
        await page.goto('/time');
        await page.getByRole('region', { name: '最近记录' }).getByText('#旅行').first().waitFor();
        await page.screenshot({ path: name('time-rows'), fullPage: true });
        await page.context().close();
      }
    }
  });
});
