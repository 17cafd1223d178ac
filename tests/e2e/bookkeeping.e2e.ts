import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { XLSX_READER_UNAVAILABLE } from '../../src/domain/bills/parse';
import { alipayCsvBytes, wechatXlsxBytes } from '../fixtures/bills';
import { launchBrowser, login, openPage, screenshot, VIEWPORTS } from './browser';
import { eventually } from './seed';

/** A dialog is fixed to the viewport: the viewport is what there is to look at. */
const viewportShot = (page: Page, name: string) =>
  page.screenshot({ path: `screenshots/${name}.png` });

// Issue 15 end to end: a budget set in 设置 shows on / and /accounting; an 支付宝 CSV and a
// 微信支付 XLSX are each imported twice (the second time adds nothing); the ledger's CSV has
// Excel's BOM, CRLF and a neutralised formula.

const browser = await launchBrowser();
afterAll(() => browser.close());

async function signIn(viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const page = await openPage(browser, viewport);
  await login(page, 'bookkeeping');
  await page.getByRole('heading', { name: /^今天 · / }).waitFor();
  return page;
}

const thisMonth = (page: Page) =>
  page.evaluate(() => new Date().toLocaleDateString('sv-SE').slice(0, 7));

async function importBill(page: Page, name: string, bytes: Uint8Array, mimeType: string) {
  await page
    .getByLabel('选择账单文件')
    .setInputFiles({ name, mimeType, buffer: Buffer.from(bytes) });
  const dialog = page.getByRole('dialog', { name: '导入账单' });
  await dialog.getByRole('list', { name: '账单明细' }).waitFor();
  return dialog;
}

describe('budgets, bill import and CSV export against the real server', () => {
  it('sets a budget in 设置 and sees it on / and /accounting', async () => {
    const page = await signIn();
    await page
      .getByRole('link', { name: /预算导入测试/ })
      .first()
      .click();
    await page.getByRole('heading', { name: '设置', level: 1 }).waitFor();
    const sections = page.getByRole('navigation', { name: '设置分区' });
    // 今日目标 are opt-in (issue 59): this new account turns on the two checked below.
    await sections.getByRole('link', { name: '基本' }).click();
    const goalSwitches = page.getByRole('region', { name: '今日目标' });
    await goalSwitches.getByRole('checkbox', { name: '控制支出在预算内（日预算）' }).check();
    await goalSwitches.getByRole('checkbox', { name: /^专注目标/ }).check();
    await goalSwitches.getByRole('status').getByText('已保存').waitFor();
    await sections.getByRole('link', { name: '预算' }).click();
    // Each section saves itself once typing pauses, and says so.
    const budget = page.getByRole('region', { name: '预算' });
    await page.getByLabel('月预算', { exact: true }).fill('3000');
    await page.getByLabel('每日金额').fill('88.88');
    await page.getByLabel('餐饮').fill('600');
    await budget.getByRole('status').getByText('已保存').waitFor();
    await screenshot(page, 'settings-1280');
    await sections.getByRole('link', { name: '专注' }).click();
    await page.getByLabel('每日专注目标（分钟）').fill('90');
    await page
      .getByRole('region', { name: '专注目标' })
      .getByRole('status')
      .getByText('已保存')
      .waitFor();

    await page.getByRole('link', { name: '首页' }).first().click();
    const goals = page.getByRole('region', { name: '今日目标' });
    await goals.getByText('今日支出 ¥0.00 / 日预算 ¥88.88').waitFor();
    await goals.getByText('未超支').waitFor();
    await goals.getByText('专注工作90分钟').waitFor();

    await page.goto('/accounting');
    const report = page.getByRole('region', { name: '月度报告' });
    await report.getByRole('list', { name: '预算' }).getByText('/ ¥3,000.00').waitFor();
    await report.getByRole('progressbar', { name: '餐饮预算使用' }).waitFor();

    // The server gone, pages loaded afresh: the budget comes from the device's copy.
    await page.route('**/api/**', (route) => route.abort());
    await page.goto('/');
    await goals.getByText('今日支出 ¥0.00 / 日预算 ¥88.88').waitFor();
    await page.goto('/accounting');
    await report.getByRole('list', { name: '预算' }).getByText('/ ¥3,000.00').waitFor();
    await page.goto('/settings?section=budget');
    await page.getByText(/设置的修改先保存在本机/).waitFor();
    expect(await page.getByLabel('月预算', { exact: true }).inputValue()).toBe('3000');
    // A save offline is kept on the device (issue 35: one write path) and sent once the server
    // answers again.
    await page.getByLabel('每日金额').fill('50');
    await budget.getByRole('status').getByText('已保存').waitFor();
    const dailyOnServer = async () => {
      const { token, user } = await page.evaluate(() => ({
        token: localStorage.getItem('authToken'),
        user: JSON.parse(localStorage.getItem('currentUser') ?? '{}').username as string,
      }));
      const res = await page.request.get('/api/settings', {
        headers: { Authorization: `Bearer ${token}`, 'x-user-id': user },
      });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { dailyBudget: number }).dailyBudget;
    };
    expect(await dailyOnServer()).toBe(88.88);
    await page.unroute('**/api/**');
    await page.goto('/');
    await eventually(dailyOnServer, (daily) => daily === 50, 10_000);
    await goals.getByText('今日支出 ¥0.00 / 日预算 ¥50.00').waitFor();
    await page.context().close();
  });

  it('imports an 支付宝 CSV and a 微信支付 XLSX, each twice: the second adds 0', async () => {
    const page = await signIn();
    await page.goto('/accounting');
    await page.getByRole('region', { name: '今日支出' }).waitFor();
    const month = await thisMonth(page);

    let dialog = await importBill(page, '支付宝交易明细.csv', alipayCsvBytes(month), 'text/csv');
    await dialog.getByText('支付宝账单').waitFor();
    await viewportShot(page, 'import-dialog-1280');
    await dialog.getByRole('button', { name: '导入 6 条' }).click();
    await dialog.getByText('导入完成：新增 6 条，已存在 0 条').waitFor();
    await dialog.getByRole('button', { name: '完成' }).click();

    dialog = await importBill(page, '支付宝交易明细.csv', alipayCsvBytes(month), 'text/csv');
    await dialog.getByRole('button', { name: '导入 6 条' }).click();
    await dialog.getByText('导入完成：新增 0 条，已存在 6 条').waitFor();
    await dialog.getByRole('button', { name: '完成' }).click();

    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    // 5 entries and a 零钱提现 to one's own card, imported as a 转账 (issue 61).
    for (const added of [6, 0]) {
      dialog = await importBill(page, '微信支付账单.xlsx', wechatXlsxBytes(month), xlsx);
      await dialog.getByText('微信支付账单').waitFor();
      await dialog.getByRole('button', { name: '导入 6 条' }).click();
      await dialog.getByText(`导入完成：新增 ${added} 条，已存在 ${6 - added} 条`).waitFor();
      await dialog.getByRole('button', { name: '完成' }).click();
    }

    // 11 records this month: ¥1,626.50 of the Alipay spending, ¥133.50 of WeChat's.
    const summary = page.getByRole('region', { name: '全部记录' }).getByLabel('筛选合计');
    await summary.getByText('11 条').waitFor();
    const report = page.getByRole('region', { name: '月度报告' });
    await report.getByText('¥1,720.00').first().waitFor();
    await screenshot(page, 'accounting-report-1280');
    await page.context().close();
  });

  // The XLSX reader is not precached (vite.config.ts): until an import has fetched it once, an
  // .xlsx bill needs the network. Where it cannot be fetched, the dialog says what to do.
  it.each([
    ['375', VIEWPORTS.phone],
    ['1280', VIEWPORTS.desktop],
  ])(
    'an .xlsx bill whose reader cannot be fetched says to go online or use the CSV (%s px)',
    async (width, viewport) => {
      const page = await signIn(viewport);
      // The context's route also stops what the service worker fetches.
      await page.context().route(/\/assets\/xlsx[^/]*\.js$/, (route) => route.abort());
      await page.goto('/accounting');
      await page.getByRole('heading', { name: '记账管理', level: 1 }).waitFor();
      const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
      await page.getByLabel('选择账单文件').setInputFiles({
        name: '微信支付账单.xlsx',
        mimeType: xlsx,
        buffer: Buffer.from(wechatXlsxBytes('2026-01')),
      });
      const dialog = page.getByRole('dialog', { name: '导入账单' });
      await dialog.getByText(XLSX_READER_UNAVAILABLE).waitFor();
      await viewportShot(page, `accounting-import-offline-xlsx-${width}`);
      await page.context().close();
    },
  );

  it('exports the ledger as CSV Excel reads: BOM, CRLF, =cmd neutralised', async () => {
    const page = await signIn();
    await page.goto('/accounting');
    await page.getByRole('button', { name: '添加记录' }).click();
    const add = page.getByRole('dialog', { name: '添加记录' });
    await add.getByLabel('金额').fill('1.5');
    await add.getByRole('button', { name: '其他', exact: true }).click();
    await add.getByLabel('备注').fill('=cmd|" /C calc"!A0');
    await add.getByRole('button', { name: '保存' }).click();
    await add.waitFor({ state: 'detached' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出 CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^记账记录-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('日期,类型,分类,账户,金额,备注,报销状态,周期记账,标签');
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    expect(lines).toHaveLength(1 + 12 + 1);
    expect(text).toContain(`,支出,其他,,1.50,"'=cmd|"" /C calc""!A0",,,\r\n`);
    await page.context().close();
  });

  it('fits a phone: 设置, the report and the import preview', async () => {
    const page = await signIn(VIEWPORTS.phone);
    await page.goto('/settings?section=budget');
    await page.getByLabel('月预算', { exact: true }).waitFor();
    const overflow = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    await screenshot(page, 'settings-375');
    expect(await overflow()).toBe(0);

    await page.goto('/accounting');
    await page.getByRole('region', { name: '月度报告' }).getByText('/ ¥3,000.00').waitFor();
    await page.waitForTimeout(1500);
    await screenshot(page, 'accounting-report-375');
    expect(await overflow()).toBe(0);

    const dialog = await importBill(
      page,
      '支付宝交易明细.csv',
      alipayCsvBytes(await thisMonth(page)),
      'text/csv',
    );
    await dialog.getByText('显示跳过的记录（不计收支、退款、交易关闭等）').click();
    await dialog.getByText('交易关闭', { exact: true }).waitFor();
    await viewportShot(page, 'import-dialog-375');
    await page.context().close();
  });

  it('周期记账 writes due entries marked 周期; a 报销 expense goes from 待报销 to 已报销', async () => {
    const page = await signIn();
    await page.goto('/accounting');
    const section = page.getByRole('region', { name: '周期记账' });
    await section.getByRole('button', { name: '添加周期记账' }).click();
    const dialog = page.getByRole('dialog', { name: '添加周期记账' });
    const start = await page.evaluate(() => {
      const d = new Date();
      d.setDate(1);
      d.setMonth(d.getMonth() - 2);
      return d.toLocaleDateString('sv-SE');
    });
    await dialog.getByLabel('金额').fill('4200');
    await dialog.getByRole('button', { name: '住房', exact: true }).click();
    await dialog.getByLabel('备注').fill('房租');
    await dialog.getByLabel('开始日期').fill(start);
    await viewportShot(page, 'recurring-dialog-1280');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Three months' rent, written by the server the moment the template was saved.
    const ledger = page.getByRole('region', { name: '全部记录' });
    await ledger.getByLabel('搜索').fill('房租');
    await ledger.getByLabel('筛选合计').getByText('3 条').waitFor();
    // The rows draw once the ledger is near the viewport (WhenNear): filling 搜索 scrolled there.
    await ledger.getByText('周期', { exact: true }).nth(2).waitFor();
    expect(await ledger.getByText('周期', { exact: true }).count()).toBe(3);
    await section.getByText(/每月 · 下次 \d{4}-\d{2}-01/).waitFor();
    await section.getByRole('button', { name: '暂停' }).click();
    await section.getByText('每月 · 已暂停').waitFor();

    await page.getByRole('button', { name: '添加记录' }).click();
    const add = page.getByRole('dialog', { name: '添加记录' });
    await add.getByLabel('金额').fill('88.8');
    await add.getByRole('button', { name: '报销', exact: true }).click();
    await add.getByLabel('备注').fill('出差打车');
    await add.getByRole('button', { name: '保存' }).click();
    await add.waitFor({ state: 'detached' });
    const card = page.getByRole('region', { name: '报销支出' });
    await card.getByText('全部报销类支出 · 待报销 ¥88.80').waitFor();
    await screenshot(page, 'accounting-recurring-1280');

    // Found through the ledger's search, not 最近记录: earlier tests imported bills dated
    // later this month, and on the first days of a month those fill the newest ten.
    await ledger.getByLabel('搜索').fill('出差打车');
    await ledger.getByLabel('筛选合计').getByText('1 条').waitFor();
    await ledger.getByRole('button', { name: /报销状态：待报销/ }).click();
    const status = page.getByRole('dialog', { name: '报销状态' });
    await status.getByLabel('已报销').check();
    await status.getByLabel('报销到账的收入（可选）').selectOption({ index: 1 });
    await status.getByRole('button', { name: '保存' }).click();
    await status.waitFor({ state: 'detached' });
    await card.getByText('¥88.80', { exact: true }).waitFor();
    await card.getByText('全部报销类支出 · 待报销 ¥0.00').waitFor();
    await page.context().close();

    const phone = await signIn(VIEWPORTS.phone);
    await phone.goto('/accounting');
    await phone.getByRole('region', { name: '周期记账' }).getByText('每月 · 已暂停').waitFor();
    await phone.getByRole('region', { name: '周期记账' }).scrollIntoViewIfNeeded();
    await viewportShot(phone, 'accounting-recurring-375');
    await phone.context().close();
  });
});
