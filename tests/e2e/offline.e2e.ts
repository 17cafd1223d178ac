import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_NAMES } from '../../src/domain/resources';
import { LEGACY_KEYS } from '../fixtures/records';
import { deviceCopy, launchBrowser, login, SCREENS, screenshot, VIEWPORTS } from './browser';
import { type OwnServer, ownContext, ownServer, signedInUnderWorker } from './own-server';
import { eventually } from './seed';
import { E2E_PASSWORD, type E2EUser } from './users';

// Issue 12's "must show", in real Chromium against the real server, which these tests stop
// and start again (a server of this file's own: tests/e2e/own-server.ts).

let browser: Browser;
let server: OwnServer;

beforeAll(async () => {
  server = await ownServer(['offline', 'conflict', 'garbage']);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

type Row = Record<string, unknown> & { id: string };

/** The API as `user`, from Node: what the server holds, whatever the pages show. */
async function apiAs(user: E2EUser) {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user, password: E2E_PASSWORD }),
  });
  const { token } = (await res.json()) as { token: string };
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'x-user-id': user,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as T;
  };
  return {
    list: (path: string) => call<Row[]>('GET', path),
    create: (path: string, body: unknown) => call<Row>('POST', path, body),
  };
}

const nav = (page: Page) => page.getByRole('navigation', { name: '主导航' });

async function open(page: Page, path: string) {
  const heading = SCREENS.find(([p]) => p === path)![1];
  await nav(page).getByRole('link', { name: heading }).click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** The screen must show its heading, not the error boundary's message, whatever the device holds. */
async function expectScreen(page: Page, heading: string) {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  expect(await page.getByText('无法加载页面，请检查网络后重试').count()).toBe(0);
}

const row = (page: Page, text: string) =>
  page.getByRole('listitem').filter({ hasText: text }).first();

/** The 同步 dialog, through the menu on a phone. */
async function openSync(page: Page) {
  const menu = page.getByRole('button', { name: '打开菜单' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: '同步' }).click();
  return page.getByRole('dialog', { name: '数据同步' });
}

describe('with the server stopped after visiting only /', () => {
  it('every screen opens and records; a reload keeps it all; the restarted server gets each record once', async () => {
    const api = await apiAs('offline');
    // On the server before the visit: the device learns of them only through /.
    await api.create('/api/checkin-tasks', { name: '早起', type: 'daily' });
    await api.create('/api/tasks', { title: '已有任务', priority: 'medium' });

    const { context, page } = await signedInUnderWorker(browser, server, 'offline');
    // The device completes its copy of every list in the background once / is up.
    await eventually(
      async () => {
        const kinds = await Promise.all(RESOURCE_NAMES.map((k) => deviceCopy(page, 'offline', k)));
        return kinds.filter((list) => list !== null).length;
      },
      (held) => held === RESOURCE_NAMES.length,
      20_000,
    );

    await server.stop();
    let restarted = false;
    try {
      for (const [path, heading] of SCREENS) {
        await open(page, path);
        await expectScreen(page, heading);
      }
      await (await openSync(page)).getByText('离线', { exact: true }).waitFor();
      await page.keyboard.press('Escape');

      await open(page, '/accounting');
      await page.getByRole('button', { name: '添加记录' }).click();
      let dialog = page.getByRole('dialog', { name: '添加记录' });
      await dialog.getByRole('radio', { name: '支出' }).check();
      await dialog.getByLabel('金额').fill('12.34');
      await dialog.getByRole('button', { name: '餐饮', exact: true }).click();
      await dialog.getByLabel('备注').fill('离线午餐');
      await dialog.getByRole('button', { name: '保存' }).click();
      await dialog.waitFor({ state: 'detached' });
      await row(page, '离线午餐').getByText('待同步').waitFor();

      await open(page, '/fitness');
      await page.getByRole('button', { name: '添加运动' }).click();
      dialog = page.getByRole('dialog', { name: '添加运动' });
      await dialog.getByRole('button', { name: '游泳', exact: true }).click();
      await dialog.getByLabel('时长（分钟）').fill('45');
      await dialog.getByRole('button', { name: '保存' }).click();
      await dialog.waitFor({ state: 'detached' });
      await row(page, '游泳').getByText('待同步').waitFor();

      await open(page, '/time');
      await page.getByRole('button', { name: '手动添加' }).click();
      dialog = page.getByRole('dialog', { name: '手动添加' });
      await dialog.getByLabel('任务名称').fill('离线阅读');
      await dialog.getByRole('button', { name: '阅读', exact: true }).click();
      await dialog.getByLabel('时长（分钟）').fill('25');
      await dialog.getByRole('button', { name: '保存' }).click();
      await dialog.waitFor({ state: 'detached' });
      await row(page, '离线阅读').getByText('待同步').waitFor();

      await open(page, '/tasks');
      await row(page, '已有任务').waitFor();
      await page.getByRole('button', { name: '添加任务' }).click();
      dialog = page.getByRole('dialog', { name: '添加任务' });
      await dialog.getByLabel('标题').fill('离线任务');
      await dialog.getByRole('button', { name: '保存' }).click();
      await dialog.waitFor({ state: 'detached' });
      await row(page, '离线任务').getByText('待同步').waitFor();

      await open(page, '/checkin');
      const early = page.getByRole('article', { name: '早起' });
      await early.getByRole('button', { name: '今日打卡' }).click();
      await early.getByRole('button', { name: '今日已打卡' }).waitFor();

      await open(page, '/assets');
      await page.getByRole('button', { name: '添加资产/负债' }).click();
      dialog = page.getByRole('dialog', { name: '添加资产/负债' });
      await dialog.getByLabel('名称').fill('离线现金');
      await dialog.getByLabel('分类').selectOption({ label: '现金' });
      await dialog.getByLabel('金额').fill('500');
      await dialog.getByRole('button', { name: '保存' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page
        .getByRole('listitem', { name: '离线现金' })
        .getByRole('button', { name: '编辑' })
        .click();
      dialog = page.getByRole('dialog', { name: '编辑资产/负债' });
      await dialog.getByLabel('金额').fill('800');
      await dialog.getByRole('button', { name: '保存' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('listitem', { name: '离线现金' }).getByText('待同步').waitFor();

      const waiting = page
        .getByRole('banner')
        .getByText(/\d+ 条待同步/)
        .first();
      await waiting.waitFor();
      await screenshot(page, 'offline-assets-1280');

      // A reload with the server still down: the worker serves the app, the device the data.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: '资产管理' }).waitFor();
      await page.getByRole('listitem', { name: '离线现金' }).getByText('待同步').waitFor();
      await expect(
        page.getByRole('listitem', { name: '离线现金' }).textContent(),
      ).resolves.toContain('800');
      for (const [path, text] of [
        ['/accounting', '离线午餐'],
        ['/fitness', '游泳'],
        ['/time', '离线阅读'],
        ['/tasks', '离线任务'],
      ] as const) {
        await open(page, path);
        await row(page, text).getByText('待同步').waitFor();
      }
      await open(page, '/checkin');
      await early.getByRole('button', { name: '今日已打卡' }).waitFor();
      await page.getByRole('banner').getByText('离线', { exact: true }).first().waitFor();
      await screenshot(page, 'offline-checkin-reloaded-1280');

      await server.start();
      restarted = true;
      const started = Date.now();
      const onServer = await eventually(
        async () => ({
          accounts: await api.list('/api/accounts'),
          workouts: await api.list('/api/workouts'),
          timeRecords: await api.list('/api/time-records'),
          tasks: await api.list('/api/tasks'),
          checkinRecords: await api.list('/api/checkin-records'),
          assets: await api.list('/api/assets'),
        }),
        (s) =>
          s.accounts.length === 1 &&
          s.workouts.length === 1 &&
          s.timeRecords.length === 1 &&
          s.tasks.length === 2 &&
          s.checkinRecords.length === 1 &&
          s.assets.some((a) => a.name === '离线现金' && a.amount === 800),
        10_000,
      );
      // The waiting indicator clears once the device has heard back.
      await waiting.waitFor({ state: 'detached', timeout: 10_000 - (Date.now() - started) });
      expect(await page.getByRole('banner').getByText('离线', { exact: true }).count()).toBe(0);

      // Exactly once: a replay never duplicates.
      expect(onServer.accounts[0]).toMatchObject({ description: '离线午餐', amount: 12.34 });
      expect(onServer.workouts[0]).toMatchObject({ type: 'swimming', duration: 45 });
      expect(onServer.timeRecords[0]).toMatchObject({ task: '离线阅读', duration: 25 * 60 });
      expect(onServer.tasks.map((t) => t.title).sort()).toEqual(['已有任务', '离线任务']);
      const cash = onServer.assets.filter((a) => a.name === '离线现金');
      // Asset edits are versions: one chain, no version number stored twice (ids are keys and
      // cannot repeat; a replayed create would repeat the version), the newest says 800.
      expect(new Set(cash.map((a) => a.version)).size).toBe(cash.length);
      const newest = cash.reduce((a, b) => ((b.version as number) > (a.version as number) ? b : a));
      expect(newest.amount).toBe(800);
    } finally {
      if (!restarted) await server.start();
    }

    // Another browser signed in as the same user sees every record.
    const other = await ownContext(browser, server, VIEWPORTS.phone, 'block');
    await login(other.page, 'offline');
    await other.page.getByRole('heading', { name: /^今天 · / }).waitFor();
    for (const [path, text] of [
      ['/accounting', '离线午餐'],
      ['/fitness', '游泳'],
      ['/time', '离线阅读'],
      ['/tasks', '离线任务'],
      ['/assets', '离线现金'],
    ] as const) {
      await other.page.goto(path);
      await row(other.page, text).waitFor();
      expect(await row(other.page, text).getByText('待同步').count()).toBe(0);
    }
    await other.page.goto('/checkin');
    // At 375 px a compact row per habit, whose name opens the spec's card.
    const early = other.page.getByRole('button', { name: '早起', exact: true });
    await early
      .or(other.page.getByRole('article', { name: '早起' }))
      .first()
      .waitFor();
    if (await early.count()) await early.click();
    await other.page
      .getByRole('article', { name: '早起' })
      .getByRole('button', { name: '今日已打卡' })
      .waitFor();
    await screenshot(other.page, 'offline-second-device-375');
    await other.context.close();
    await context.close();
  });
});

describe('two devices offline', () => {
  it('edit the same task: the later edit wins on both, and the other is kept with a notice', async () => {
    const api = await apiAs('conflict');
    const task = await api.create('/api/tasks', { title: '共享任务', priority: 'medium' });
    const first = await signedInUnderWorker(browser, server, 'conflict');
    const second = await signedInUnderWorker(browser, server, 'conflict', VIEWPORTS.phone);
    for (const { page } of [first, second]) {
      await page.goto('/tasks');
      await row(page, '共享任务').waitFor();
    }

    const rename = async (page: Page, from: string, to: string) => {
      await row(page, from).getByRole('button', { name: '编辑' }).click();
      const dialog = page.getByRole('dialog', { name: '编辑任务' });
      await dialog.getByLabel('标题').fill(to);
      await dialog.getByRole('button', { name: '保存' }).click();
      await dialog.waitFor({ state: 'detached' });
      await row(page, to).getByText('待同步').waitFor();
    };
    await server.stop();
    try {
      await rename(first.page, '共享任务', '共享任务（电脑）');
      // The phone edits later by the clock: its edit is the one that must win.
      await new Promise((r) => setTimeout(r, 50));
      await rename(second.page, '共享任务', '共享任务（手机）');
    } finally {
      // The computer comes back first, so the phone's later edit meets a changed record.
      await second.page.route('**/api/**', (route) => route.abort());
      await server.start();
    }
    await eventually(
      async () => (await api.list('/api/tasks')).find((t) => t.id === task.id)?.title,
      (title) => title === '共享任务（电脑）',
      10_000,
    );
    await second.page.unroute('**/api/**');
    await second.page.evaluate(() => window.dispatchEvent(new Event('focus')));

    await second.page
      .getByText(
        '「共享任务（手机）」在另一台设备上也被修改，已保留本机较晚的修改；另一份保存在“同步”中',
      )
      .waitFor();
    await eventually(
      async () => (await api.list('/api/tasks')).find((t) => t.id === task.id)?.title,
      (title) => title === '共享任务（手机）',
      10_000,
    );
    // The computer catches up the next time it looks (here: the window gets focus again).
    await first.page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await row(first.page, '共享任务（手机）').waitFor();
    expect(await row(first.page, '共享任务（电脑）').count()).toBe(0);
    await row(second.page, '共享任务（手机）').waitFor();
    expect(await row(second.page, '待同步').count()).toBe(0);

    // The losing edit is kept where the phone's user can apply it again or let it go.
    const sync = await openSync(second.page);
    await sync.getByText('共享任务（电脑）').waitFor();
    await screenshot(second.page, 'offline-conflict-kept-375');
    await first.context.close();
    await second.context.close();
  });
});

describe('garbage on the device', () => {
  const GARBAGE: [string, string][] = [
    ['a string', JSON.stringify('不是列表')],
    ['an object', JSON.stringify({ id: 1, amount: '很多' })],
    ['an array of nonsense', JSON.stringify([1, 'x', null, { id: 7 }, [], { amount: -1 }])],
  ];

  it.each(GARBAGE)(
    '%s in every legacy key and device list: every screen renders offline',
    async (_, junk) => {
      const { context, page } = await signedInUnderWorker(
        browser,
        server,
        'garbage',
        VIEWPORTS.phone,
      );
      await server.stop();
      try {
        await page.evaluate(
          async ([keys, value]) => {
            for (const key of keys) localStorage.setItem(key, value);
            await new Promise<void>((resolve, reject) => {
              const req = indexedDB.open('pms:garbage');
              req.onerror = () => reject(req.error);
              req.onsuccess = () => {
                const db = req.result;
                const tx = db.transaction('lists', 'readwrite');
                for (const kind of keys)
                  tx.objectStore('lists').put({ kind, cursor: 3, json: value });
                tx.oncomplete = () => {
                  db.close();
                  resolve();
                };
                tx.onerror = () => reject(tx.error);
              };
            });
          },
          [LEGACY_KEYS, junk] as const,
        );
        await page.goto('/');
        await page.getByRole('banner').getByText('个人管理系统').waitFor();
        for (const [path, heading] of SCREENS) {
          await page.goto(path);
          await expectScreen(page, heading);
        }
        await (await openSync(page)).getByText('离线', { exact: true }).waitFor();
      } finally {
        await server.start();
      }
      await context.close();
    },
  );
});
