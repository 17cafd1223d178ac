import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  closeWhenSent,
  launchBrowser,
  login,
  openPage,
  refusedAs,
  screenshot,
  VIEWPORTS,
} from './browser';

const browser = await launchBrowser();
afterAll(() => browser.close());

async function openAccounting(viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const page = await openPage(browser, viewport);
  await login(page, 'accounting');
  await page.getByRole('heading', { name: /^今天 · / }).waitFor();
  await page.goto('/accounting');
  await page.getByRole('heading', { name: '记账管理' }).waitFor();
  await page.getByRole('region', { name: '今日支出' }).waitFor();
  return page;
}

/** Waits until a card shows `value`, however long the refetch takes. */
async function cardShows(page: Page, title: string, value: string) {
  await page.getByRole('region', { name: title }).getByText(value, { exact: true }).waitFor();
}

async function addRecord(
  page: Page,
  record: { type: '支出' | '收入'; amount: string; category: string; note?: string },
) {
  await page.getByRole('button', { name: '添加记录' }).click();
  const dialog = page.getByRole('dialog', { name: '添加记录' });
  await dialog.waitFor();
  // 类型 is a segmented control, one tap (a radio group under the hood).
  await dialog
    .getByRole('radiogroup', { name: '类型' })
    .getByRole('radio', { name: record.type })
    .click();
  await dialog.getByLabel('金额').fill(record.amount);
  await dialog
    .getByRole('group', { name: '分类' })
    .getByRole('button', { name: record.category, exact: true })
    .click();
  if (record.note) await dialog.getByLabel('备注').fill(record.note);
  await dialog.getByRole('button', { name: '保存' }).click();
  return dialog;
}

const recentRows = (page: Page) =>
  page.getByRole('region', { name: '最近记录' }).getByRole('listitem');

describe('/accounting against the real server', () => {
  it('adds, keeps across a reload, edits and deletes records', async () => {
    const page = await openAccounting();
    await page.getByText('暂无记录，点击上方按钮添加第一条记录').waitFor();

    const expenseDialog = await addRecord(page, {
      type: '支出',
      amount: '35.5',
      category: '餐饮',
      note: '午餐',
    });
    await expenseDialog.waitFor({ state: 'detached' });
    await cardShows(page, '今日支出', '¥35.50');
    await cardShows(page, '本月支出', '¥35.50');

    await addRecord(page, { type: '收入', amount: '1000', category: '工资', note: '十一月' });
    await cardShows(page, '今日收入', '¥1,000.00');
    await cardShows(page, '本月收入', '¥1,000.00');

    const reimbursed = await addRecord(page, {
      type: '支出',
      amount: '88.8',
      category: '报销',
      note: '出差打车',
    });
    await cardShows(page, '报销支出', '¥88.80');
    await cardShows(page, '今日支出', '¥124.30');
    // The cards show the record before the server has it; the dialog closes once it does, and
    // takes its history entry back then: a reload in that moment is aborted.
    await reimbursed.waitFor({ state: 'detached' });

    await page.reload();
    await cardShows(page, '今日支出', '¥124.30');
    await cardShows(page, '今日收入', '¥1,000.00');
    await recentRows(page).nth(2).waitFor();
    expect(await recentRows(page).count()).toBe(3);
    await expect(recentRows(page).first().textContent()).resolves.toContain('-¥88.80');

    // Edit the income: the dialog comes pre-filled, selects included.
    const income = recentRows(page).filter({ hasText: '十一月' });
    await income.getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog', { name: '编辑记录' });
    await edit.waitFor();
    await expect(edit.getByRole('radio', { name: '收入' }).isChecked()).resolves.toBe(true);
    await expect(
      edit.getByRole('button', { name: '工资', exact: true }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    // Shown as money is written: two decimals.
    await expect(edit.getByLabel('金额').inputValue()).resolves.toBe('1000.00');
    await edit.getByLabel('金额').fill('1200.5');
    await edit.getByRole('button', { name: '保存' }).click();
    await edit.waitFor({ state: 'detached' });
    await cardShows(page, '今日收入', '¥1,200.50');
    await screenshot(page, 'accounting-1280');

    // 近12个月收支: each bar names its month, series and figure on hover. This month's 结余
    // (¥1,200.50 − ¥124.30) is the last bar drawn.
    const chart = page.locator('[role="img"][aria-label$="的12个月收入、支出与结余"]');
    await chart.locator('rect').first().waitFor({ state: 'attached' });
    const bars = await chart.locator('rect title').allTextContents();
    expect(bars).toHaveLength(36);
    expect(bars.at(-1)).toMatch(/^\d+月 结余：¥1,076\.20$/);

    // Delete the lunch after confirming.
    await recentRows(page)
      .filter({ hasText: '午餐' })
      .getByRole('button', { name: '删除' })
      .click();
    const confirm = page.getByRole('dialog', { name: '请确认' });
    await confirm.getByRole('button', { name: '删除' }).click();
    await cardShows(page, '今日支出', '¥88.80');
    await recentRows(page).filter({ hasText: '午餐' }).waitFor({ state: 'detached' });
    await closeWhenSent(page);
  });

  // Room for a refusal that comes late and is made again (refusedAs).
  it('a create the server refuses alerts, keeps the dialog and stores nothing', {
    timeout: 150_000,
  }, async () => {
    const page = await openAccounting();
    await page.route('**/api/accounts', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 422, json: { error: 'x' } })
        : route.fallback(),
    );
    const before = await recentRows(page).count();
    await refusedAs(
      page,
      async () => {
        await addRecord(page, { type: '支出', amount: '66', category: '购物' });
      },
      '创建记录失败，请重试',
    );
    const dialog = page.getByRole('dialog', { name: '添加记录' });
    await expect(dialog.getByLabel('金额').inputValue()).resolves.toBe('66');
    await expect(
      dialog.getByRole('button', { name: '购物', exact: true }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.unroute('**/api/accounts');
    await page.reload();
    await cardShows(page, '今日支出', '¥88.80');
    expect(await recentRows(page).count()).toBe(before);
    await page.context().close();
  });

  it('opens 添加记录 with 支出 from the dashboard’s 记一笔支出, once', async () => {
    const page = await openPage(browser, VIEWPORTS.tablet);
    await login(page, 'accounting');
    await page.getByRole('link', { name: '记一笔支出' }).click();
    const dialog = page.getByRole('dialog', { name: '添加记录' });
    await dialog.waitFor();
    await expect(dialog.getByRole('radio', { name: '支出' }).isChecked()).resolves.toBe(true);
    await page.waitForURL((url) => url.pathname === '/accounting' && url.search === '');
    await screenshot(page, 'accounting-dialog-800');
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The history entry that lets Back close a dialog is taken back as the dialog closes.
    await page.waitForFunction(() => !window.history.state?.pmsDialog);
    await page.reload();
    await page.getByRole('region', { name: '今日支出' }).waitFor();
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await screenshot(page, 'accounting-800');
    await page.context().close();
  });

  it('fits a phone', async () => {
    const page = await openAccounting(VIEWPORTS.phone);
    await cardShows(page, '报销支出', '¥88.80');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await screenshot(page, 'accounting-375');
    await page.getByRole('button', { name: '添加记录' }).click();
    await page.getByRole('dialog', { name: '添加记录' }).waitFor();
    await screenshot(page, 'accounting-dialog-375');
    await page.context().close();
  });
});
