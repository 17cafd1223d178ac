import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { drawCharts, launchBrowser, login, openPage, screenshot, VIEWPORTS } from './browser';
import { browserToday, post, shiftDate } from './seed';

// Every route at 375, 800 and 1280 px, light and dark, with a realistic account (a home and a
// mortgage, so seven- and eight-digit totals): nothing may overflow the page, and the
// screenshots are there for a person to look at (screenshots/screens-*.png).

const browser = await launchBrowser();
afterAll(() => browser.close());

const ROUTES = [
  ['dashboard', '/', /^今天 · /],
  ['accounting', '/accounting', '记账管理'],
  ['assets', '/assets', '资产管理'],
  ['fitness', '/fitness', '健身记录'],
  ['time', '/time', '时间管理'],
  ['tasks', '/tasks', '任务管理'],
  ['checkin', '/checkin', '打卡管理'],
  ['not-found', '/no-such-page', '页面不存在'],
] as const;

const WIDTHS = [VIEWPORTS.phone, VIEWPORTS.tablet, VIEWPORTS.desktop];

async function seed(page: Page) {
  const today = await browserToday(page);
  const day = (n: number) => shiftDate(today, n);
  for (const [type, category, amount, date, description] of [
    ['expense', 'dining', 35, day(0), '午饭'],
    ['expense', 'transport', 12.5, day(0), '地铁'],
    ['expense', 'reimbursement', 268.9, day(-2), '出差打车'],
    ['expense', 'housing', 6800, day(-5), '房租'],
    ['income', 'salary', 18500, day(-3), ''],
    ['income', 'bonus', 0.01, day(0), '红包'],
  ] as const) {
    await post(page, '/api/accounts', { type, category, amount, date, description });
  }
  for (const [type, name, category, amount, date] of [
    ['asset', '自住房', 'real_estate', 12_500_000, day(-160)],
    ['asset', '招行储蓄', 'bank_deposit', 86_000, day(-100)],
    ['asset', '股票账户', 'stocks', 235_400.5, day(-40)],
    ['asset', '借给小王', 'receivables', 5_000, day(-70)],
    ['liability', '房贷', 'mortgage', 3_200_000, day(-160)],
    ['liability', '信用卡', 'credit_card', 4_235, day(-10)],
  ] as const) {
    await post(page, '/api/assets', { type, name, category, amount, date, description: '' });
  }
  for (const [type, duration, calories, date] of [
    ['running', 40, 380, day(0)],
    ['yoga', 30, 120, day(-1)],
    ['swimming', 45, 420, day(-3)],
    ['running', 35, 330, day(-5)],
  ] as const) {
    await post(page, '/api/workouts', { type, duration, calories, date, notes: '' });
  }
  for (const [task, category, duration, date] of [
    ['重构同步模块', 'programming', 5400, day(0)],
    ['阅读《深度工作》', 'reading', 2700, day(-1)],
    ['周报', 'writing', 1200, day(-2)],
  ] as const) {
    await post(page, '/api/time-records', { task, category, duration, date });
  }
  for (const [title, priority, dueDate, completed] of [
    ['交房租', 'high', day(0), false],
    ['准备季度汇报', 'medium', day(2), false],
    ['续签护照', 'low', '2099-12-31', false],
    ['报销出差费用', 'high', day(-3), false],
    ['买菜', 'low', '', true],
  ] as const) {
    // A completed task says when (the server refuses completed without completedAt).
    const completedAt = completed ? `${today}T08:00:00.000Z` : null;
    await post(page, '/api/tasks', {
      title,
      priority,
      category: 'work',
      dueDate,
      completed,
      completedAt,
    });
  }
  const early = await post(page, '/api/checkin-tasks', { name: '早起', category: 'habit' });
  await post(page, '/api/checkin-tasks', {
    name: '力量训练',
    type: 'weekly',
    frequency: 3,
    monthlyTarget: 12,
    category: 'health',
  });
  for (const n of [0, -1, -2, -4, -5]) {
    const date = day(n);
    if (date.slice(0, 7) === today.slice(0, 7)) {
      await post(page, '/api/checkin-records', { taskId: early.id, date });
    }
  }
}

/** Waits until the screen's data and charts are drawn. */
async function settled(page: Page, heading: string | RegExp) {
  await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.animate-spin'));
  await drawCharts(page);
  await page.waitForFunction(() => !document.querySelector('.animate-pulse, .animate-spin'));
}

/**
 * How far the page is wider than the window, once a resize has settled (a layout that needs a
 * moment after the window narrows is given 2 s), and the widest elements that reach beyond it,
 * to say in a failure what overflowed.
 */
async function overflow(page: Page) {
  await page
    .waitForFunction(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      undefined,
      { timeout: 2000 },
    )
    .catch(() => undefined);
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const culprits = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .slice(-5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} «${el.textContent?.slice(0, 30)}»`);
    return { by: document.documentElement.scrollWidth - width, culprits };
  });
}

describe('every route at 375, 800 and 1280 px, light and dark', () => {
  it('seeds the account once', async () => {
    const page = await openPage(browser, VIEWPORTS.desktop);
    await login(page, 'screens');
    await page.getByRole('heading', { name: /^今天 · / }).waitFor();
    await seed(page);
    await page.context().close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`${scheme}: nothing overflows, every figure fits its box`, async () => {
      const page = await openPage(browser, VIEWPORTS.phone, { colorScheme: scheme });
      await page.goto('/login');
      await page.getByRole('button', { name: '登录', exact: true }).waitFor();
      // The system's dark setting is followed from the first paint.
      await expect(
        page.evaluate(() => document.documentElement.classList.contains('dark')),
      ).resolves.toBe(scheme === 'dark');
      for (const viewport of WIDTHS) {
        await page.setViewportSize(viewport);
        await screenshot(page, `screens-login-${viewport.width}-${scheme}`);
      }
      await login(page, 'screens');
      await page.getByRole('heading', { name: /^今天 · / }).waitFor();
      for (const [name, path, heading] of ROUTES) {
        await page.goto(path);
        for (const viewport of WIDTHS) {
          await page.setViewportSize(viewport);
          await settled(page, heading);
          // The net worth is hidden until asked for: shown, it must fit too.
          if (name === 'dashboard') {
            const eye = page.getByRole('button', { name: '显示金额' });
            if (await eye.count()) await eye.click();
          }
          const { by, culprits } = await overflow(page);
          expect(by, `${path} at ${viewport.width}: ${culprits.join(' | ')}`).toBe(0);
          const unfit = await page.evaluate(() =>
            [...document.querySelectorAll<HTMLElement>('[data-money]')]
              .filter((box) => box.scrollWidth > box.clientWidth)
              .map((box) => box.textContent),
          );
          expect(unfit, `${path} at ${viewport.width}`).toEqual([]);
          await screenshot(page, `screens-${name}-${viewport.width}-${scheme}`);
        }
      }
      await page.context().close();
    });
  }
});
