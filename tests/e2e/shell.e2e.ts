import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, openPage, screenshot, VIEWPORTS } from './browser';

const NAV_LABELS = [
  '首页',
  '记账管理',
  '资产管理',
  '健身记录',
  '时间管理',
  '任务管理',
  '打卡管理',
  '日历',
  '标签',
];

const browser = await launchBrowser();
afterAll(() => browser.close());

describe('app shell and login', () => {
  it('sends an unauthenticated visitor of /tasks to /login, replacing history', async () => {
    const page = await openPage(browser);
    await page.goto('/tasks');
    await page.waitForURL('**/login');
    await page.getByPlaceholder('请输入用户名').waitFor();
    await expect(page.title()).resolves.toBe('登录 · 个人管理系统');
    await screenshot(page, 'login-1280');
    await page.context().close();
  });

  it('shows the red box for a wrong password and stays on /login', async () => {
    const page = await openPage(browser);
    await login(page, 'shell', 'not-the-password');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toBe('用户名或密码错误');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('asks for both fields before sending anything', async () => {
    const page = await openPage(browser, VIEWPORTS.phone);
    await page.goto('/login');
    let loginCalls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/login')) loginCalls += 1;
    });
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText('请输入用户名', { exact: true }).waitFor();
    await page.getByText('请输入密码', { exact: true }).waitFor();
    expect(loginCalls).toBe(0);
    await screenshot(page, 'login-375');
    await page.context().close();
  });

  it('signs in, shows the nav at 1280 px, and logs out back to a guarded app', async () => {
    const page = await openPage(browser, VIEWPORTS.desktop);
    await login(page, 'shell');
    await page.getByRole('heading', { name: /^今天 · / }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    const nav = page.getByRole('navigation', { name: '主导航' });
    for (const label of NAV_LABELS) {
      // 标签 joins the bar from 1,440 px (the phone's menu and 搜索 reach it below).
      const shown = label !== '标签';
      await expect(nav.getByText(label, { exact: true }).isVisible()).resolves.toBe(shown);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await nav.getByRole('link', { name: '标签' }).waitFor();
    await page.setViewportSize(VIEWPORTS.desktop);
    await expect(page.getByText('导航测试', { exact: true }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'home-1280');

    // The session survives a reload (stored flag + user + token).
    await page.reload();
    await page.getByRole('heading', { name: /^今天 · / }).waitFor();

    // A signed-in visitor of /login is sent home.
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/');

    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await page.goto('/tasks');
    await page.waitForURL('**/login');
    await page.context().close();
  });

  it('at 800 px shows icon-only links with the active one highlighted', async () => {
    const page = await openPage(browser, { width: 900, height: 900 });
    await login(page, 'shell');
    await page.getByRole('heading', { name: /^今天 · / }).waitFor();
    const nav = page.getByRole('navigation', { name: '主导航' });
    const tasksLink = nav.getByRole('link', { name: '任务管理' });
    await expect(tasksLink.isVisible()).resolves.toBe(true);
    await expect(nav.getByText('任务管理', { exact: true }).isVisible()).resolves.toBe(false);
    await tasksLink.click();
    await page.waitForURL('**/tasks');
    const active = nav.locator('a[aria-current="page"]');
    await page.waitForFunction(
      () =>
        document
          .querySelector('nav[aria-label="主导航"] a[aria-current="page"]')
          ?.getAttribute('aria-label') === '任务管理',
    );
    await expect(active.getAttribute('class')).resolves.toContain('bg-blue-50');

    await page.setViewportSize(VIEWPORTS.tablet);
    await page.goto('/');
    await page.getByRole('heading', { name: /^今天 · / }).waitFor();
    await screenshot(page, 'home-800');
    await page.context().close();
  });

  it('at 375 px collapses the nav into a menu listing every link', async () => {
    const page = await openPage(browser, VIEWPORTS.phone);
    await login(page, 'shell');
    await page.getByRole('heading', { name: /^今天 · / }).waitFor();
    await expect(page.getByRole('navigation', { name: '主导航' }).isVisible()).resolves.toBe(false);
    await screenshot(page, 'home-375');
    await page.getByRole('button', { name: '打开菜单' }).click();
    const menu = page.getByRole('navigation', { name: '移动导航' });
    await menu.waitFor();
    const links = await menu.getByRole('link').allTextContents();
    expect(links).toEqual(NAV_LABELS);
    await screenshot(page, 'menu-375');
    await menu.getByRole('link', { name: '打卡管理' }).click();
    await page.waitForURL('**/checkin');
    await menu.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('asks for the shell and screen of a signed-in page beside the entry, each once', async () => {
    // No worker: every chunk is a request of the page's own, in the order the page asks.
    const page = await openPage(browser, VIEWPORTS.desktop, { serviceWorkers: 'block' });
    await login(page, 'shell');
    await page.getByRole('heading', { name: /^今天 · / }).waitFor();
    const html = await (await page.request.get('/')).text();
    const entry = html.match(/<script type="module"[^>]*src="([^"]+)"/)?.[1];
    expect(entry).toBeTruthy();

    // The entry's answer is held back: what the page asks for meanwhile, /boot.js asked for
    // (the entry's own imports wait for it to arrive and run).
    let releaseEntry = () => {};
    const entryHeld = new Promise<void>((resolve) => {
      releaseEntry = resolve;
    });
    await page.route(`**${entry}`, async (route) => {
      await entryHeld;
      await route.continue();
    });
    const chunks: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) chunks.push(pathname);
    });
    await page.goto('/tasks', { waitUntil: 'commit' });
    await expect
      .poll(() => chunks.map((c) => c.replace(/-[\w-]+\.js$/, '')), { timeout: 5000 })
      .toEqual(expect.arrayContaining(['/assets/Layout', '/assets/shared', '/assets/TasksScreen']));
    releaseEntry();

    await page.getByRole('heading', { name: '任务管理' }).waitFor();
    expect(chunks).toContain(entry);
    expect(new Set(chunks).size).toBe(chunks.length);
    await page.context().close();
  });

  it("draws the bar's title before any script for a stored session, then hands it over", async () => {
    const page = await openPage(browser, VIEWPORTS.desktop, { serviceWorkers: 'block' });
    await login(page, 'shell');
    await page.getByRole('heading', { name: /^今天 · / }).waitFor();
    const title = () => page.getByText('个人管理系统', { exact: true });
    const drawn = await title().boundingBox();
    const html = await (await page.request.get('/')).text();
    const entry = html.match(/<script type="module"[^>]*src="([^"]+)"/)?.[1];
    expect(entry).toBeTruthy();

    // With the entry held back the page has nothing but index.html, its CSS and /boot.js.
    let releaseEntry = () => {};
    const entryHeld = new Promise<void>((resolve) => {
      releaseEntry = resolve;
    });
    await page.route(`**${entry}`, async (route) => {
      await entryHeld;
      await route.continue();
    });
    await page.goto('/tasks', { waitUntil: 'commit' });
    const early = page.locator('#boot-bar');
    await early.getByText('个人管理系统').waitFor();
    // The same spot and size as the bar's own title: Chrome then keeps the first paint as the
    // largest text (LCP) instead of counting the second.
    expect(await early.getByText('个人管理系统').boundingBox()).toEqual(drawn);
    await page.screenshot({ path: 'screenshots/shell-boot-bar-1280.png' });
    releaseEntry();

    await page.getByRole('heading', { name: '任务管理' }).waitFor();
    await early.waitFor({ state: 'detached' });
    await expect(title().count()).resolves.toBe(1);
    expect(await title().boundingBox()).toEqual(drawn);
    await page.context().close();
  });

  it('loads no chunk of the signed-in screens for a visitor without a session', async () => {
    const page = await openPage(browser, VIEWPORTS.desktop, { serviceWorkers: 'block' });
    const chunks: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/assets/')) chunks.push(pathname);
    });
    await page.goto('/tasks');
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: '登录', exact: true }).waitFor();
    // 新版本可用 loads once the page has: its chunk must not bring 'shared' either.
    await page.waitForFunction(() => document.readyState === 'complete');
    await expect.poll(() => chunks.some((c) => c.includes('/UpdatePrompt-'))).toBe(true);
    expect(chunks.filter((c) => /\/(Layout|shared|TasksScreen)-/.test(c))).toEqual([]);
    // Nor was the bar's title drawn for the signed-in: the login page has no bar.
    await expect(page.locator('#boot-bar').count()).resolves.toBe(0);
    await page.context().close();
  });
});
