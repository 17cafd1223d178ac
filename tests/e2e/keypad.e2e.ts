import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, screenshot, VIEWPORTS } from './browser';
import { ownServer } from './own-server';

// 金额's keypad on a touch screen (issue 61): a phone's decimal pad has no + or −; ours does,
// and the field keeps the focus, so the system keyboard stays away. A server of this file's
// own, so its one entry is the account's only one.

const browser = await launchBrowser();
const server = await ownServer(['accounting']);
afterAll(async () => {
  await browser.close();
  await server.dispose();
});

async function phone(colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({
    viewport: VIEWPORTS.phone,
    baseURL: server.url,
    locale: 'zh-CN',
    colorScheme,
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await login(page, 'accounting');
  await page.getByRole('heading', { name: /^今天 · / }).waitFor();
  await page.goto('/accounting');
  await page.getByRole('region', { name: '今日支出' }).waitFor();
  return page;
}

describe('金额键盘 at 375 px, by touch', () => {
  it('types 12+0.5 with the keys, shows = 12.50 and saves ¥12.50', async () => {
    const page = await phone('light');
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
    await page.getByRole('button', { name: '添加记录' }).tap();
    const dialog = page.getByRole('dialog', { name: '添加记录' });
    await dialog.waitFor();
    // The dialog opens on 金额, and with it the keypad.
    const keypad = dialog.getByRole('group', { name: '金额键盘' });
    await keypad.waitFor();
    expect(await dialog.getByLabel('金额', { exact: true }).getAttribute('inputmode')).toBe('none');
    for (const key of ['1', '2', '加', '0', '.', '5']) {
      await keypad.getByRole('button', { name: key, exact: true }).tap();
    }
    expect(await dialog.getByLabel('金额', { exact: true }).inputValue()).toBe('12+0.5');
    await dialog.getByText('= 12.50').waitFor();
    const box = (await keypad.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await screenshot(page, 'issue61-keypad-375-light');
    await keypad.getByRole('button', { name: '完成' }).tap();
    await keypad.waitFor({ state: 'detached' });
    await dialog
      .getByRole('group', { name: '分类' })
      .getByRole('button', { name: '餐饮', exact: true })
      .tap();
    await dialog.getByRole('button', { name: '保存' }).tap();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('region', { name: '今日支出' })
      .getByText('¥12.50', { exact: true })
      .waitFor();
    await page.context().close();
  });

  it('draws the keypad in the dark', async () => {
    const page = await phone('dark');
    await page.getByRole('button', { name: '添加记录' }).tap();
    const keypad = page.getByRole('group', { name: '金额键盘' });
    await keypad.waitFor();
    await keypad.getByRole('button', { name: '8', exact: true }).tap();
    await keypad.getByRole('button', { name: '减', exact: true }).tap();
    await keypad.getByRole('button', { name: '2', exact: true }).tap();
    await page.getByText('= 6.00').waitFor();
    await screenshot(page, 'issue61-keypad-375-dark');
    await page.context().close();
  });
});
