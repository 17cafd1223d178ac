import { mkdirSync } from 'node:fs';
import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, VIEWPORTS } from './browser';
import { ownContext, ownServer } from './own-server';

// 账户, 转账 and a credit card (issue 61) in Chromium. A server of this file's own, so its
// accounts and entries are the user's only ones. The page's clock is set to 10:00 of a day
// that has passed (as dense-tasks.e2e.ts does: the session and the sync stamps are the
// server's, on the real clock), so nothing depends on the day the test runs.

const USER = 'accounting';
const browser = await launchBrowser();
const server = await ownServer([USER]);
afterAll(async () => {
  await browser.close();
  await server.dispose();
});

const tenToday = dayjs().hour(10).minute(0).second(0).millisecond(0);
const NOW = tenToday.isAfter(dayjs()) ? tenToday.subtract(1, 'day') : tenToday;

type Viewport = { width: number; height: number };

async function open(viewport: Viewport, colorScheme: 'light' | 'dark' = 'light') {
  const { page } = await ownContext(browser, server, viewport);
  await page.emulateMedia({ colorScheme });
  await page.clock.install({ time: NOW.toDate() });
  await login(page, USER);
  await page.getByRole('heading', { name: /^今天 · / }).waitFor();
  await page.goto('/accounting');
  await page.getByRole('region', { name: '今日支出' }).waitFor();
  return page;
}

const section = (page: Page) => page.getByRole('region', { name: '账户', exact: true });
const balanceOf = (page: Page, name: string) =>
  section(page).getByTestId(`wallet-${name}`).getByTestId('wallet-balance');

async function addWallet(
  page: Page,
  wallet: { name: string; type: string; opening: string; credit?: [string, string, string] },
) {
  await section(page).getByRole('button', { name: '添加账户' }).click();
  const dialog = page.getByRole('dialog', { name: '添加账户' });
  await dialog.waitFor();
  await dialog.getByLabel('名称').fill(wallet.name);
  await dialog.getByLabel('类型').selectOption({ label: wallet.type });
  await dialog.getByLabel('初始余额').fill(wallet.opening);
  if (wallet.credit) {
    const [limit, statement, due] = wallet.credit;
    await dialog.getByLabel('额度').fill(limit);
    await dialog.getByLabel('账单日').fill(statement);
    await dialog.getByLabel('还款日').fill(due);
  }
  await dialog.getByRole('button', { name: '保存' }).click();
  await dialog.waitFor({ state: 'detached' });
  await section(page).getByTestId(`wallet-${wallet.name}`).waitFor();
}

async function expectNoSideScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (width > page.viewportSize()!.width) {
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > innerWidth)
        .slice(0, 8)
        .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`),
    );
    console.log(wide.join('\n'));
  }
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

describe('账户 at 375 px (issue 61)', () => {
  it('balances follow an entry and a transfer; 本月支出 only the entry', async () => {
    const page = await open(VIEWPORTS.phone);
    await section(page)
      .getByText(/添加支付宝、微信/)
      .waitFor();
    await addWallet(page, { name: '支付宝', type: '支付宝', opening: '1000' });
    await addWallet(page, { name: '招商银行', type: '储蓄卡', opening: '5000' });
    await expect.poll(() => balanceOf(page, '支付宝').textContent()).toBe('¥1,000.00');

    // 12.5 餐饮 from 支付宝, typed as a sum.
    await page.getByRole('button', { name: '添加记录' }).click();
    const dialog = page.getByRole('dialog', { name: '添加记录' });
    await dialog.waitFor();
    await dialog.getByLabel('金额', { exact: true }).fill('12+0.5');
    await dialog.getByText('= 12.50').waitFor();
    await dialog
      .getByRole('group', { name: '分类' })
      .getByRole('button', { name: '餐饮', exact: true })
      .click();
    await dialog.getByLabel('账户').selectOption({ label: '支付宝' });
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => balanceOf(page, '支付宝').textContent()).toBe('¥987.50');
    const monthCard = page.getByRole('region', { name: '本月支出' });
    await monthCard.getByText('¥12.50', { exact: true }).waitFor();

    // 500 from 招商银行 to 支付宝: both balances move, 本月支出 does not.
    await section(page).getByRole('button', { name: '转账' }).click();
    const transfer = page.getByRole('dialog', { name: '转账' });
    await transfer.waitFor();
    await transfer.getByLabel('转出账户').selectOption({ label: '招商银行' });
    await transfer.getByLabel('转入账户').selectOption({ label: '支付宝' });
    await transfer.getByLabel('金额', { exact: true }).fill('500');
    await transfer.getByRole('button', { name: '保存' }).click();
    await transfer.waitFor({ state: 'detached' });
    await expect.poll(() => balanceOf(page, '支付宝').textContent()).toBe('¥1,487.50');
    await expect.poll(() => balanceOf(page, '招商银行').textContent()).toBe('¥4,500.00');
    expect(await monthCard.getByText('¥12.50', { exact: true }).count()).toBe(1);
    expect(await section(page).getByTestId('wallet-assets').textContent()).toBe('¥5,987.50');

    // The same transfer with both accounts the same says so in Chinese.
    await section(page).getByRole('button', { name: '转账' }).click();
    await transfer.waitFor();
    await transfer.getByLabel('转出账户').selectOption({ label: '支付宝' });
    await transfer.getByLabel('转入账户').selectOption({ label: '支付宝' });
    await transfer.getByLabel('金额', { exact: true }).fill('1');
    await transfer.getByRole('button', { name: '保存' }).click();
    await transfer.getByText('转出和转入账户不能相同').waitFor();
    await transfer.getByRole('button', { name: '取消' }).click();
    await transfer.waitFor({ state: 'detached' });

    // A credit card with a purchase: its bill, due day and what is left of the limit.
    await addWallet(page, {
      name: '招行信用卡',
      type: '信用卡',
      opening: '0',
      credit: ['10000', '1', '20'],
    });
    const card = section(page).getByTestId('wallet-招行信用卡').getByTestId('credit-bill');
    await card.getByText('可用额度').waitFor();
    expect(await card.textContent()).toContain('¥10,000.00');
    expect(await section(page).getByTestId('wallet-liabilities').textContent()).toBe('¥0.00');
    await page.getByRole('button', { name: '添加记录' }).click();
    await dialog.waitFor();
    await dialog.getByLabel('金额', { exact: true }).fill('300');
    await dialog
      .getByRole('group', { name: '分类' })
      .getByRole('button', { name: '购物', exact: true })
      .click();
    await dialog.getByLabel('账户').selectOption({ label: '招行信用卡' });
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('¥9,700.00').waitFor();
    expect(await section(page).getByTestId('wallet-liabilities').textContent()).toBe('¥300.00');

    // The account's ledger: every row with the balance after it.
    await section(page)
      .getByRole('button', { name: /^支付宝，余额/ })
      .click();
    const ledger = page.getByRole('dialog', { name: '支付宝的流水' });
    await ledger.waitFor();
    const rows = ledger.getByRole('row');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(1).textContent()).toContain('¥1,487.50');
    expect(await rows.nth(2).textContent()).toContain('¥987.50');
    await expectNoSideScroll(page);
    await ledger.getByRole('button', { name: '关闭' }).first().click();

    // 资产管理 and the dashboard's 净资产 count the accounts once (no manual assets here).
    await page.goto('/assets');
    const card1 = (title: string) => page.getByRole('region', { name: title });
    await card1('总资产').getByText('¥5,987.50').waitFor();
    await card1('总负债').getByText('¥300.00').waitFor();
    await card1('净资产').getByText('¥5,687.50').waitFor();
    await page.goto('/');
    await card1('净资产').getByRole('button', { name: '显示金额' }).click();
    await card1('净资产').getByText('¥5,687.50').waitFor();
    await page.context().close();
  });
});

describe('screenshots (issue 61)', () => {
  it('账户, a ledger and a credit card at 375, 800 and 1280 px, light and dark', async () => {
    mkdirSync('screenshots', { recursive: true });
    for (const scheme of ['light', 'dark'] as const) {
      for (const [size, viewport] of [
        ['375', VIEWPORTS.phone],
        ['800', VIEWPORTS.tablet],
        ['1280', VIEWPORTS.desktop],
      ] as const) {
        const page = await open(viewport, scheme);
        const name = (what: string) => `screenshots/issue61-${what}-${size}-${scheme}.png`;
        await section(page).getByTestId('credit-bill').waitFor();
        await section(page).scrollIntoViewIfNeeded();
        await expectNoSideScroll(page);
        if (size === '800') {
          await page.context().close();
          continue;
        }
        await section(page).screenshot({ path: name('wallets') });
        // In the middle of the screen, away from the phone's + button.
        const card = section(page).getByTestId('wallet-招行信用卡');
        await card.evaluate((node) => node.scrollIntoView({ block: 'center' }));
        await card.screenshot({ path: name('credit-card') });
        await section(page)
          .getByRole('button', { name: /^支付宝，余额/ })
          .click();
        await page.getByRole('dialog', { name: '支付宝的流水' }).waitFor();
        await page.screenshot({ path: name('ledger') });
        await page.context().close();
      }
    }
  });
});
