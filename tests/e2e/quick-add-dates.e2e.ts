import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, VIEWPORTS } from './browser';
import { ownContext, ownServer } from './own-server';
import { eventually } from './seed';
import { E2E_PASSWORD } from './users';

// Issue 60's "must show": on a phone whose clock says Sunday, and then Monday, `下周一 开会`
// typed into quick add is saved for the Monday of the next Monday-to-Sunday week (chrono alone
// gave Sunday 12/6 → 12/14). A server of this file's own, so its user's tasks are only ours
// (the users of tests/e2e/users.ts are shared out one per file).

const USER = 'tasks';
const browser = await launchBrowser();
const server = await ownServer([USER]);
afterAll(async () => {
  await browser.close();
  await server.dispose();
});

type Row = {
  id: string;
  title: string;
  dueDate: string;
  dueTime: string;
  priority: string;
  reminders: number[];
};

/** The server's list, read from Node: what was saved, whatever the page shows. */
async function serverTasks(): Promise<Row[]> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: USER, password: E2E_PASSWORD }),
  });
  const { token } = (await res.json()) as { token: string };
  const list = await fetch(`${server.url}/api/tasks`, {
    headers: { authorization: `Bearer ${token}`, 'x-user-id': USER },
  });
  return (await list.json()) as Row[];
}

// The page's clock is set near the real one (the last Sunday, 09:00 on the machine's zone,
// which the page shares): the sign-in's session and the sync stamps are the server's, on the
// real clock, and a page years away from it would be testing something else.
const lastSunday = dayjs().subtract(dayjs().day(), 'day').hour(9).minute(0).second(0);
const DAYS = [
  { name: '周日', at: lastSunday, nextMonday: lastSunday.add(1, 'day') },
  { name: '周一', at: lastSunday.add(1, 'day'), nextMonday: lastSunday.add(8, 'day') },
];

async function phoneAt(at: dayjs.Dayjs): Promise<Page> {
  const { page } = await ownContext(browser, server, VIEWPORTS.phone);
  // Time flows from `at` at the real pace (timers run, stamps advance), only the date is set.
  await page.clock.install({ time: at.toDate() });
  await login(page, USER);
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/tasks');
  await page.getByRole('heading', { name: '任务管理' }).waitFor();
  return page;
}

const field = (page: Page) => page.getByRole('textbox', { name: '快速添加任务' });
const chips = (page: Page) => page.getByRole('list', { name: '识别结果' });

describe('下周一 in quick add at 375 px', () => {
  for (const { name, at, nextMonday } of DAYS) {
    it(`on ${name} ${at.format('M/D')} is saved for ${nextMonday.format('M/D')}`, async () => {
      const page = await phoneAt(at);
      expect(await page.evaluate(() => new Date().getDay())).toBe(at.day());
      const before = new Set((await serverTasks()).map((t) => t.id));

      await field(page).fill('下周一 开会');
      await chips(page)
        .getByText(`${nextMonday.format('M月D日')} 周一`)
        .waitFor();
      await field(page).press('Enter');
      await expect.poll(() => field(page).inputValue()).toBe('');

      const saved = await eventually(
        () => serverTasks().then((list) => list.filter((t) => !before.has(t.id))),
        (added) => added.length === 1,
        20_000,
      );
      expect(saved.map((t) => [t.title, t.dueDate, t.dueTime])).toEqual([
        ['开会', nextMonday.format('YYYY-MM-DD'), ''],
      ]);
      // And the list shows it under its title.
      await page.getByRole('listitem', { name: '开会' }).first().waitFor();
      await page.context().close();
    });
  }

  it('reads a date, a time, a priority and a reminder out of one line (screenshot)', async () => {
    const page = await phoneAt(lastSunday);
    await field(page).fill('下周一上午10点 开会 !! 提前1小时提醒');
    const list = chips(page);
    await list.getByText('优先级 中').waitFor();
    await list.getByText('提前1小时提醒').waitFor();
    await list.getByText(`${lastSunday.add(1, 'day').format('M月D日')} 周一 10:00`).waitFor();
    await field(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'screenshots/quick-add-dates-375.png' });
    await field(page).press('Enter');
    const saved = await eventually(
      () => serverTasks().then((l) => l.filter((t) => t.dueTime === '10:00')),
      (l) => l.length === 1,
      20_000,
    );
    expect(saved[0]).toMatchObject({
      title: '开会',
      dueDate: lastSunday.add(1, 'day').format('YYYY-MM-DD'),
      priority: 'medium',
      reminders: [60],
    });
    await page.context().close();
  });
});
