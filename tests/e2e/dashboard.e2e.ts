import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, openPage, screenshot, VIEWPORTS } from './browser';
import { eventually, post, shiftDate } from './seed';

// 今天, 日历 and 日历订阅 (issue 59) against the real server, in Chromium at 375 and 1280 px,
// light and dark. The page runs on a fixed clock, 10:00 of the machine's day (the server's
// "today" is the browser's, docs/architecture.md, Decisions "Dates"), so nothing turns at midnight during a run.

const browser: Browser = await launchBrowser();
afterAll(() => browser.close());

const NOW = dayjs().hour(10).minute(0).second(0).millisecond(0);
const TODAY = NOW.format('YYYY-MM-DD');
const YESTERDAY = shiftDate(TODAY, -1);
/** '12月6日': how 今天's heading and 日历's day cells name a date. */
const dayName = (date: string) => `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;

type Viewport = { width: number; height: number };

async function open(viewport: Viewport, colorScheme: 'light' | 'dark' = 'light', path = '/') {
  const page = await openPage(browser, viewport, { colorScheme });
  await page.clock.install({ time: NOW.toDate() });
  await login(page, 'dashboard');
  await page.getByRole('heading', { name: /^今天 · / }).waitFor();
  if (path !== '/') await page.goto(path);
  return page;
}

async function get<T>(page: Page, path: string): Promise<T> {
  const session = await page.evaluate(() => ({
    token: localStorage.getItem('authToken'),
    user: JSON.parse(localStorage.getItem('currentUser') ?? '{}').username as string,
  }));
  const res = await page.request.get(path, {
    headers: { Authorization: `Bearer ${session.token}`, 'x-user-id': session.user },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as T;
}

async function put(page: Page, path: string, body: object) {
  const session = await page.evaluate(() => ({
    token: localStorage.getItem('authToken'),
    user: JSON.parse(localStorage.getItem('currentUser') ?? '{}').username as string,
  }));
  const res = await page.request.put(path, {
    data: body,
    headers: { Authorization: `Bearer ${session.token}`, 'x-user-id': session.user },
  });
  expect(res.status()).toBe(200);
}

interface TaskRow {
  id: string;
  title: string;
  dueDate: string;
  completed: boolean;
}

describe('今天', () => {
  it('greets a new account with 欢迎 and its card, dismissed for good with one tap', async () => {
    const page = await open(VIEWPORTS.phone);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading.textContent()).resolves.toMatch(
      new RegExp(`^今天 · ${dayName(TODAY)} 周[一二三四五六日]$`),
    );
    await page.getByText('欢迎，首页测试！').waitFor();
    await page.getByRole('region', { name: '今日任务' }).getByText('今天没有任务').waitFor();
    const welcome = page.getByRole('region', { name: '欢迎使用个人管理系统' });
    await welcome.waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await screenshot(page, 'today-empty-375');
    await welcome.getByRole('button', { name: '关闭欢迎' }).click();
    await welcome.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByText('欢迎回来，首页测试！').waitFor();
    await expect(page.getByRole('region', { name: '欢迎使用个人管理系统' }).count()).resolves.toBe(
      0,
    );
    await page.context().close();
  });

  it('orders the day, ticks a repeating task and a habit through to the server', async () => {
    const page = await open(VIEWPORTS.desktop);
    await post(page, '/api/tasks', { title: '交水电费', dueDate: YESTERDAY, priority: 'high' });
    await post(page, '/api/tasks', {
      title: '下午开会',
      dueDate: TODAY,
      dueTime: '15:00',
      reminders: [30],
    });
    await post(page, '/api/tasks', { title: '晨会', dueDate: TODAY, dueTime: '09:30' });
    await post(page, '/api/tasks', {
      title: '每日复盘',
      dueDate: TODAY,
      repeat: 'FREQ=DAILY',
    });
    await post(page, '/api/tasks', { title: '明天的事', dueDate: shiftDate(TODAY, 1) });
    const run = await post(page, '/api/checkin-tasks', { name: '晨跑', type: 'daily' });
    await post(page, '/api/checkin-tasks', {
      name: '喝水',
      type: 'daily',
      kind: 'measurable',
      target: 8,
      unit: '杯',
    });
    await post(page, '/api/accounts', {
      type: 'expense',
      amount: 30,
      category: 'dining',
      date: YESTERDAY,
      description: '昨晚夜宵',
    });
    await post(page, '/api/accounts', {
      type: 'expense',
      amount: 25.5,
      category: 'dining',
      date: TODAY,
      description: '午饭',
    });
    await post(page, '/api/accounts', {
      type: 'income',
      amount: 100,
      category: 'part_time',
      date: TODAY,
      description: '',
    });
    await post(page, '/api/time-records', {
      task: '写周报',
      category: 'work',
      duration: 1800,
      date: TODAY,
    });
    await post(page, '/api/workouts', { type: 'running', duration: 30, date: TODAY });
    await page.reload();

    const tasks = page.getByRole('region', { name: /^今日任务/ });
    await tasks.getByText('每日复盘').waitFor();
    await expect(tasks.getByRole('listitem').allTextContents()).resolves.toEqual([
      expect.stringMatching(/^交水电费已逾期/),
      expect.stringMatching(/^晨会09:30/),
      expect.stringMatching(/^下午开会15:00/),
      expect.stringMatching(/^每日复盘/),
    ]);
    await expect(tasks.getByRole('link', { name: '查看全部' }).getAttribute('href')).resolves.toBe(
      '/tasks',
    );

    // 今日收支 is today's only; 累计结余 counts yesterday's supper too.
    const money = page.getByRole('region', { name: '今日收支' });
    await expect.poll(() => money.textContent()).toContain('收入 ¥100.00 · 支出 ¥25.50');
    await expect(money.textContent()).resolves.toContain('¥74.50');
    await expect
      .poll(() => page.getByRole('region', { name: '累计结余' }).textContent())
      .toContain('¥44.50');
    await expect
      .poll(() => page.getByRole('region', { name: '专注' }).textContent())
      .toContain('30');
    await expect
      .poll(() => page.getByRole('region', { name: '运动' }).textContent())
      .toContain('跑步 30 分钟');
    await page.getByRole('region', { name: '接下来' }).getByText('14:30').waitFor();
    await screenshot(page, 'today-1280');

    // A repeating task rolls on: done today, its next occurrence due tomorrow, on the server.
    await tasks.getByRole('checkbox', { name: '每日复盘' }).check();
    await eventually(
      () => get<TaskRow[]>(page, '/api/tasks'),
      (list) =>
        list.some((t) => t.title === '每日复盘' && t.dueDate === TODAY && t.completed) &&
        list.some(
          (t) => t.title === '每日复盘' && t.dueDate === shiftDate(TODAY, 1) && !t.completed,
        ),
      10_000,
    );
    await expect(tasks.getByRole('checkbox', { name: '每日复盘' }).isChecked()).resolves.toBe(true);

    // A habit: one tap checks in, on the server; a measurable one counts up.
    const habits = page.getByRole('region', { name: /^今日打卡/ });
    await habits.getByRole('button', { name: '打卡 晨跑' }).click();
    await habits.getByRole('button', { name: '取消打卡 晨跑' }).waitFor();
    await eventually(
      () => get<{ taskId: string; date: string }[]>(page, '/api/checkin-records'),
      (list) => list.some((r) => r.taskId === run.id && r.date === TODAY),
      10_000,
    );
    await habits.getByRole('button', { name: '喝水 +1' }).click();
    await habits.getByText('1/8 杯').waitFor();
    await page.context().close();
  });

  for (const [name, viewport, scheme] of [
    ['today-375', VIEWPORTS.phone, 'light'],
    ['today-375-dark', VIEWPORTS.phone, 'dark'],
    ['today-1280-dark', VIEWPORTS.desktop, 'dark'],
  ] as const) {
    it(`draws the day with data: ${name}`, async () => {
      const page = await open(viewport, scheme);
      const tasks = page.getByRole('region', { name: /^今日任务/ });
      await tasks.getByText('每日复盘').waitFor();
      if (viewport === VIEWPORTS.phone) {
        // On a phone the tasks and habits come first, before any figure.
        const order = await page.evaluate(() =>
          [...document.querySelectorAll('main h2')].map((h) => h.textContent ?? ''),
        );
        expect(order[0]).toMatch(/^今日任务/);
        expect(order[1]).toMatch(/^今日打卡/);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBe(0);
      }
      await page.getByRole('region', { name: '累计结余' }).getByText('¥44.50').waitFor();
      await screenshot(page, name);
      await page.context().close();
    });
  }
});

describe('日历', () => {
  it("opens a day's agenda with its task, entry and focus session, month and week", async () => {
    const page = await open(VIEWPORTS.desktop, 'light', '/calendar');
    await page.getByRole('heading', { name: '日历', level: 1 }).waitFor();
    const cell = page.getByRole('button', { name: new RegExp(`^${dayName(TODAY)}，今天`) });
    await cell.click();
    // The day's agenda, not the week's section (named 12月7日 – 12月13日 when today starts it).
    const agenda = page.getByRole('region', { name: new RegExp(`^${dayName(TODAY)} 周`) });
    await agenda.getByText('下午开会').waitFor();
    await agenda.getByText('午饭').waitFor();
    await agenda.getByText('写周报').waitFor();
    await expect(agenda.textContent()).resolves.toContain('收入 ¥100.00 · 支出 ¥25.50');
    await expect(agenda.textContent()).resolves.toContain('共 30 分钟');
    await screenshot(page, 'calendar-month-1280');

    // Tomorrow holds the daily series' next row; the day after, a projected occurrence.
    await page
      .getByRole('button', { name: new RegExp(`^${dayName(shiftDate(TODAY, 2))}`) })
      .first()
      .click();
    const later = page.getByRole('region', {
      name: new RegExp(`^${dayName(shiftDate(TODAY, 2))} 周`),
    });
    await later.getByText('重复 · 预计').waitFor();
    await screenshot(page, 'calendar-agenda-1280');

    // Add a task for a day from its agenda.
    await later.getByRole('button', { name: '添加任务' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('标题').fill('日历里加的任务');
    await dialog.getByRole('button', { name: '保存' }).click();
    await later.getByText('日历里加的任务').waitFor();
    await eventually(
      () => get<TaskRow[]>(page, '/api/tasks'),
      (list) => list.some((t) => t.title === '日历里加的任务' && t.dueDate === shiftDate(TODAY, 2)),
      10_000,
    );

    await page.getByRole('button', { name: '周', exact: true }).click();
    await expect(page.getByRole('button', { name: /^\d+月\d+日/ }).count()).resolves.toBe(7);
    await page.getByRole('button', { name: '今天', exact: true }).click();
    await agenda.getByText('下午开会').waitFor();
    await screenshot(page, 'calendar-week-1280');
    await page.context().close();
  });

  for (const [name, scheme] of [
    ['calendar-month-375', 'light'],
    ['calendar-month-375-dark', 'dark'],
  ] as const) {
    it(`fits a phone: ${name}`, async () => {
      const page = await open(VIEWPORTS.phone, scheme, '/calendar');
      await page.getByRole('button', { name: new RegExp(`^${dayName(TODAY)}，今天`) }).click();
      await page
        .getByRole('region', { name: new RegExp(`^${dayName(TODAY)}`) })
        .getByText('午饭')
        .waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await screenshot(page, name);
      await page.context().close();
    });
  }

  it('is reached from 更多 on a phone', async () => {
    const page = await open(VIEWPORTS.phone);
    await page.getByRole('button', { name: '更多' }).click();
    await page.getByRole('dialog', { name: '更多' }).getByRole('link', { name: '日历' }).click();
    await page.getByRole('heading', { name: '日历', level: 1 }).waitFor();
    await page.context().close();
  });
});

describe('日历订阅', () => {
  it('serves the feed without a session, and 404 once the link is reset', async () => {
    const page = await open(VIEWPORTS.desktop, 'light', '/settings?section=calendar');
    // The user's zone as 设置 → 通知 records it: the feed writes times in it, with its TZID.
    await put(page, '/api/settings', { notifications: { timeZone: 'Asia/Shanghai' } });
    const card = page.getByRole('region', { name: '日历订阅' });
    await card.getByRole('button', { name: '生成订阅链接' }).click();
    const url = await card.getByLabel('订阅链接').inputValue();
    expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    await card.getByRole('button', { name: '复制链接' }).waitFor();
    await screenshot(page, 'calendar-feed-1280');

    // A fresh request context: no token, no cookie, as a phone's calendar app asks.
    const outsider = await browser.newContext();
    const feed = await outsider.request.get(url);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const text = await feed.text();
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain('SUMMARY:下午开会');
    expect(text).toContain(`DTSTART;TZID=Asia/Shanghai:${TODAY.replaceAll('-', '')}T150000`);
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Asia/Shanghai');
    expect(text).toContain(`DTSTART;VALUE=DATE:${TODAY.replaceAll('-', '')}`);
    expect(text).toContain('RRULE:FREQ=DAILY');

    await card.getByRole('button', { name: '重置链接' }).click();
    await card.getByRole('button', { name: '确定重置' }).click();
    await expect.poll(() => card.getByLabel('订阅链接').inputValue()).not.toBe(url);
    expect((await outsider.request.get(url)).status()).toBe(404);
    const renewed = await card.getByLabel('订阅链接').inputValue();
    expect((await outsider.request.get(renewed)).status()).toBe(200);
    await outsider.close();
    await page.context().close();
  });

  it('draws on a phone in the dark', async () => {
    const page = await open(VIEWPORTS.phone, 'dark', '/settings?section=calendar');
    const card = page.getByRole('region', { name: '日历订阅' });
    await card.getByRole('button', { name: '重置链接' }).waitFor();
    await screenshot(page, 'calendar-feed-375-dark');
    await page.context().close();
  });
});
