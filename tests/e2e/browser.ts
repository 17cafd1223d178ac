import { mkdirSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, chromePath } from './chromium';
import { E2E_PASSWORD, type E2EUser } from './users';

const baseURL = () => inject('baseURL');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromePath(),
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/** Every signed-in screen but /, with its heading. */
export const SCREENS = [
  ['/accounting', '记账管理'],
  ['/assets', '资产管理'],
  ['/fitness', '健身记录'],
  ['/time', '时间管理'],
  ['/tasks', '任务管理'],
  ['/checkin', '打卡管理'],
] as const;

export const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  tablet: { width: 800, height: 1000 },
  desktop: { width: 1280, height: 900 },
} as const;

export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
  {
    colorScheme = 'light',
    serviceWorkers = 'allow',
  }: { colorScheme?: 'light' | 'dark'; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    baseURL: baseURL(),
    // No timezoneId: the page keeps the machine's zone, as the Node side of the tests does,
    // so "today" is the same date for both whatever the hour.
    locale: 'zh-CN',
    // The system setting 深色模式 follows by default.
    colorScheme,
    serviceWorkers,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

/** Waits until nothing waits to be sent: no "N 条待同步" is shown. */
async function allSent(page: Page, timeout?: number) {
  await page.waitForFunction(() => !/\d+ 条待同步/.test(document.body.textContent ?? ''), null, {
    timeout,
  });
}

/**
 * Closes the page's context once every change it made has reached the server. A later test of
 * the same user reads the server, and a change still waiting when its context closes would go
 * only at that device's next start, which never comes: on a loaded machine the last delete of
 * one test was still waiting, and the next test found the record on the server.
 */
export async function closeWhenSent(page: Page) {
  await allSent(page);
  await page.context().close();
}

/** How long a refused change's message or notice may take (`refusedAs`). */
const SLOW_WRITE_MS = 30_000;

/**
 * Makes a change the server refuses (`act` makes it: opens a form, fills it and presses 保存,
 * or confirms a delete) until the refusal is said as `alert`. The write waits 1.5 s for the
 * server's word (SETTLE_MS, src/api/engine/write-outcomes.ts); on a loaded machine the answer can come
 * later, and the refusal then arrives as a notice (「…」未能同步，已撤销) that takes the change
 * back, as designed. The change is then made again, up to `tries` times in all. On CI the
 * first write after a sign-in once went out only after more than 10 s (behind the sign-in's
 * downloads, with other files' browsers on the same two cores): each wait allows 30 s.
 */
export async function refusedAs(page: Page, act: () => Promise<void>, alert: string, tries = 3) {
  const said = page.getByRole('alert').filter({ hasText: alert });
  const notice = page.getByRole('alert').filter({ hasText: '未能同步，已撤销' });
  for (let attempt = 1; ; attempt++) {
    // Earlier notices gone first (a notice hides after 6 s): one seen now is this try's.
    await notice.first().waitFor({ state: 'detached', timeout: 15_000 });
    await act();
    const seen = await Promise.race([
      said.waitFor({ timeout: SLOW_WRITE_MS }).then(
        () => 'alert' as const,
        () => 'neither' as const,
      ),
      notice
        .first()
        .waitFor({ timeout: SLOW_WRITE_MS })
        .then(
          () => 'notice' as const,
          () => 'neither' as const,
        ),
    ]);
    if (seen === 'alert') return;
    if (seen === 'neither' || attempt >= tries) {
      throw new Error(`${alert}: not said (${seen}, try ${attempt})`);
    }
    // The change is taken back once nothing waits to be sent.
    await allSent(page, SLOW_WRITE_MS);
  }
}

export async function login(page: Page, username: E2EUser, password = E2E_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/**
 * Scrolls each chart box into view and waits until it is drawn, then returns to the top: a
 * chart draws only once it has been near the viewport (src/components/charts/lazy.tsx).
 */
export async function drawCharts(page: Page) {
  // Each pass brings the first chart still waiting into view. Done inside the page, in one
  // step: the screen may re-render (or drop a chart) between two Playwright calls.
  for (;;) {
    const left = await page.evaluate(() => {
      const waiting = document.querySelectorAll('[data-chart="waiting"]');
      waiting[0]?.scrollIntoView({ block: 'center' });
      return waiting.length;
    });
    if (left === 0) break;
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-chart="waiting"]').length < n,
      left,
    );
  }
  // A drawn box still shows its placeholder while React resolves the chart's lazy component.
  await page.waitForFunction(() => !document.querySelector('[data-chart] .animate-pulse'));
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Waits until the pie in `figure` (CSS) has its slices drawn. */
export async function pieDrawn(page: Page, figure: string) {
  await page.locator(`${figure} svg path[data-slice]`).first().waitFor();
}

/**
 * Saved under screenshots/ for a person to look at; not compared by the tests. The charts of
 * the page behind are drawn first, unless a dialog covers it.
 */
export async function screenshot(page: Page, name: string) {
  mkdirSync('screenshots', { recursive: true });
  if ((await page.getByRole('dialog').count()) === 0) await drawCharts(page);
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
}

/**
 * The device's copy of one kind in the page's IndexedDB (src/api/engine/local-db.ts), or null when
 * the device holds none yet.
 */
export function deviceCopy<T = { id: string }>(
  page: Page,
  username: E2EUser,
  kind: string,
): Promise<T[] | null> {
  return page.evaluate(
    ([name, key]) =>
      new Promise<T[] | null>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('lists')) {
            db.close();
            resolve(null);
            return;
          }
          const get = db.transaction('lists').objectStore('lists').get(key);
          get.onsuccess = () => {
            db.close();
            resolve(get.result ? (JSON.parse(get.result.json) as T[]) : null);
          };
          get.onerror = () => reject(get.error);
        };
      }),
    [`pms:${username}`, kind] as const,
  );
}

/** A page of `user`, signed in at `viewport` (dark or light) and on 今天. */
export async function signedInPage(
  browser: Browser,
  user: E2EUser,
  viewport: { width: number; height: number },
  dark = false,
): Promise<Page> {
  const page = await openPage(browser, viewport, { colorScheme: dark ? 'dark' : 'light' });
  await login(page, user);
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { name: /^今天 · / }).waitFor();
  return page;
}

/** The server's list at `path`, read through the API as the page's signed-in user. */
export async function serverList(page: Page, path: string): Promise<Record<string, unknown>[]> {
  const session = await page.evaluate(() => ({
    token: localStorage.getItem('authToken'),
    user: JSON.parse(localStorage.getItem('currentUser') ?? '{}').username as string,
  }));
  const res = await page.request.get(path, {
    headers: { Authorization: `Bearer ${session.token}`, 'x-user-id': session.user },
  });
  if (res.status() !== 200) throw new Error(`${path}: ${res.status()}`);
  return (await res.json()) as Record<string, unknown>[];
}
