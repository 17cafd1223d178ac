import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeBark, startFakeNtfy, startFakeSmtp } from '../push/fake-channels';
import { launchBrowser, login, VIEWPORTS } from './browser';
import { type OwnServer, ownContext, ownServer } from './own-server';

// 设置 → 通知 → 提醒渠道 in Chromium against the real server, whose ntfy, Bark and SMTP servers
// are local fakes on 127.0.0.1 (tests/push/fake-channels.ts): 发送测试 shows 已送达 from the
// fake ntfy server and switches ntfy on; quick add's 明天下午3点 交房租 gets the default 准时
// reminder; screenshots of the card at 375 and 1280 px, light and dark.

let browser: Browser;
let server: OwnServer;
let context: BrowserContext;
let page: Page;
let ntfy: Awaited<ReturnType<typeof startFakeNtfy>>;
let bark: Awaited<ReturnType<typeof startFakeBark>>;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;

beforeAll(async () => {
  ntfy = await startFakeNtfy();
  bark = await startFakeBark([]);
  smtp = await startFakeSmtp();
  server = await ownServer(['channels'], {
    NTFY_URL: ntfy.url,
    BARK_URL: bark.url,
    SMTP_URL: smtp.url,
    SMTP_FROM: 'pms@example.com',
  });
  browser = await launchBrowser();
  ({ context, page } = await ownContext(browser, server, VIEWPORTS.desktop, 'block'));
  await login(page, 'channels');
  await page.getByRole('heading', { name: /^今天 · / }).waitFor();
}, 60_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.dispose();
  await Promise.all([ntfy?.close(), bark?.close(), smtp?.close()]);
});

/** The signed-in page's own call to the API (its session from localStorage). */
function api<T>(path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const res = await fetch(p, {
      headers: {
        authorization: `Bearer ${localStorage.getItem('authToken')}`,
        'x-user-id': JSON.parse(localStorage.getItem('currentUser') ?? '{}').username,
      },
    });
    return res.json();
  }, path) as Promise<T>;
}

it('ntfy: 发送测试 shows 已送达 from the server, and the channel is on', async () => {
  await page.goto('/settings?section=notifications');
  const card = page.getByRole('region', { name: '提醒渠道' });
  const section = card.getByRole('region', { name: 'ntfy' });
  const topic = await section.getByLabel('主题').inputValue();
  expect(topic).toMatch(/^pms-[\w-]{22}$/);
  await expect.poll(() => section.getByText(ntfy.url).count()).toBe(1);
  await section.getByRole('button', { name: '发送测试' }).click();
  await section.getByText('✓ 已送达').waitFor();
  expect(await section.getByRole('checkbox', { name: '开启 ntfy' }).isChecked()).toBe(true);
  expect(ntfy.received.map((r) => [r.to, r.title])).toEqual([[topic, '测试提醒']]);

  // Bark with a key the server does not know: the error as Bark said it.
  const barkSection = card.getByRole('region', { name: 'Bark' });
  await barkSection.getByLabel('设备密钥').fill('unknownKey42');
  await barkSection.getByLabel('设备密钥').press('Enter');
  await expect
    .poll(() => barkSection.getByRole('button', { name: '发送测试' }).isEnabled())
    .toBe(true);
  await barkSection.getByRole('button', { name: '发送测试' }).click();
  await barkSection.getByText('未送达：服务器拒绝（400）：failed to get device token').waitFor();
});

it('quick add 明天下午3点 交房租 gets the default 准时 reminder', async () => {
  await page.goto('/tasks');
  const field = page.getByLabel('快速添加任务');
  await field.fill('明天下午3点 交房租');
  await page.getByRole('list', { name: '识别结果' }).waitFor();
  await field.press('Enter');
  const tomorrow = await page.evaluate(() => {
    const d = new Date(Date.now() + 86_400_000);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  await expect
    .poll(
      async () =>
        (await api<{ title: string }[]>('/api/tasks')).find((t) => t.title === '交房租') ?? null,
      { timeout: 10_000 },
    )
    .toMatchObject({ title: '交房租', dueDate: tomorrow, dueTime: '15:00', reminders: [0] });
});

it('draws 提醒渠道 at 375 and 1280 px, light and dark', async () => {
  mkdirSync('screenshots', { recursive: true });
  await page.goto('/settings?section=notifications');
  const card = page.getByRole('region', { name: '提醒渠道' });
  const ntfySection = card.getByRole('region', { name: 'ntfy' });
  await ntfySection.getByRole('button', { name: '发送测试' }).click();
  await ntfySection.getByText('✓ 已送达').waitFor();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [name, viewport] of [
      ['375', VIEWPORTS.phone],
      ['1280', VIEWPORTS.desktop],
    ] as const) {
      await page.setViewportSize(viewport);
      // The whole 通知 page, 提醒渠道 below its settings, in a window as tall as the page:
      // the bars then sit at its edges instead of across the cards.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({ width: viewport.width, height });
      await page.screenshot({ path: `screenshots/reminder-channels-${name}-${scheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(VIEWPORTS.desktop);
});
