import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { stopEngine } from '../../src/api/engine';
import { openLocalDb } from '../../src/api/engine/local-db';
import { logoutWarning } from '../../src/api/logout-policy';
import { legacyId } from '../../src/domain/legacy';
import { RESOURCE_NAMES } from '../../src/domain/resources';
import { EXPORT_FILE_KEYS, habit } from '../fixtures/records';
import { storedTask } from './engine-harness';
import { renderApp, seedDeviceCopy, signIn, testServer } from './harness';

const TODAY = '2026-11-21';
// Every kind emptied after each case: uploads and imports are counted against an empty account.
const { server, demo } = await testServer({ today: TODAY, clear: RESOURCE_NAMES });
beforeEach(() => signIn(demo));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The files the app hands the browser to save from now on (a link's click), name and content. */
function captureDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href')!)! });
  });
  return saved;
}

const account = (id: string, amount = 12.5) => ({
  id,
  type: 'expense',
  amount,
  category: 'dining',
  description: '午餐',
  date: TODAY,
});

async function openDialog() {
  const user = userEvent.setup();
  const { queryClient, unmount } = renderApp('/');
  // Each case's engine stops with it: one left running (the upload of 1,200, still syncing)
  // wrote into the next case's device copy, so a download there read 502 records, not 2.
  onTestFinished(async () => {
    unmount();
    await stopEngine(queryClient, null);
  });
  await user.click(await screen.findByRole('button', { name: '同步' }));
  const dialog = await screen.findByRole('dialog', { name: '数据同步' });
  await within(dialog).findByText('在线');
  return { user, dialog: within(dialog), queryClient, unmount };
}

/** Bookkeeping records the original app left in this browser, never uploaded. */
function legacyAccounts(records: unknown[]) {
  localStorage.setItem('accounts', JSON.stringify(records));
}

const stored = async () => ({
  accounts: await demo.store.accounts.list('demo'),
  assets: await demo.store.assets.list('demo'),
  workouts: await demo.store.workouts.list('demo'),
  tasks: await demo.store.tasks.list('demo'),
  checkinTasks: await demo.store.checkinTasks.list('demo'),
  checkinRecords: await demo.store.checkinRecords.list('demo'),
});

/** What the original app left in localStorage, with nobody signed in on this browser since. */
function seedLegacy() {
  localStorage.setItem(
    'accounts',
    JSON.stringify([
      { id: '1700000000000.25', type: '支出', amount: '35.50', category: '餐饮', date: '2024/1/5' },
      { id: '1700000000001', type: '收入', amount: '8000', category: '工资', date: '2024-01-10' },
      // A negative amount cannot be made valid: counted as failed and kept.
      { id: '1700000000002', type: '支出', amount: '-3', category: '交通', date: '2024-01-11' },
    ]),
  );
  localStorage.setItem(
    'assets',
    JSON.stringify([
      {
        id: '1700000000010.5',
        type: '资产',
        name: '招行储蓄',
        category: '银行存款',
        amount: '1000',
        date: '2024-01-01',
        version: 2,
        originalId: '1700000000009',
        previousVersionId: '1700000000009',
      },
      {
        id: '1700000000009',
        type: '资产',
        name: '招行储蓄',
        category: '银行存款',
        amount: '800',
        date: '2024-01-01',
      },
    ]),
  );
  localStorage.setItem(
    'workouts',
    JSON.stringify([{ id: 'w1', type: '跑步', duration: '30', date: '2024-01-05' }]),
  );
  localStorage.setItem(
    'tasks',
    JSON.stringify([{ id: 't1', title: '写周报', priority: '高', category: '工作' }]),
  );
}

describe('sync dialog', () => {
  it('opens from the nav bar with the status, the default message and the usage note', async () => {
    const { dialog } = await openDialog();
    expect(dialog.getByText('选择同步操作')).toBeInTheDocument();
    const note = dialog.getByRole('region', { name: '使用说明' });
    for (const button of ['上传本地数据到云端', '从云端下载数据', '导出本地数据', '导入数据']) {
      expect(dialog.getByRole('button', { name: button })).toBeEnabled();
      expect(within(note).getByText(`${button}：`)).toBeInTheDocument();
    }
  });

  it('offline: download is disabled, upload (queued) and export are not, and refresh checks again', async () => {
    server.use(http.get(/\/health$/, () => HttpResponse.error()));
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: '同步' }));
    const dialog = within(await screen.findByRole('dialog', { name: '数据同步' }));
    await dialog.findByText('离线');
    expect(dialog.getByRole('button', { name: '上传本地数据到云端' })).toBeEnabled();
    expect(dialog.getByRole('button', { name: '从云端下载数据' })).toBeDisabled();
    expect(dialog.getByRole('button', { name: '导出本地数据' })).toBeEnabled();
    expect(dialog.getByText(/下载暂不可用；上传和导入先保存在本机/)).toBeInTheDocument();

    server.resetHandlers();
    await user.click(dialog.getByRole('button', { name: '刷新服务器状态' }));
    await dialog.findByText('在线');
    expect(dialog.getByRole('button', { name: '上传本地数据到云端' })).toBeEnabled();
  });

  it('uploads normalised legacy records, keeps what cannot be made valid, and a second upload adds nothing', async () => {
    seedLegacy();
    const { user, dialog } = await openDialog();
    expect(dialog.getByText(/本机有 7 条旧版数据尚未上传到云端/)).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: '上传本地数据到云端' }));
    // Not 数据上传成功！: a record failed, and the dialog says how many.
    await dialog.findByText('数据上传完成，部分记录未能上传');
    expect(dialog.getByText(/^1 条记录未能上传/)).toBeInTheDocument();
    expect(dialog.queryByText('数据上传成功！')).not.toBeInTheDocument();
    const results = within(dialog.getByRole('region', { name: '上传结果' }));
    expect(results.getByText('记账记录').nextSibling).toHaveTextContent('2 条失败 1 条');
    expect(results.getByText('资产/负债').nextSibling).toHaveTextContent('2 条');
    expect(results.getByText('运动记录').nextSibling).toHaveTextContent('1 条');
    expect(results.getByText('任务').nextSibling).toHaveTextContent('1 条');

    const after = await stored();
    expect(after.accounts.map((a) => [a.id, a.type, a.amount, a.category]).sort()).toEqual(
      [
        ['1700000000001', 'income', 8000, 'salary'],
        [legacyId('1700000000000.25'), 'expense', 35.5, 'dining'],
      ].sort(),
    );
    const chain = after.assets.toSorted((a, b) => a.version - b.version);
    expect(chain.map((a) => [a.id, a.version, a.originalId, a.amount])).toEqual([
      ['1700000000009', 1, null, 800],
      [legacyId('1700000000010.5'), 2, '1700000000009', 1000],
    ]);
    expect(after.workouts[0]).toMatchObject({
      id: 'w1',
      type: 'running',
      calories: null,
      notes: '',
    });
    expect(after.tasks[0]).toMatchObject({
      priority: 'high',
      category: 'work',
      completed: false,
      dueDate: '',
    });

    // Only the record that could not be made valid is still waiting.
    expect(JSON.parse(localStorage.getItem('legacy:accounts')!)).toEqual([
      expect.objectContaining({ id: '1700000000002' }),
    ]);
    expect(localStorage.getItem('legacy:assets')).toBeNull();
    expect(dialog.getByText(/本机有 1 条旧版数据尚未上传到云端/)).toBeInTheDocument();
    // The refused record is listed with why, and its content a click away.
    const failed = within(dialog.getByRole('region', { name: /未能上传的旧数据/ }));
    const row = failed.getByRole('listitem', { name: '记账记录 第 1 条' });
    expect(row).toHaveTextContent(/amount：/);
    await user.click(within(row).getByRole('button', { name: /记账记录 第 1 条/ }));
    expect(within(row).getByText(/"amount": "-3"/)).toBeInTheDocument();

    // Everything valid is on the server now: the second run posts nothing.
    server.resetHandlers();
    const posts: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST') posts.push(request.url);
    });
    await user.click(dialog.getByRole('button', { name: '上传本地数据到云端' }));
    // Left: the legacy record that stays invalid, so again not 数据上传成功！.
    await dialog.findByText('数据上传完成，部分记录未能上传');
    const second = within(dialog.getByRole('region', { name: '上传结果' }));
    expect(second.getByText('记账记录').nextSibling).toHaveTextContent('0 条失败 1 条');
    expect(posts).toEqual([]);
    expect(await stored()).toEqual(after);

    // Discarded after a confirmation naming it: nothing is left to hold up a logout.
    expect(logoutWarning(Date.now(), 0)).not.toBeNull();
    const again = within(dialog.getByRole('region', { name: /未能上传的旧数据/ }));
    await user.click(
      within(again.getByRole('listitem', { name: '记账记录 第 1 条' })).getByRole('button', {
        name: '放弃',
      }),
    );
    const confirm = await screen.findByRole('dialog', { name: '请确认' });
    expect(confirm).toHaveTextContent('确定要放弃「记账记录 第 1 条」吗？');
    await user.click(within(confirm).getByRole('button', { name: '放弃' }));
    await waitFor(() =>
      expect(dialog.queryByText(/旧版数据尚未上传到云端/)).not.toBeInTheDocument(),
    );
    expect(localStorage.getItem('legacy:accounts')).toBeNull();
    expect(logoutWarning(Date.now(), 0)).toBeNull();
  });

  it('uploads through the outbox in batches of 500, one request at a time', async () => {
    legacyAccounts(Array.from({ length: 1_200 }, (_, i) => account(`a${i}`)));
    let inFlight = 0;
    let most = 0;
    const sizes: number[] = [];
    server.use(
      // Slows each batch down, then falls through to the real app.
      http.post(/\/api\/accounts\/batch$/, async ({ request }) => {
        const body = (await request.clone().json()) as { records: unknown[] };
        sizes.push(body.records.length);
        inFlight += 1;
        most = Math.max(most, inFlight);
        await delay(60);
        inFlight -= 1;
      }),
    );
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole('button', { name: '上传本地数据到云端' }));
    await dialog.findByText('数据上传成功！', {}, { timeout: 10_000 });
    expect(dialog.queryByRole('progressbar')).toBeNull();
    // The outbox's replay sends one request at a time, in the order the records were queued.
    expect(sizes).toEqual([500, 500, 200]);
    expect(most).toBe(1);
    expect(await demo.store.accounts.list('demo')).toHaveLength(1_200);
    expect(localStorage.getItem('legacy:accounts')).toBeNull();
  }, 20_000);

  it('offline, an upload waits in the outbox, listed in 同步, instead of failing', async () => {
    legacyAccounts(Array.from({ length: 1_200 }, (_, i) => account(`a${i}`)));
    let posts = 0;
    server.use(
      http.post(/\/api\/accounts\/batch$/, () => {
        posts += 1;
        return HttpResponse.error();
      }),
    );
    const { user, dialog, queryClient, unmount } = await openDialog();
    await user.click(dialog.getByRole('button', { name: '上传本地数据到云端' }));
    await dialog.findByText('数据已保存在本机，服务器恢复后自动上传', {}, { timeout: 10_000 });
    const results = within(dialog.getByRole('region', { name: '上传结果' }));
    expect(results.getByText('记账记录').nextSibling).toHaveTextContent('1200 条');
    const waiting = within(dialog.getByRole('region', { name: '待同步的更改' }));
    expect(waiting.getByText('1200 条待同步')).toBeInTheDocument();
    expect(posts).toBeLessThanOrEqual(2);
    // Not yet taken: still the old app's records, until the server has them.
    expect(JSON.parse(localStorage.getItem('legacy:accounts')!)).toHaveLength(1_200);
    // Closed before the server answers again: its retry must not send into the next test (the
    // app unmounted first, or a screen would start the engine again from the stored outbox).
    unmount();
    await stopEngine(queryClient, null);
  }, 20_000);

  it('a batch the server refuses is counted failed, record by record, and stays legacy', async () => {
    legacyAccounts([account('a1'), account('a2')]);
    server.use(
      http.post(/\/api\/accounts\/batch$/, () =>
        HttpResponse.json({ error: 'x' }, { status: 422 }),
      ),
    );
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole('button', { name: '上传本地数据到云端' }));
    await dialog.findByText('数据上传完成，部分记录未能上传', {}, { timeout: 10_000 });
    const results = within(dialog.getByRole('region', { name: '上传结果' }));
    expect(results.getByText('记账记录').nextSibling).toHaveTextContent('0 条失败 2 条');
    expect(JSON.parse(localStorage.getItem('legacy:accounts')!)).toHaveLength(2);
  });

  it('downloads every list, overwrites the device’s copy, and reloads after 2 s', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    await demo.store.accounts.create('demo', account('srv-1') as never);
    await demo.store.accounts.create('demo', account('srv-2') as never);
    await seedDeviceCopy('accounts', [account('stale')], { cursor: 999_999 });
    const { user, dialog } = await openDialog();

    // It asks first: the download replaces the device's copy.
    await user.click(dialog.getByRole('button', { name: '从云端下载数据' }));
    const ask = within(await screen.findByRole('alertdialog', { name: '从云端下载数据' }));
    expect(ask.getByText('将覆盖本机数据')).toBeInTheDocument();
    expect(ask.getByText('没有等待发送的更改（0 条）。')).toBeInTheDocument();
    await user.click(ask.getByRole('button', { name: '取消' }));
    // By name: the device's cursor, ahead of the server's, may also bring 服务器的数据比本机旧.
    expect(screen.queryByRole('alertdialog', { name: '从云端下载数据' })).toBeNull();
    // 取消 downloads nothing. (The copy itself may be repaired meanwhile by the sync's digest
    // check, docs/architecture.md "The digest", so it is not what tells.)
    expect(dialog.queryByRole('region', { name: '下载结果' })).toBeNull();
    expect(dialog.queryByText('数据下载成功！页面即将刷新...')).toBeNull();
    expect(reload).not.toHaveBeenCalled();

    await user.click(dialog.getByRole('button', { name: '从云端下载数据' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: '从云端下载数据' })).getByRole(
        'button',
        { name: '确定下载' },
      ),
    );
    await dialog.findByText('数据下载成功！页面即将刷新...');
    const results = within(dialog.getByRole('region', { name: '下载结果' }));
    expect(results.getByText('记账记录').nextSibling).toHaveTextContent('2 条');
    expect(results.getByText('打卡记录').nextSibling).toHaveTextContent('0 条');
    const db = await openLocalDb('demo');
    const copy = JSON.parse((await db.get('lists', 'accounts'))!.json) as { id: string }[];
    db.close();
    expect(copy.map((a) => a.id)).toEqual(['srv-1', 'srv-2']);
    expect(reload).not.toHaveBeenCalled();
    await waitFor(() => expect(reload).toHaveBeenCalledOnce(), { timeout: 3000 });
  });

  it('a failed download says so, with the server’s reason', async () => {
    server.use(
      http.get(/\/api\/tasks$/, () =>
        HttpResponse.json({ error: '数据库不可用' }, { status: 500 }),
      ),
    );
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole('button', { name: '从云端下载数据' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定下载' }),
    );
    await dialog.findByText('数据下载失败，请检查网络连接');
    expect(dialog.getByText('数据库不可用')).toBeInTheDocument();
  });

  it('exports every category to personal-management-data-<today>.json, legacy records included', async () => {
    await demo.store.accounts.create('demo', account('srv-1') as never);
    await demo.store.tasks.create('demo', storedTask('task-1', '写周报', `${TODAY}T01:00:00.000Z`));
    seedLegacy();
    const saved = captureDownloads();
    const { user, dialog } = await openDialog();

    await user.click(dialog.getByRole('button', { name: '导出本地数据' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const today = new Date().toLocaleDateString('sv-SE');
    expect(saved[0]!.name).toBe(`personal-management-data-${today}.json`);
    const file = JSON.parse(await saved[0]!.blob.text());
    expect(Object.keys(file)).toEqual(EXPORT_FILE_KEYS);
    expect(file.accounts.map((a: { id: string }) => a.id)).toEqual([
      'srv-1',
      legacyId('1700000000000.25'),
      '1700000000001',
      '1700000000002',
    ]);
    expect(file.tasks.map((t: { id: string }) => t.id)).toEqual(['task-1', 't1']);
    expect(await screen.findByText(`已导出 personal-management-data-${today}.json`)).toBeVisible();
  });

  it('exports one list as CSV: BOM, CRLF, a formula neutralised', async () => {
    await demo.store.accounts.create('demo', {
      ...account('csv-1'),
      type: 'expense',
      description: '=1+1',
      templateId: null,
      reimbursed: false,
      reimbursedBy: null,
    });
    const saved = captureDownloads();
    const { user, dialog } = await openDialog();
    await user.selectOptions(dialog.getByLabelText('导出 CSV 的数据'), '记账记录');
    await user.click(dialog.getByRole('button', { name: '导出 CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toMatch(/^记账记录-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = new Uint8Array(await saved[0]!.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    // In the words of the screens, still Excel-safe (the formula is neutralised).
    expect(text.split('\r\n')[0]).toBe('编号,类型,金额,分类,备注,日期,周期记账,已报销,报销收入');
    expect(text).toContain("csv-1,支出,12.5,餐饮,'=1+1,");
  });

  function importFile(content: unknown, name = 'backup.json') {
    const text = typeof content === 'string' ? content : JSON.stringify(content);
    return new File([text], name, { type: 'application/json' });
  }

  it('refuses a bad file, naming the first bad record, and writes nothing', async () => {
    const { user, dialog } = await openDialog();
    await user.upload(
      dialog.getByLabelText('选择要导入的数据文件'),
      importFile({ accounts: [account('ok-1'), { ...account('bad'), amount: 0 }] }),
    );
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      '无法导入「backup.json」：记账记录第 2 条记录无效（字段 amount：金额必须大于 0），未导入任何数据',
    );
    expect(dialog.queryByRole('button', { name: '确认导入' })).toBeNull();
    expect(await demo.store.accounts.list('demo')).toEqual([]);
  });

  it('offline, an import is shown at once, waits in 同步’s list, and reaches the server once it is back', async () => {
    const file = {
      accounts: [account('off-1'), account('off-2', 99)],
      assets: [],
      workouts: [],
      tasks: [],
      timeRecords: [],
      assetHistory: [],
      checkinTasks: [],
      checkinRecords: [],
    };
    const user = userEvent.setup();
    renderApp('/accounting');
    // The server cannot be reached: neither its health nor any list or write answers.
    server.use(http.all(/\/(api\/.*|health)$/, () => HttpResponse.error()));
    await user.click(await screen.findByRole('button', { name: '同步' }));
    const dialog = within(await screen.findByRole('dialog', { name: '数据同步' }));
    await dialog.findByText('离线');
    await user.upload(dialog.getByLabelText('选择要导入的数据文件'), importFile(file));
    await user.click(await dialog.findByRole('button', { name: '确认导入' }));
    await dialog.findByText('数据已导入本机，服务器恢复后自动同步');
    // Queued like any write: 同步 lists both, and nothing reached the server.
    const waiting = within(dialog.getByRole('region', { name: '待同步的更改' }));
    expect(waiting.getByText('2 条待同步')).toBeInTheDocument();
    expect(await demo.store.accounts.list('demo')).toEqual([]);
    // Shown at once on the screen behind the dialog, each marked as waiting.
    expect(await screen.findAllByText('待同步')).toHaveLength(2);
    expect(screen.getByText('-¥99.00')).toBeInTheDocument();

    server.resetHandlers();
    window.dispatchEvent(new Event('online'));
    await waitFor(
      async () =>
        expect((await demo.store.accounts.list('demo')).map((a) => a.id).sort()).toEqual([
          'off-1',
          'off-2',
        ]),
      { timeout: 8000 },
    );
    await waitFor(() => expect(dialog.queryByRole('region', { name: '待同步的更改' })).toBeNull());
  }, 20_000);

  it('previews an exported file, imports it on confirmation, and a second import adds nothing', async () => {
    const file = {
      accounts: [account('acc-1'), account('acc-2', 99)],
      assets: [],
      workouts: [{ id: 'wo-1', type: 'yoga', duration: 45, calories: 120, notes: '', date: TODAY }],
      tasks: [],
      timeRecords: [],
      assetHistory: [],
      checkinTasks: [habit({ id: 'habit-1' })],
      checkinRecords: [{ id: 'rec-1', taskId: 'habit-1', date: TODAY }],
    };
    const { user, dialog } = await openDialog();
    await user.upload(dialog.getByLabelText('选择要导入的数据文件'), importFile(file));
    const preview = within(await dialog.findByRole('region', { name: '导入预览：backup.json' }));
    expect(preview.getByText('记账记录').nextSibling).toHaveTextContent('2 条');
    expect(preview.getByText('打卡记录').nextSibling).toHaveTextContent('1 条');
    expect(await demo.store.accounts.list('demo')).toEqual([]);

    await user.click(dialog.getByRole('button', { name: '确认导入' }));
    // Sent by the outbox's replay, which may first wait its turn behind the device's first
    // download of every list (src/api/sync.ts IMPORT_IDLE_MS).
    await dialog.findByText('数据导入成功！', {}, { timeout: 10_000 });
    const first = await stored();
    expect(first.accounts.map((a) => a.id).sort()).toEqual(['acc-1', 'acc-2']);
    expect(first.workouts.map((w) => w.id)).toEqual(['wo-1']);
    expect(first.checkinRecords.map((r) => r.id)).toEqual(['rec-1']);

    await user.upload(dialog.getByLabelText('选择要导入的数据文件'), importFile(file));
    await user.click(await dialog.findByRole('button', { name: '确认导入' }));
    await dialog.findByText('数据导入成功！', {}, { timeout: 10_000 });
    expect(await stored()).toEqual(first);
  }, 30_000);
});
