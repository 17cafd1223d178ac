import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { drawCharts, launchBrowser, serverList, signedInPage, VIEWPORTS } from './browser';
import { post } from './seed';
import type { E2EUser } from './users';

const browser = await launchBrowser();
afterAll(() => browser.close());

const SHOTS = process.env.PHONE_SHOTS;

const signedIn = (user: E2EUser, viewport: { width: number; height: number }, dark = false) =>
  signedInPage(browser, user, viewport, dark);

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const widths = (page: Page) =>
  page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));

describe('on a phone (375 px)', () => {
  it('from /tasks, + → 记一笔 → 餐饮 → 35 → 保存 in 4 taps; 再记一笔 keeps the category', async () => {
    const page = await signedIn('phone', VIEWPORTS.phone);
    await page.goto('/tasks');
    await page.getByRole('heading', { name: '任务管理' }).waitFor();

    let taps = 0;
    const tap = async (locator: ReturnType<Page['getByRole']>) => {
      taps += 1;
      await locator.click();
    };
    await tap(page.getByRole('button', { name: '快速记录' }));
    await tap(page.getByRole('dialog', { name: '快速记录' }).getByRole('link', { name: '记一笔' }));
    const dialog = page.getByRole('dialog', { name: '添加记录' });
    await tap(dialog.getByRole('button', { name: '餐饮', exact: true }));
    // The number pad types into 金额, which has the focus.
    await dialog.getByLabel('金额').pressSequentially('35');
    await tap(dialog.getByRole('button', { name: '保存', exact: true }));
    await dialog.waitFor({ state: 'detached' });
    expect(taps).toBe(4);
    // Saved from the + sheet: back on 任务管理, where it was opened, with 已记一笔.
    await page.waitForURL((url) => url.pathname === '/tasks');
    await page.getByRole('alert').filter({ hasText: '已记一笔' }).waitFor();
    const saved = await eventually(
      () => serverList(page, '/api/accounts'),
      (list) => list.length === 1,
    );
    expect(saved).toMatchObject([{ type: 'expense', category: 'dining', amount: 35 }]);

    // Again: 餐饮 is chosen already (the last used); 12+8.5 is 20.50; 再记一笔 stays open.
    await page.getByRole('button', { name: '快速记录' }).click();
    await page
      .getByRole('dialog', { name: '快速记录' })
      .getByRole('link', { name: '记一笔' })
      .click();
    await expect(
      dialog.getByRole('button', { name: '餐饮', exact: true }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    await dialog.getByLabel('金额').fill('12+8.5');
    await dialog.getByText('= 20.50').waitFor();
    await dialog.getByRole('button', { name: '再记一笔' }).click();
    await dialog.getByText('已保存 1 条').waitFor();
    await expect(dialog.getByLabel('金额').inputValue()).resolves.toBe('');
    await expect(
      dialog.getByRole('button', { name: '餐饮', exact: true }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    const both = await eventually(
      () => serverList(page, '/api/accounts'),
      (list) => list.length === 2,
    );
    expect(both.map((a) => a.amount).sort()).toEqual([20.5, 35]);
    await page.context().close();
  });

  it('the bottom tabs and 更多 reach every screen', async () => {
    const page = await signedIn('phone', VIEWPORTS.phone);
    const tabs = page.getByRole('navigation', { name: '底部导航' });
    expect(await tabs.isVisible()).toBe(true);
    // docs/spec.md §2's menu button stays.
    expect(await page.getByRole('button', { name: '打开菜单' }).isVisible()).toBe(true);
    for (const [tab, heading, path] of [
      ['记账', '记账管理', '/accounting'],
      ['任务', '任务管理', '/tasks'],
      ['打卡', '打卡管理', '/checkin'],
      ['首页', /^今天 · /, '/'],
    ] as const) {
      await tabs.getByRole('link', { name: tab, exact: true }).click();
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      await expect(
        tabs.getByRole('link', { name: tab, exact: true }).getAttribute('aria-current'),
      ).resolves.toBe('page');
    }
    for (const [link, heading] of [
      ['资产管理', '资产管理'],
      ['健身记录', '健身记录'],
      ['时间管理', '时间管理'],
      ['设置', '设置'],
    ] as const) {
      await tabs.getByRole('button', { name: '更多' }).click();
      await page.getByRole('dialog', { name: '更多' }).getByRole('link', { name: link }).click();
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    }
    await tabs.getByRole('button', { name: '更多' }).click();
    await page.getByRole('dialog', { name: '更多' }).getByRole('button', { name: '同步' }).click();
    await page.getByRole('dialog', { name: '数据同步' }).waitFor();
    await page.context().close();
  });

  it('a 500-character unbroken text in every free-text field leaves no screen wider than 375 px', async () => {
    const page = await signedIn('phoneLong', VIEWPORTS.phone);
    // ASCII: a full-width Ｗ may break between any two, as a Chinese character does.
    const long = (n: number) => 'W'.repeat(n);
    // The fields' limits: 备注 500, names and task names 100 (the schema's maxima).
    await post(page, '/api/accounts', {
      type: 'expense',
      amount: 12,
      category: 'dining',
      description: long(500),
      date: new Date().toLocaleDateString('sv-SE'),
    });
    const assetBody = {
      type: 'asset',
      name: long(100),
      category: 'cash',
      amount: 100,
      description: long(500),
      date: new Date().toLocaleDateString('sv-SE'),
    };
    await post(page, '/api/assets', assetBody);
    await post(page, '/api/workouts', {
      type: 'running',
      duration: 30,
      notes: long(500),
      date: new Date().toLocaleDateString('sv-SE'),
    });
    await post(page, '/api/time-records', {
      task: long(100),
      category: 'work',
      duration: 600,
      date: new Date().toLocaleDateString('sv-SE'),
    });
    await post(page, '/api/recurring', {
      type: 'expense',
      amount: 10,
      category: 'housing',
      description: long(500),
      every: 1,
      unit: 'month',
      startDate: new Date().toLocaleDateString('sv-SE'),
      endDate: '',
    });
    await post(page, '/api/tasks', {
      title: long(100),
      description: long(500),
      priority: 'medium',
      category: 'work',
      completed: false,
    });
    // A habit's name (issue 60: the check-in cards, the week strip and its charts' legends).
    const habit = await post(page, '/api/checkin-tasks', {
      name: long(100),
      description: long(500),
      type: 'daily',
      frequency: 1,
      monthlyTarget: 30,
      category: 'health',
      kind: 'measurable',
      unit: long(10),
      target: 8,
    });
    await post(page, '/api/checkin-records', {
      taskId: habit.id,
      date: new Date().toLocaleDateString('sv-SE'),
      value: 3,
    });
    const wide: string[] = [];
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.tablet, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      for (const [path, heading] of [
        ['/', /^今天 · /],
        ['/accounting', '记账管理'],
        ['/assets', '资产管理'],
        ['/fitness', '健身记录'],
        ['/time', '时间管理'],
        ['/tasks', '任务管理'],
        ['/checkin', '打卡管理'],
        ['/settings', '设置'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await page.waitForTimeout(300);
        await drawCharts(page);
        const w = await widths(page);
        if (w.scroll > w.inner) wide.push(`${path} ${w.scroll}/${w.inner}`);
      }
    }
    await page.setViewportSize(VIEWPORTS.phone);
    // Every screen holds the width, at 375, 800 and 1280 px (今天 grew to 1,739 px at 375 before
    // its grids got one minmax(0, 1fr) column).
    expect(wide).toEqual([]);
    // Where such a text is cut with an ellipsis, a tap (or Enter) shows it whole and folds it
    // again: the 备注 of a ledger row and of 最近记录, the 周期记账 name, a workout's 备注, a
    // focus record's task. (A task's 描述 is one line of its row; the row opens the task's
    // details, where it is whole: below.)
    for (const [path, heading, cut] of [
      ['/accounting', '记账管理', 3],
      ['/fitness', '健身记录', 1],
      ['/time', '时间管理', 1],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const texts = page.locator('button[data-clamped]', { hasText: long(20) });
      await expect.poll(() => texts.count(), { message: path }).toBeGreaterThanOrEqual(cut);
      for (let i = 0; i < cut; i++) {
        const text = texts.nth(i);
        await text.scrollIntoViewIfNeeded();
        const folded = (await text.boundingBox())!.height;
        expect(await text.getAttribute('aria-expanded')).toBe('false');
        await text.click();
        expect(await text.getAttribute('aria-expanded'), path).toBe('true');
        // Whole: nothing of it is cut, it runs over several lines, and the page stays 375 px.
        expect(
          await text.evaluate(
            (b) => b.scrollWidth <= b.clientWidth && b.scrollHeight <= b.clientHeight,
          ),
        ).toBe(true);
        expect((await text.boundingBox())!.height, path).toBeGreaterThan(folded * 3);
        const w = await widths(page);
        expect(w.scroll, path).toBeLessThanOrEqual(w.inner);
        await text.focus();
        await page.keyboard.press('Enter');
        expect(await text.getAttribute('aria-expanded'), path).toBe('false');
        expect((await text.boundingBox())!.height).toBeLessThan(folded * 1.5);
      }
    }
    // 资产分布's drill-down lists the asset by name (issue 60: the card grew to 3,466 px).
    await page.goto('/assets');
    await page.getByRole('list', { name: '资产分布图例' }).getByRole('button').first().click();
    await page.getByRole('list', { name: '现金明细' }).waitFor();
    let w = await widths(page);
    expect(w.scroll).toBeLessThanOrEqual(w.inner);
    // The dialogs that show the name: 查看明细 and 修改历史.
    await page.goto('/assets');
    await page.getByRole('button', { name: '查看明细' }).click();
    const details = page.getByRole('dialog').first();
    await details.waitFor();
    w = await widths(page);
    expect(w.scroll).toBeLessThanOrEqual(w.inner);
    expect(await details.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    await page.keyboard.press('Escape');
    await page
      .getByRole('button', { name: /^修改历史/ })
      .first()
      .click();
    const history = page.getByRole('dialog').first();
    await history.waitFor();
    w = await widths(page);
    expect(w.scroll).toBeLessThanOrEqual(w.inner);
    expect(await history.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    await page.keyboard.press('Escape');
    // A task's row opens its details, its 描述 whole there.
    await page.goto('/tasks');
    await page.getByRole('button', { name: `编辑 ${long(100)}` }).click();
    const task = page.getByRole('dialog', { name: '编辑任务' });
    await expect.poll(() => task.getByLabel('描述').inputValue()).toBe(long(500));
    w = await widths(page);
    expect(w.scroll).toBeLessThanOrEqual(w.inner);
    expect(await task.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    await task.getByRole('button', { name: '取消' }).click();
    // 专注 on it while a pomodoro runs: 切换到「…」? names it, and wraps it.
    await page.goto('/time');
    await page.getByRole('button', { name: '番茄钟', exact: true }).click();
    await page.getByRole('button', { name: '开始番茄钟' }).click();
    await page.goto('/tasks');
    await page.getByRole('link', { name: `专注 ${long(100)}` }).click();
    const ask = page.getByRole('dialog', { name: `切换到「${long(100)}」?` });
    await ask.waitFor();
    w = await widths(page);
    expect(w.scroll).toBeLessThanOrEqual(w.inner);
    expect(await ask.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    await page.context().close();
  });
});

describe('at 1280 px', () => {
  it('the navigation bar is as before: no bottom tabs, the + in the corner', async () => {
    const page = await signedIn('phone', VIEWPORTS.desktop);
    expect(await page.getByRole('navigation', { name: '主导航' }).isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: '底部导航' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: '打开菜单' }).isVisible()).toBe(false);
    const plus = page.getByRole('button', { name: '快速记录' });
    expect(await plus.isVisible()).toBe(true);
    await plus.click();
    await page.getByRole('dialog', { name: '快速记录' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: '快速记录' }).waitFor({ state: 'detached' });
    await expect(
      page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
    ).resolves.toBe('快速记录');
    await page.context().close();
  });
});

// Screenshots for looking at (PHONE_SHOTS=<dir>): my screens, the + sheet and the entry dialog
// at 375, 800 and 1280 px, light and dark, and the tallest screen's height at 375 px.
describe.runIf(SHOTS)('screenshots', () => {
  it('takes them', async () => {
    mkdirSync(SHOTS!, { recursive: true });
    for (const dark of [false, true]) {
      for (const [size, viewport] of Object.entries(VIEWPORTS)) {
        const page = await signedIn('phone', viewport, dark);
        const tone = dark ? 'dark' : 'light';
        for (const path of ['/', '/accounting', '/assets', '/fitness', '/time', '/settings']) {
          await page.goto(path);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await page.waitForTimeout(400);
          await drawCharts(page);
          const name = path === '/' ? 'home' : path.slice(1);
          await page.screenshot({ path: `${SHOTS}/${name}-${size}-${tone}.png`, fullPage: true });
          if (size === 'phone' && !dark) {
            const h = await page.evaluate(() => document.documentElement.scrollHeight);
            console.log(`scrollHeight ${path} ${h}`);
          }
        }
        await page.getByRole('button', { name: '快速记录' }).click();
        await page.getByRole('dialog', { name: '快速记录' }).waitFor();
        await page.screenshot({ path: `${SHOTS}/sheet-${size}-${tone}.png` });
        await page
          .getByRole('dialog', { name: '快速记录' })
          .getByRole('link', { name: '记一笔' })
          .click();
        await page.getByRole('dialog', { name: '添加记录' }).waitFor();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${SHOTS}/entry-${size}-${tone}.png` });
        await page.context().close();
      }
    }
  }, 240_000);
});
