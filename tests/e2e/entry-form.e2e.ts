import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser, serverList, signedInPage, VIEWPORTS } from './browser';
import { eventually, post } from './seed';

// The phone form (issue 61, item 6) in Chromium: 支出 / 收入 / 转账 at the top of 添加记录 is
// one tap, a radio group for the keyboard; 记一笔 from 今天 comes back to 今天 with 已记一笔
// and 撤销. FORM_SHOTS=<dir> also saves the form at 375, 800 and 1280 px, light and dark.

const browser = await launchBrowser();
afterAll(() => browser.close());

const SHOTS = process.env.FORM_SHOTS;

const signedIn = (viewport: { width: number; height: number }, dark = false) =>
  signedInPage(browser, 'entryForm', viewport, dark);

let walletsMade = false;
/** 支付宝 1000 and 招商银行 5000, once for the user; the page reloads to read them. */
async function withWallets(page: Page) {
  if (!walletsMade) {
    await post(page, '/api/wallets', { name: '支付宝', type: 'alipay', openingBalance: 1000 });
    await post(page, '/api/wallets', {
      name: '招商银行',
      type: 'debit',
      openingBalance: 5000,
      order: 1,
    });
    walletsMade = true;
  }
  await page.reload();
  await page.getByRole('heading', { name: /^今天 · / }).waitFor();
}

describe('添加记录 on a phone (375 px)', () => {
  it('转账 is one tap; saved from 今天 it returns there with 已记一笔, and 撤销 takes it back', async () => {
    const page = await signedIn(VIEWPORTS.phone);
    await withWallets(page);
    await page
      .getByRole('region', { name: '快捷操作' })
      .getByRole('link', { name: '记一笔支出' })
      .click();
    const dialog = page.getByRole('dialog', { name: '添加记录' });
    await dialog.waitFor();
    const types = dialog.getByRole('radiogroup', { name: '类型' });
    await expect(types.getByRole('radio', { name: '支出' }).isChecked()).resolves.toBe(true);
    await types.getByRole('radio', { name: '转账' }).click();
    await dialog.getByLabel('转出账户').selectOption({ label: '招商银行' });
    await dialog.getByLabel('转入账户').selectOption({ label: '支付宝' });
    await dialog.getByLabel('金额').fill('500');
    // Nothing wider than the phone.
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scroll).toBeLessThanOrEqual(375);
    await dialog.getByRole('button', { name: '保存', exact: true }).click();

    const toast = page.getByRole('alert').filter({ hasText: '已记一笔' });
    await toast.waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: /^今天 · / }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/saved-toast-375-light.png` });
    }
    const saved = await eventually(
      () => serverList(page, '/api/transfers'),
      (list) => list.length === 1,
      10_000,
    );
    expect(saved).toMatchObject([{ amount: 500, fee: 0 }]);
    // 撤销 from the keyboard: Tab reaches it, Enter presses it.
    await toast.getByRole('button', { name: '撤销' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: '已撤销' }).waitFor();
    await eventually(
      () => serverList(page, '/api/transfers'),
      (list) => list.length === 0,
      10_000,
    );
    await page.context().close();
  });

  it('the arrow keys move along 支出 / 收入 / 转账, with a visible focus ring', async () => {
    const page = await signedIn(VIEWPORTS.phone);
    await page.goto('/accounting');
    await page.getByRole('button', { name: '添加记录' }).click();
    const dialog = page.getByRole('dialog', { name: '添加记录' });
    await dialog.waitFor();
    const radio = (name: string) => dialog.getByRole('radio', { name });
    await radio('支出').focus();
    await page.keyboard.press('ArrowRight');
    await expect(radio('收入').isChecked()).resolves.toBe(true);
    await dialog.getByRole('button', { name: '工资', exact: true }).waitFor();
    await page.keyboard.press('ArrowRight');
    await expect(radio('转账').isChecked()).resolves.toBe(true);
    await dialog.getByLabel('转出账户').waitFor();
    expect(await radio('转账').evaluate((el) => el === document.activeElement)).toBe(true);
    // The segment shows the ring of the radio inside it.
    const ring = await radio('转账').evaluate(
      (el) => getComputedStyle(el.nextElementSibling as Element).outlineStyle,
    );
    expect(ring).toBe('solid');
    await page.keyboard.press('ArrowLeft');
    await expect(radio('收入').isChecked()).resolves.toBe(true);
    await page.context().close();
  });
});

describe.runIf(SHOTS)('screenshots of the form', () => {
  it('at 375, 800 and 1280 px, light and dark', async () => {
    mkdirSync(SHOTS!, { recursive: true });
    for (const dark of [false, true]) {
      for (const [size, viewport] of Object.entries(VIEWPORTS)) {
        const width = viewport.width;
        const tone = dark ? 'dark' : 'light';
        const page = await signedIn(viewport, dark);
        await page.goto('/accounting');
        await page.getByRole('button', { name: '添加记录' }).click();
        const dialog = page.getByRole('dialog', { name: '添加记录' });
        await dialog.waitFor();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${SHOTS}/entry-${width}-${tone}.png` });
        await dialog.getByRole('radio', { name: '转账' }).click();
        await dialog.getByLabel('转出账户').waitFor();
        await page.waitForTimeout(200);
        await page.screenshot({ path: `${SHOTS}/transfer-${width}-${tone}.png` });
        // Keyboard focus on the control: its ring.
        await dialog.getByRole('radio', { name: '转账' }).focus();
        await page.keyboard.press('ArrowLeft');
        await page.waitForTimeout(200);
        await page.screenshot({ path: `${SHOTS}/focus-${width}-${tone}.png` });
        expect(size).toBeTruthy();
        await page.context().close();
      }
    }
  }, 240_000);
});
