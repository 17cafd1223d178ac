import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, login, openPage, VIEWPORTS } from './browser';
import { browserToday, eventually, post, shiftDate } from './seed';
import { E2E_PASSWORD, type E2EUser } from './users';

// Issue 36's "must show": two devices of one user, both offline, complete the same weekly
// occurrence; back online, the server holds it completed once and exactly one next occurrence.

const browser = await launchBrowser();
afterAll(() => browser.close());

type Row = { id: string; title: string; dueDate: string; completed: boolean; seriesId: string };

/** The server's list, read from Node as `user`: what it holds, whatever the pages show. */
async function serverTasks(user: E2EUser): Promise<Row[]> {
  const base = inject('baseURL');
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user, password: E2E_PASSWORD }),
  });
  const { token } = (await res.json()) as { token: string };
  const list = await fetch(`${base}/api/tasks`, {
    headers: { authorization: `Bearer ${token}`, 'x-user-id': user },
  });
  return (await list.json()) as Row[];
}

async function openTasks(page: Page, user: E2EUser) {
  await login(page, user);
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/tasks');
  await page.getByRole('heading', { name: '任务管理' }).waitFor();
}

const rows = (page: Page, title: string) => page.getByRole('listitem', { name: title });

describe('a weekly task completed offline on two devices', () => {
  it('leaves one completed occurrence and exactly one next on the server', async () => {
    const a = await openPage(browser, VIEWPORTS.desktop);
    await openTasks(a, 'tasksRepeat');
    const today = await browserToday(a);
    await post(a, '/api/tasks', {
      id: 'weekly-bins',
      seriesId: 'weekly-bins',
      title: '倒垃圾',
      dueDate: today,
      repeat: 'FREQ=WEEKLY',
    });
    const b = await openPage(browser, VIEWPORTS.phone);
    await openTasks(b, 'tasksRepeat');
    await a.reload();
    for (const page of [a, b]) await rows(page, '倒垃圾').first().waitFor();

    for (const page of [a, b]) await page.context().setOffline(true);
    for (const page of [a, b]) {
      await rows(page, '倒垃圾').first().getByRole('checkbox').check();
      // The next occurrence shows at once, a week on, on each device.
      await expect.poll(() => rows(page, '倒垃圾').count()).toBe(2);
    }
    for (const page of [a, b]) await page.context().setOffline(false);

    const next = shiftDate(today, 7);
    const held = await eventually(
      () => serverTasks('tasksRepeat'),
      (list) =>
        list.length === 2 && list.some((t) => t.completed) && list.some((t) => !t.completed),
      20_000,
    );
    const done = held.filter((t) => t.completed);
    const pending = held.filter((t) => !t.completed);
    expect(done.map((t) => [t.id, t.dueDate])).toEqual([['weekly-bins', today]]);
    expect(pending.map((t) => [t.dueDate, t.seriesId])).toEqual([[next, 'weekly-bins']]);
    // A moment later nothing more has come: neither device sent a second next occurrence.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await serverTasks('tasksRepeat')).toHaveLength(2);
    for (const page of [a, b]) await page.context().close();
  });
});

const SHOTS = '/work/wt/shots/tasks';

describe('screenshots of /tasks', () => {
  it('repeats, sub-tasks, a smart view, quick-add chips and the repeat dialog at 375 and 1280 px, light and dark', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const seedPage = await openPage(browser, VIEWPORTS.desktop);
    await openTasks(seedPage, 'tasksShots');
    const today = await browserToday(seedPage);
    const seeds = [
      {
        title: '倒垃圾',
        dueDate: today,
        dueTime: '20:00',
        repeat: 'FREQ=WEEKLY',
        priority: 'low',
        category: 'life',
      },
      {
        title: '准备季度汇报',
        description: '整理数据和图表',
        dueDate: shiftDate(today, 1),
        priority: 'high',
        category: 'work',
        subtasks: [
          { id: 's1', title: '收集数据', done: true },
          { id: 's2', title: '做图表', done: true },
          { id: 's3', title: '写讲稿', done: false },
          { id: 's4', title: '排练', done: false },
          { id: 's5', title: '发给经理', done: false },
        ],
        reminders: [30],
      },
      {
        title: '还信用卡',
        dueDate: shiftDate(today, 3),
        repeat: 'FREQ=MONTHLY;BYMONTHDAY=-1',
        category: 'life',
      },
      {
        title: '交房租',
        dueDate: shiftDate(today, -1),
        dueTime: '09:00',
        category: 'life',
        priority: 'high',
      },
      { title: '读完《原则》', category: 'study' },
      { title: `超长${'A'.repeat(198)}`, description: 'x'.repeat(500), category: 'other' },
      {
        title: '晨跑',
        dueDate: shiftDate(today, -2),
        repeat: 'FREQ=DAILY',
        completed: true,
        completedAt: new Date().toISOString(),
        category: 'health',
      },
    ];
    for (const body of seeds) await post(seedPage, '/api/tasks', body);
    await seedPage.context().close();

    for (const scheme of ['light', 'dark'] as const) {
      for (const [size, viewport] of [
        ['375', VIEWPORTS.phone],
        ['1280', VIEWPORTS.desktop],
      ] as const) {
        const page = await openPage(browser, viewport, { colorScheme: scheme });
        await openTasks(page, 'tasksShots');
        await rows(page, '倒垃圾').first().waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
        await page.getByLabel('快速添加任务').fill('明天下午3点 交房租 !高 #生活');
        await page.getByRole('list', { name: '识别结果' }).waitFor();
        await page.screenshot({ path: `${SHOTS}/tasks-${size}-${scheme}.png`, fullPage: true });

        await page.getByRole('button', { name: '最近7天' }).click();
        await page.screenshot({
          path: `${SHOTS}/tasks-week-${size}-${scheme}.png`,
          fullPage: true,
        });
        await page.getByRole('button', { name: '最近7天' }).click();

        await page.getByRole('button', { name: '编辑 倒垃圾' }).first().click();
        const dialog = page.getByRole('dialog', { name: '编辑任务' });
        await dialog.getByLabel('重复', { exact: true }).selectOption('weekly');
        await dialog.getByTestId('repeat-preview').scrollIntoViewIfNeeded();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
        await page.screenshot({ path: `${SHOTS}/repeat-dialog-${size}-${scheme}.png` });
        await dialog.getByRole('button', { name: '取消' }).click();
        // The long title's own dialogs stay within the screen too (issue 40).
        await page.getByRole('button', { name: /^编辑 超长A+$/ }).click();
        await page.getByRole('dialog', { name: '编辑任务' }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
        await page.context().close();
      }
    }
  });
});
