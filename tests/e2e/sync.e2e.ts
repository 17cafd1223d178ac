import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { EXPORT_FILE_KEYS, habit as habitFields } from '../fixtures/records';
import { deviceCopy, launchBrowser, login, openPage, screenshot, VIEWPORTS } from './browser';
import type { E2EUser } from './users';

// The sync dialog against the real server: export from one account and import into the
// other, legacy upload run twice, the dialog with the server unreachable, and a download.

type Row = Record<string, unknown> & { id: string };

const CATEGORIES = {
  accounts: '/api/accounts',
  assets: '/api/assets',
  workouts: '/api/workouts',
  tasks: '/api/tasks',
  timeRecords: '/api/time-records',
  assetHistory: '/api/assets/history',
  checkinTasks: '/api/checkin-tasks',
  checkinRecords: '/api/checkin-records',
} as const;
type Category = keyof typeof CATEGORIES;

const browser = await launchBrowser();
afterAll(() => browser.close());

/** A call as the page's signed-in user, outside the page so page.route never touches it. */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const session = await page.evaluate(() => ({
    token: localStorage.getItem('authToken'),
    user: JSON.parse(localStorage.getItem('currentUser') ?? '{}').username as string,
  }));
  const res = await page.request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${session.token}`, 'x-user-id': session.user },
    data: body,
  });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return (res.status() === 204 ? undefined : await res.json()) as T;
}

async function serverData(page: Page): Promise<Record<Category, Row[]>> {
  const entries = await Promise.all(
    Object.entries(CATEGORIES).map(async ([key, path]) => [
      key,
      await api<Row[]>(page, 'GET', path),
    ]),
  );
  return Object.fromEntries(entries);
}

async function signedIn(
  user: E2EUser,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
) {
  const page = await openPage(browser, viewport);
  await login(page, user);
  await page.getByRole('heading', { name: /^今天 · / }).waitFor();
  return page;
}

async function openSync(page: Page, status = '在线') {
  // At 768 px and below the 同步 button lives in the menu.
  const menu = page.getByRole('button', { name: '打开菜单' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: '同步' }).click();
  const dialog = page.getByRole('dialog', { name: '数据同步' });
  const shown = dialog.getByText(status, { exact: true });
  try {
    await shown.waitFor({ timeout: 6_000 });
  } catch {
    // Once in a CI run under load the badge still read what it read before the server went
    // away; say what it read, check again as a user would, and hold to that answer.
    const badge = dialog.getByRole('button', { name: '刷新服务器状态' }).locator('..');
    console.warn(`同步 read「${await badge.textContent()}」, not「${status}」: checking again`);
    await dialog.getByRole('button', { name: '刷新服务器状态' }).click();
    await shown.waitFor({ timeout: 10_000 });
  }
  return dialog;
}

async function seedAccount(page: Page) {
  const day = '2026-03-14';
  const post = (path: string, body: unknown) => api<Row>(page, 'POST', path, body);
  await post(CATEGORIES.accounts, {
    type: 'expense',
    amount: 32.8,
    category: 'dining',
    description: '午餐',
    date: day,
  });
  await post(CATEGORIES.accounts, {
    type: 'income',
    amount: 15000,
    category: 'salary',
    description: '三月工资',
    date: day,
  });
  const v1 = await post(CATEGORIES.assets, {
    type: 'asset',
    name: '招商银行储蓄卡',
    category: 'bank_deposit',
    amount: 20000,
    description: '',
    date: day,
  });
  const v2 = await post(CATEGORIES.assets, {
    type: 'asset',
    name: '招商银行储蓄卡',
    category: 'bank_deposit',
    amount: 25000,
    description: '',
    date: day,
    version: 2,
    originalId: v1.id,
    previousVersionId: v1.id,
  });
  await post(CATEGORIES.assetHistory, {
    assetId: v2.id,
    assetName: '招商银行储蓄卡',
    action: 'update',
    oldData: v1,
    newData: v2,
    timestamp: `${day}T02:00:00.000Z`,
  });
  await post(CATEGORIES.workouts, {
    type: 'running',
    duration: 35,
    calories: 320,
    notes: '晨跑',
    date: day,
  });
  await post(CATEGORIES.tasks, {
    title: '整理发票',
    description: '报销用',
    priority: 'high',
    category: 'work',
    dueDate: '2026-03-20',
    completed: false,
  });
  await post(CATEGORIES.timeRecords, {
    task: '写代码',
    category: 'programming',
    duration: 1800,
    date: day,
  });
  const habit = await post(CATEGORIES.checkinTasks, habitFields());
  await post(CATEGORIES.checkinRecords, { taskId: habit.id, date: day });
}

const byId = (rows: Row[]) => rows.toSorted((a, b) => a.id.localeCompare(b.id));

/**
 * Each record, without the fields its write stamps: the server's `updatedAt`, and the edit time
 * and clock stamp the importing device gives it (an import is a write through the outbox).
 */
const comparable = (rows: Row[]) =>
  byId(rows).map(({ updatedAt: _u, editedAt: _e, stamp: _s, ...rest }) => rest);

describe('sync dialog', () => {
  let exported = '';

  it('exports every record of one account, and importing it into another reproduces them', async () => {
    const page = await signedIn('sync');
    await seedAccount(page);
    const source = await serverData(page);
    const dialog = await openSync(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: '导出本地数据' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^personal-management-data-\d{4}-\d{2}-\d{2}\.json$/,
    );
    const today = await page.evaluate(() => new Date().toLocaleDateString('sv-SE'));
    expect(download.suggestedFilename()).toBe(`personal-management-data-${today}.json`);
    exported = await readFile((await download.path())!, 'utf8');
    const file = JSON.parse(exported) as Record<Category, Row[]>;
    expect(Object.keys(file)).toEqual(EXPORT_FILE_KEYS);
    for (const category of Object.keys(CATEGORIES) as Category[]) {
      expect(byId(file[category]), category).toEqual(byId(source[category]));
    }
    await page.context().close();

    const other = await signedIn('sync2', VIEWPORTS.tablet);
    const importDialog = await openSync(other);
    await importDialog.getByLabel('选择要导入的数据文件').setInputFiles({
      name: 'backup.json',
      mimeType: 'application/json',
      buffer: Buffer.from(exported),
    });
    const preview = importDialog.getByRole('region', { name: '导入预览：backup.json' });
    await preview.waitFor();
    await expect(preview.getByRole('listitem').allTextContents()).resolves.toEqual([
      '记账记录2 条',
      '资产/负债2 条',
      '运动记录1 条',
      '任务1 条',
      '时间记录1 条',
      '资产修改历史1 条',
      '打卡任务1 条',
      '打卡记录1 条',
    ]);
    await screenshot(other, 'sync-800');
    await importDialog.getByRole('button', { name: '确认导入' }).click();
    await importDialog.getByText('数据导入成功！').waitFor();

    const imported = await serverData(other);
    for (const category of Object.keys(CATEGORIES) as Category[]) {
      expect(comparable(imported[category]), category).toEqual(comparable(source[category]));
    }
    // The screens see them too.
    await importDialog.getByRole('button', { name: '关闭' }).click();
    await other.getByRole('link', { name: '记账管理' }).click();
    await other.getByText('三月工资').first().waitFor();
    await other.context().close();
  });

  it('refuses a bad file and names the record to fix', async () => {
    const page = await signedIn('sync2', VIEWPORTS.phone);
    const before = await serverData(page);
    const dialog = await openSync(page);
    const file = JSON.parse(exported);
    file.workouts[0].duration = -5;
    await dialog.getByLabel('选择要导入的数据文件').setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(file)),
    });
    await dialog
      .getByRole('alert')
      .filter({ hasText: '无法导入「broken.json」：运动记录第 1 条记录无效（字段 duration' })
      .waitFor();
    await screenshot(page, 'sync-375-import-error');
    expect(await serverData(page)).toEqual(before);
    await page.context().close();
  });

  it('uploads legacy records once: a second upload adds nothing, and what cannot be fixed stays', async () => {
    const page = await openPage(browser, VIEWPORTS.desktop);
    // The original app's data, on a browser nobody has signed in on since.
    await page.goto('/login');
    await page.evaluate(() => {
      localStorage.setItem(
        'accounts',
        JSON.stringify([
          {
            id: '1699999999999.5',
            type: '支出',
            amount: '18.00',
            category: '交通',
            date: '2023/11/14',
          },
          {
            id: '1700000000001',
            type: '收入',
            amount: '500',
            category: '兼职',
            date: '2023-11-15',
          },
          {
            id: '1700000000002',
            type: '支出',
            amount: '不详',
            category: '餐饮',
            date: '2023-11-16',
          },
        ]),
      );
      localStorage.setItem(
        'workouts',
        JSON.stringify([{ id: '1700000000100', type: '游泳', duration: '40', date: '2023-11-14' }]),
      );
      localStorage.setItem(
        'timeRecords',
        JSON.stringify([
          {
            id: '1700000000200',
            task: '读书',
            category: '阅读',
            duration: 1500,
            date: '2023-11-14',
          },
        ]),
      );
    });
    await login(page, 'sync');
    await page.getByRole('heading', { name: /^今天 · / }).waitFor();
    const before = await serverData(page);
    const dialog = await openSync(page);
    await dialog.getByText('本机有 5 条旧版数据尚未上传到云端', { exact: false }).waitFor();

    const upload = dialog.getByRole('button', { name: '上传本地数据到云端' });
    await upload.click();
    // One record failed: the result says so instead of 数据上传成功！, and lists it.
    await dialog.getByText('数据上传完成，部分记录未能上传').waitFor();
    await dialog.getByText(/^1 条记录未能上传/).waitFor();
    const results = dialog.getByRole('region', { name: '上传结果' });
    // The legacy record with no amount cannot be made valid: it fails and stays.
    await expect(results.getByRole('listitem').first().textContent()).resolves.toBe(
      '记账记录2 条失败 1 条',
    );
    await dialog.getByText('本机有 1 条旧版数据尚未上传到云端', { exact: false }).waitFor();
    const failed = dialog.getByRole('region', { name: /未能上传的旧数据/ });
    await failed
      .getByRole('listitem', { name: '记账记录 第 1 条' })
      .getByText(/amount：/)
      .waitFor();
    await screenshot(page, 'sync-1280');

    const first = await serverData(page);
    expect(first.accounts).toHaveLength(before.accounts.length + 2);
    expect(first.workouts).toHaveLength(before.workouts.length + 1);
    expect(first.timeRecords).toHaveLength(before.timeRecords.length + 1);
    expect(first.accounts.find((a) => a.id === '1700000000001')).toMatchObject({
      type: 'income',
      category: 'part_time',
      amount: 500,
    });

    // The second run finds only the record that stays invalid.
    await upload.click();
    await results.getByText('0 条失败 1 条').waitFor();
    await dialog.getByText('数据上传完成，部分记录未能上传').waitFor();
    expect(await serverData(page)).toEqual(first);
    const kept = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('legacy:accounts') ?? '[]'),
    );
    expect(kept).toEqual([expect.objectContaining({ id: '1700000000002', amount: '不详' })]);
    await page.context().close();
  });

  it('with the server unreachable reads 离线, disables download, queues an upload, and still exports', async () => {
    const page = await signedIn('sync', VIEWPORTS.phone);
    // A visit to 记账管理 leaves its list on the device; then the server goes away.
    await page.goto('/accounting');
    await page.getByRole('heading', { name: '记账管理' }).waitFor();
    await expect.poll(() => deviceCopy(page, 'sync', 'accounts')).not.toBeNull();
    // On the context, not the page: once the service worker controls the page (sooner under
    // load), its requests pass page.route by, and /health answered 在线 (CI, twice).
    await page.context().route('**/health', (route) => route.abort());
    await page.context().route('**/api/**', (route) => route.abort());
    const dialog = await openSync(page, '离线');
    // An upload goes through the outbox like any write: offline it queues (docs/architecture.md).
    await expect(
      dialog.getByRole('button', { name: '上传本地数据到云端' }).isDisabled(),
    ).resolves.toBe(false);
    await expect(dialog.getByRole('button', { name: '从云端下载数据' }).isDisabled()).resolves.toBe(
      true,
    );
    await screenshot(page, 'sync-375');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: '导出本地数据' }).click(),
    ]);
    const file = JSON.parse(await readFile((await download.path())!, 'utf8'));
    const copy = (await deviceCopy<Row>(page, 'sync', 'accounts'))!;
    expect(file.accounts.map((a: Row) => a.id).sort()).toEqual(copy.map((a: Row) => a.id).sort());
    expect(file.accounts.length).toBeGreaterThan(0);
    await page.context().close();
  });

  it('download overwrites the device’s copy with the server’s lists and reloads the page', async () => {
    const page = await signedIn('sync', VIEWPORTS.desktop);
    await page.evaluate(() => {
      (window as unknown as { beforeReload: boolean }).beforeReload = true;
    });
    const server = await serverData(page);
    const dialog = await openSync(page);
    await dialog.getByRole('button', { name: '从云端下载数据' }).click();
    // It asks first, saying how many changes wait (none here).
    const ask = page.getByRole('alertdialog', { name: '从云端下载数据' });
    await ask.getByText('将覆盖本机数据').waitFor();
    await ask.getByText('没有等待发送的更改（0 条）。').waitFor();
    await ask.getByRole('button', { name: '确定下载' }).click();
    await dialog.getByText('数据下载成功！页面即将刷新...').waitFor();
    const results = dialog.getByRole('region', { name: '下载结果' });
    await results.getByText(`${server.accounts.length} 条`).first().waitFor();
    const accounts = (await deviceCopy(page, 'sync', 'accounts'))!;
    expect(accounts.map((a) => a.id).sort()).toEqual(server.accounts.map((a) => a.id).sort());
    expect(await deviceCopy(page, 'sync', 'workouts')).toHaveLength(server.workouts.length);

    // The reload comes about 2 s later: the marker set on this document disappears.
    await page.waitForFunction(
      () => !(window as unknown as { beforeReload?: boolean }).beforeReload,
      null,
      { timeout: 5000 },
    );
    await page.getByRole('heading', { name: /^今天 · / }).waitFor();
    await page.context().close();
  });
  it('offline, 导入数据 shows the records at once, queues them in 同步, and sends them once back', async () => {
    const page = await signedIn('sync2', VIEWPORTS.desktop);
    await page.goto('/accounting');
    await page.getByRole('heading', { name: '记账管理' }).waitFor();
    await expect.poll(() => deviceCopy(page, 'sync2', 'accounts')).not.toBeNull();
    const day = await page.evaluate(() => new Date().toLocaleDateString('sv-SE'));
    const record = (id: string, description: string, amount: number) => ({
      id,
      type: 'expense',
      amount,
      category: 'dining',
      description,
      date: day,
    });
    const file = Object.fromEntries(EXPORT_FILE_KEYS.map((key) => [key, [] as unknown[]]));
    file.accounts = [
      record('offline-import-1', '离线导入的午餐', 23.5),
      record('offline-import-2', '离线导入的晚餐', 41),
    ];
    await page.route('**/health', (route) => route.abort());
    await page.route('**/api/**', (route) => route.abort());
    const dialog = await openSync(page, '离线');
    await dialog.getByLabel('选择要导入的数据文件').setInputFiles({
      name: 'offline.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(file)),
    });
    await dialog.getByRole('button', { name: '确认导入' }).click();
    await dialog.getByText('数据已导入本机，服务器恢复后自动同步').waitFor();
    // Queued like any write: 同步 lists both, and the server has neither yet.
    const waiting = dialog.getByRole('region', { name: '待同步的更改' });
    await waiting.getByText('2 条待同步').waitFor();
    const held = async () =>
      (await api<Row[]>(page, 'GET', '/api/accounts'))
        .map((a) => a.id)
        .filter((id) => id.startsWith('offline-import-'))
        .sort();
    expect(await held()).toEqual([]);
    // On the screen at once.
    await dialog.getByRole('button', { name: '关闭' }).click();
    await page.getByText('离线导入的午餐').first().waitFor();
    await page.getByText('离线导入的晚餐').first().waitFor();

    // The server answers again: the outbox's next try (or 'online') sends them.
    await page.unrouteAll();
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(held, { timeout: 15_000 }).toEqual(['offline-import-1', 'offline-import-2']);
    await expect.poll(() => page.getByText(/条待同步/).count(), { timeout: 10_000 }).toBe(0);
    await page.context().close();
  });
  it('a record changed by hand in IndexedDB shows the server’s version again after the next sync', async () => {
    const page = await signedIn('sync', VIEWPORTS.desktop);
    const repairs: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('本机副本与服务器不一致')) repairs.push(message.text());
    });
    const day = await page.evaluate(() => new Date().toLocaleDateString('sv-SE'));
    const record = await api<Row>(page, 'POST', '/api/accounts', {
      type: 'expense',
      amount: 18,
      category: 'dining',
      description: '服务器上的说明',
      date: day,
    });
    await page.goto('/accounting');
    await page.getByRole('heading', { name: '记账管理' }).waitFor();
    await page.getByText('服务器上的说明').first().waitFor();
    await expect
      .poll(async () =>
        (await deviceCopy<Row>(page, 'sync', 'accounts'))?.some((a) => a.id === record.id),
      )
      .toBe(true);

    // The device's copy damaged by hand, and the page told to read it again (as another tab
    // that stored it would): the screen shows the damage.
    await page.evaluate(
      ([name, id]) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open(name);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const store = db.transaction('lists', 'readwrite').objectStore('lists');
            const get = store.get('accounts');
            get.onsuccess = () => {
              const list = get.result as { json: string };
              const rows = JSON.parse(list.json) as { id: string; description: string }[];
              for (const row of rows) if (row.id === id) row.description = '被改坏的说明';
              const put = store.put({ ...list, json: JSON.stringify(rows) });
              put.onsuccess = () => {
                db.close();
                new BroadcastChannel(name).postMessage({ type: 'lists', kinds: ['accounts'] });
                resolve();
              };
              put.onerror = () => reject(put.error);
            };
          };
        }),
      ['pms:sync', record.id] as const,
    );
    await page.getByText('被改坏的说明').first().waitFor();

    // The next sync (the window gains focus), without a reload: the digests differ, the record
    // is fetched again, and the screen and the stored copy hold the server's version.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.getByText('服务器上的说明').first().waitFor({ timeout: 10_000 });
    expect(await page.getByText('被改坏的说明').count()).toBe(0);
    const copy = (await deviceCopy<Row>(page, 'sync', 'accounts'))!;
    expect(copy.find((a) => a.id === record.id)?.description).toBe('服务器上的说明');
    // Only the damaged record was repaired: every other list the page holds matched the real
    // server's digest (SQLite builds its answers' JSON itself; the hashes agree with it).
    expect(repairs).toEqual([
      expect.stringContaining('accounts: 本机副本与服务器不一致（1 条不同，0 条多余）'),
    ]);
    await page.context().close();
  });
});
