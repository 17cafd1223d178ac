import dayjs from 'dayjs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  drawCharts,
  launchBrowser,
  login,
  openPage,
  pieDrawn,
  refusedAs,
  screenshot,
  VIEWPORTS,
} from './browser';

const browser = await launchBrowser();
afterAll(() => browser.close());

const daysAgo = (n: number) => dayjs().subtract(n, 'day').format('YYYY-MM-DD');

async function fillAsset(
  page: Page,
  fields: {
    type?: '资产' | '负债';
    name?: string;
    category?: string;
    amount?: string;
    date?: string;
  },
) {
  const dialog = page.getByRole('dialog');
  if (fields.type) await dialog.getByLabel('类型').selectOption({ label: fields.type });
  if (fields.name !== undefined) await dialog.getByLabel('名称').fill(fields.name);
  if (fields.category) await dialog.getByLabel('分类').selectOption({ label: fields.category });
  if (fields.amount !== undefined) await dialog.getByLabel('金额').fill(fields.amount);
  if (fields.date) await dialog.getByLabel(/^日期/).fill(fields.date);
  await dialog.getByRole('button', { name: '保存' }).click();
}

async function addAsset(page: Page, fields: Parameters<typeof fillAsset>[1]) {
  await page.getByRole('button', { name: '添加资产/负债' }).click();
  await page.getByRole('dialog', { name: '添加资产/负债' }).waitFor();
  await fillAsset(page, fields);
  await page.getByRole('dialog', { name: '添加资产/负债' }).waitFor({ state: 'detached' });
}

async function editAsset(page: Page, name: string, fields: Parameters<typeof fillAsset>[1]) {
  await page.getByRole('listitem', { name }).getByRole('button', { name: '编辑' }).click();
  await page.getByRole('dialog', { name: '编辑资产/负债' }).waitFor();
  await fillAsset(page, fields);
  await page.getByRole('dialog', { name: '编辑资产/负债' }).waitFor({ state: 'detached' });
}

/** Waits until a card shows `value`. */
async function cardShows(page: Page, title: string, value: string): Promise<Locator> {
  const card = page.getByRole('region', { name: title, exact: true });
  await card.getByText(value, { exact: true }).waitFor();
  return card;
}

describe('/assets against the real server', () => {
  // Room for a refusal that comes late and is made again (refusedAs).
  it('versions, history, totals, details, charts and failures', { timeout: 150_000 }, async () => {
    const page = await openPage(browser, VIEWPORTS.desktop);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await login(page, 'assets');
    await page.getByRole('heading', { name: /^今天 · / }).waitFor();
    await page.goto('/assets');
    await page.getByRole('heading', { name: '资产管理' }).waitFor();

    // Create, then edit twice: three versions, one row, only the latest counted.
    await addAsset(page, {
      name: '招行储蓄卡',
      category: '银行存款',
      amount: '10000',
      date: daysAgo(70),
    });
    await cardShows(page, '总资产', '¥10,000.00');
    // The first asset brings in the lazily loaded charts; let the layout settle before clicking.
    await drawCharts(page);
    await pieDrawn(page, 'figure[aria-label="资产分布"]');
    await page.locator('svg[role="img"] rect').first().waitFor();
    await editAsset(page, '招行储蓄卡', { amount: '12000', date: daysAgo(35) });
    await cardShows(page, '总资产', '¥12,000.00');
    await editAsset(page, '招行储蓄卡', {
      name: '招商银行储蓄卡',
      amount: '15000',
      date: daysAgo(0),
    });
    await cardShows(page, '总资产', '¥15,000.00');
    await expect(page.getByRole('listitem', { name: '招商银行储蓄卡' }).count()).resolves.toBe(1);

    await page
      .getByRole('listitem', { name: '招商银行储蓄卡' })
      .getByRole('button', { name: '修改历史' })
      .click();
    const history = page.getByRole('dialog', { name: '修改历史：招商银行储蓄卡' });
    const entries = history.getByRole('list', { name: '修改历史' }).locator(':scope > li');
    await entries.nth(2).waitFor();
    await expect(entries.count()).resolves.toBe(3);
    await expect(entries.nth(0).textContent()).resolves.toContain('¥12,000.00→改为¥15,000.00');
    await expect(entries.nth(2).textContent()).resolves.toContain('创建');
    await screenshot(page, 'assets-history-1280');
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });

    // A second asset for the pie, then a liability that turns the net worth red.
    await addAsset(page, { name: '股票账户', category: '股票', amount: '5000', date: daysAgo(3) });
    await cardShows(page, '净资产', '¥20,000.00');
    await addAsset(page, { type: '负债', name: '房贷', category: '房贷', amount: '30000' });
    const netWorth = await cardShows(page, '净资产', '-¥10,000.00');
    await expect(
      netWorth.locator('p', { hasText: '-¥10,000.00' }).getAttribute('class'),
    ).resolves.toContain('text-red-600');
    await cardShows(page, '总负债', '¥30,000.00');

    // 复制明细: the clipboard gets the latest versions as JSON.
    await page.getByRole('button', { name: '查看明细' }).click();
    const details = page.getByRole('dialog', { name: '总资产明细' });
    await details.getByRole('button', { name: '复制明细' }).click();
    await page.getByRole('alert').filter({ hasText: '明细已复制到剪贴板' }).waitFor();
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
    expect(copied.scope).toBe('latest-version');
    expect(copied.total).toBe(20000);
    expect(
      copied.items.map((i: { name: string; version: number }) => [i.name, i.version]).sort(),
    ).toEqual([
      ['招商银行储蓄卡', 3],
      ['股票账户', 1],
    ]);
    const card = copied.items.find((i: { version: number }) => i.version === 3);
    expect(Object.keys(card).sort()).toEqual([
      'amount',
      'category',
      'id',
      'name',
      'originalId',
      'version',
    ]);
    expect(card.originalId).not.toBe(card.id);

    // When the clipboard refuses, the JSON stays on screen, selected.
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
    });
    await details.getByRole('button', { name: '复制明细' }).click();
    await page.getByRole('alert').filter({ hasText: '复制失败，请手动选择文本复制' }).waitFor();
    const manual = details.getByLabel('明细 JSON');
    await manual.waitFor();
    expect(JSON.parse(await manual.inputValue()).total).toBe(20000);
    await page.waitForFunction(() => {
      const area = document.activeElement as HTMLTextAreaElement | null;
      return (
        area?.tagName === 'TEXTAREA' &&
        area.selectionEnd - area.selectionStart === area.value.length
      );
    });
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });

    // The trend: all categories first, then only 股票 (one month of value).
    const trend = page.getByRole('table', { name: '月度资产趋势明细' });
    await trend.locator('tbody tr').nth(2).waitFor();
    const allMonths = await trend.locator('tbody tr').count();
    expect(allMonths).toBeGreaterThanOrEqual(3);
    await expect(trend.locator('tbody tr').last().textContent()).resolves.toContain('¥20,000.00');
    await page.getByLabel('资产分类').selectOption({ label: '股票' });
    await page.waitForFunction(
      () => document.querySelectorAll('table[aria-label="月度资产趋势明细"] tbody tr').length === 1,
    );
    await expect(trend.locator('tbody tr').first().textContent()).resolves.toContain('¥5,000.00');
    await page.getByLabel('资产分类').selectOption({ label: '全部' });
    await page.waitForFunction(
      (n) =>
        document.querySelectorAll('table[aria-label="月度资产趋势明细"] tbody tr').length === n,
      allMonths,
    );

    // The pie: a slice opens its category, 返回总览 goes back.
    const pie = page.locator('figure[aria-label="资产分布"]');
    await drawCharts(page);
    await pieDrawn(page, 'figure[aria-label="资产分布"]');
    await page.waitForFunction(() => document.querySelectorAll('svg[role="img"] rect').length > 0);
    await screenshot(page, 'assets-1280');
    // The largest slice (银行存款, 75%) names itself and its figure on hover. It runs clockwise
    // from 12 o'clock, so its ring passes the bottom: the ring is the outer 45 % of a radius
    // of half the drawing's height less a 16 px margin. A click there opens it.
    const bank = pie.locator('path', { has: page.locator('title', { hasText: '银行存款：' }) });
    await expect(bank.locator('title').textContent()).resolves.toBe('银行存款：¥15,000.00');
    const box = await pie.locator('svg').boundingBox();
    if (!box) throw new Error('the pie has no drawing');
    const radius = (Math.min(box.width, box.height) - 32) / 2;
    await pie.locator('svg').click({
      position: { x: box.width / 2, y: box.height / 2 + radius * 0.78 },
    });
    await page.getByRole('heading', { name: '资产分布 · 银行存款' }).waitFor();
    await page.getByText('¥15,000.00').first().waitFor();
    await page.getByRole('button', { name: '返回总览' }).click();
    await page.getByRole('heading', { name: '资产分布', exact: true }).waitFor();
    await pie.waitFor();

    // A failed save keeps the dialog and what was typed.
    await page.route('**/api/assets', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 422, json: { error: '磁盘已满' } })
        : route.fallback(),
    );
    await refusedAs(
      page,
      async () => {
        await page.getByRole('button', { name: '添加资产/负债' }).click();
        await fillAsset(page, { name: '现金', category: '现金', amount: '300' });
      },
      '保存资产失败：磁盘已满，请重试',
    );
    const dialog = page.getByRole('dialog', { name: '添加资产/负债' });
    await expect(dialog.getByLabel('名称').inputValue()).resolves.toBe('现金');
    await page.unroute('**/api/assets');
    // The retry goes through once the server is back.
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    await cardShows(page, '总资产', '¥20,300.00');

    // Delete: refused once, then the whole chain goes.
    const deleteCash = async () => {
      await page
        .getByRole('listitem', { name: '现金' })
        .getByRole('button', { name: '删除' })
        .click();
      await page
        .getByRole('dialog', { name: '请确认' })
        .getByRole('button', { name: '删除' })
        .click();
    };
    await page.route('**/api/assets/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 422, json: { error: '服务不可用' } })
        : route.fallback(),
    );
    await refusedAs(page, deleteCash, '删除资产失败：服务不可用，请重试');
    await page.unroute('**/api/assets/*');
    await deleteCash();
    await page.getByRole('listitem', { name: '现金' }).waitFor({ state: 'detached' });
    await cardShows(page, '总资产', '¥20,000.00');

    await page.setViewportSize(VIEWPORTS.tablet);
    await page.reload();
    await cardShows(page, '总资产', '¥20,000.00');
    await drawCharts(page);
    await pieDrawn(page, 'figure[aria-label="资产分布"]');
    await screenshot(page, 'assets-800');
    await page.setViewportSize(VIEWPORTS.phone);
    await page.reload();
    await cardShows(page, '总资产', '¥20,000.00');
    await drawCharts(page);
    await pieDrawn(page, 'figure[aria-label="资产分布"]');
    await screenshot(page, 'assets-375');
    await page.getByRole('button', { name: '添加资产/负债' }).click();
    await page.getByRole('dialog', { name: '添加资产/负债' }).waitFor();
    await screenshot(page, 'assets-form-375');
    await page.context().close();
  });
});
