import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, openPage, screenshot, VIEWPORTS } from './browser';
import { post } from './seed';

const browser = await launchBrowser();
afterAll(() => browser.close());

async function openDashboard(viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const page = await openPage(browser, viewport);
  await login(page, 'dashboard');
  await page.getByRole('heading', { name: '欢迎回来！' }).waitFor();
  await page.getByRole('region', { name: '今日收支' }).waitFor();
  return page;
}

const today = (page: Page) => page.evaluate(() => new Date().toLocaleDateString('sv-SE'));

describe('home dashboard against the real server', () => {
  it('shows the figures, and the net-worth eye masks and unmasks', async () => {
    const page = await openDashboard();
    const date = await today(page);
    await post(page, '/api/accounts', {
      type: 'income',
      amount: 500,
      category: 'salary',
      date,
      description: '',
    });
    await post(page, '/api/accounts', {
      type: 'expense',
      amount: 620.4,
      category: 'housing',
      date,
      description: '',
    });
    await post(page, '/api/workouts', { type: 'running', duration: 40, date });
    await post(page, '/api/tasks', {
      title: '写周报',
      completed: true,
      completedAt: `${date}T08:00:00.000Z`,
    });
    await post(page, '/api/tasks', { title: '买菜', completed: false });
    await post(page, '/api/time-records', {
      task: '专注时间',
      category: 'work',
      duration: 7260,
      date,
    });
    for (const [type, category, amount] of [
      ['asset', 'bank_deposit', 52000],
      ['liability', 'credit_card', 1234.56],
    ] as const) {
      await post(page, '/api/assets', {
        type,
        name: category,
        category,
        amount,
        date,
        description: '',
      });
    }
    await page.reload();

    const balance = page.getByRole('region', { name: '今日收支' });
    await balance.getByText('-¥120.40').waitFor();
    await expect(balance.textContent()).resolves.toContain('全部记录：收入 ¥500.00 · 支出 ¥620.40');
    await expect(balance.locator('p').first().getAttribute('class')).resolves.toContain(
      'text-red-600',
    );
    // Each card's figure comes when its list has caught up after the reload (a card may show
    // the figure kept from the last visit first): polled, not read once.
    const card = (name: string) => () => page.getByRole('region', { name }).textContent();
    await expect.poll(card('今日运动')).toContain('1 次');
    await expect.poll(card('任务进度')).toContain('1/2完成率 50%');
    await expect.poll(card('专注时间')).toContain('121 分钟');

    const netWorth = page.getByRole('region', { name: '净资产' });
    await expect(netWorth.textContent()).resolves.toBe('净资产¥****资产 ¥**** · 负债 ¥****');
    await netWorth.getByRole('button', { name: '显示金额' }).click();
    await netWorth.getByText('¥50,765.44', { exact: true }).waitFor();
    await expect(netWorth.textContent()).resolves.toContain('资产 ¥52,000.00 · 负债 ¥1,234.56');
    await screenshot(page, 'dashboard-1280');
    await netWorth.getByRole('button', { name: '隐藏金额' }).click();
    await netWorth.getByText('¥****', { exact: true }).waitFor();
    await expect(netWorth.textContent()).resolves.not.toContain('50,765.44');

    const goals = page.getByRole('region', { name: '今日目标' });
    await expect(goals.getByRole('listitem').allTextContents()).resolves.toEqual([
      '控制支出在预算内已超支今日支出 ¥620.40 / 日预算 ¥200.00',
      '完成一次运动已完成今日运动 1 次',
      '专注工作2小时已完成已专注 121 / 120 分钟',
    ]);
    await page.context().close();
  });

  it('the clock ticks every second', async () => {
    const page = await openDashboard(VIEWPORTS.tablet);
    const clock = page.getByRole('timer', { name: '当前时间' });
    const first = await clock.textContent();
    expect(first).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    await page.waitForFunction(
      (shown) => document.querySelector('[role="timer"]')?.textContent !== shown,
      first,
      { timeout: 2500 },
    );
    await screenshot(page, 'dashboard-800');
    await page.context().close();
  });

  it('fits a phone', async () => {
    const page = await openDashboard(VIEWPORTS.phone);
    await page.getByRole('region', { name: '快捷操作' }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await screenshot(page, 'dashboard-375');
    await page.context().close();
  });
});
