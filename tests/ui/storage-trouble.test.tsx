import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayString } from '../../src/domain/dates';
import { renderApp, signIn, testServer } from './harness';

// A server whose storage fails (server/storage-health.ts) still answers: its 503/507 and its
// /health name the trouble. The app says the server's disk is full or its database damaged,
// not that it is 离线, and keeps the change on the device until the server takes it.

const { demo } = await testServer({ today: todayString(new Date()), clear: ['tasks'] });
beforeEach(() => signIn(demo));
afterEach(() => vi.restoreAllMocks());

const FULL = '服务器磁盘空间已满，无法保存，请联系管理员';

describe('a server whose disk is full', () => {
  it('is named in the nav bar and the sync dialog, and the change goes once it has room', async () => {
    // What better-sqlite3 throws when a write does not fit on the disk.
    const full = vi
      .spyOn(demo.store.tasks, 'create')
      .mockRejectedValue(
        Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }),
      );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp('/tasks');
    await screen.findByText('暂无任务，点击上方按钮添加第一个任务');
    await user.click(screen.getByRole('button', { name: '添加任务' }));
    const form = await screen.findByRole('dialog', { name: '添加任务' });
    await user.type(within(form).getByLabelText(/标题/), '交房租');
    await user.click(within(form).getByRole('button', { name: '保存' }));

    // The bar has one for wide screens and one for narrow ones.
    const [indicator] = await screen.findAllByRole('button', { name: /服务器磁盘已满/ });
    // On a phone the pill shows the icon and the count; its name says it all.
    expect(indicator).toHaveAccessibleName(/^服务器磁盘已满\s*1 条待同步$/);
    expect(indicator).toHaveAttribute('title', FULL);
    expect(screen.queryByText('离线')).not.toBeInTheDocument();
    // Kept on the device meanwhile.
    expect(await screen.findByRole('listitem', { name: '交房租' })).toBeInTheDocument();

    await user.click(indicator!);
    const dialog = within(await screen.findByRole('dialog', { name: '数据同步' }));
    // /health answered 503 {status: 'degraded', reason: 'full', error}.
    expect(await dialog.findByText('服务器磁盘已满')).toBeInTheDocument();
    expect(dialog.queryByText('离线')).not.toBeInTheDocument();
    expect(dialog.getByText(new RegExp(`^${FULL}。本机的修改保存在本机`))).toHaveTextContent(
      '本机的修改保存在本机，服务器恢复后会自动同步；导出本地数据仍可使用。',
    );
    // An upload is queued in the outbox like any write (docs/architecture.md).
    expect(dialog.getByRole('button', { name: '上传本地数据到云端' })).toBeEnabled();
    // A full disk still serves what it holds.
    expect(dialog.getByRole('button', { name: '从云端下载数据' })).toBeEnabled();
    expect(dialog.getByRole('button', { name: '导出本地数据' })).toBeEnabled();
    expect(await demo.store.tasks.list('demo')).toEqual([]);

    // Room again: the data layer's next try stores the task, which ends the trouble.
    full.mockRestore();
    await waitFor(
      async () =>
        expect((await demo.store.tasks.list('demo')).map((t) => t.title)).toEqual(['交房租']),
      { timeout: 8000 },
    );
    await waitFor(() =>
      expect(screen.queryAllByRole('button', { name: /服务器磁盘已满/ })).toHaveLength(0),
    );
    await user.click(dialog.getByRole('button', { name: '刷新服务器状态' }));
    expect(await dialog.findByText('在线')).toBeInTheDocument();
    expect(dialog.queryByText(new RegExp(FULL))).not.toBeInTheDocument();
  }, 20_000);

  // Last: a damaged database stays damaged for this file's app (until a restore and restart).
  it('a damaged database is named as such, download is not offered, an upload is queued', async () => {
    // The list a device asks for (GET ?since=) is read through changes().
    vi.spyOn(demo.store.tasks, 'changes').mockRejectedValue(
      Object.assign(new Error('database disk image is malformed'), { code: 'SQLITE_CORRUPT' }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp('/tasks');
    const [indicator] = await screen.findAllByRole('button', { name: /服务器数据库已损坏/ });
    expect(indicator).not.toHaveTextContent('离线');
    await user.click(indicator!);
    const dialog = within(await screen.findByRole('dialog', { name: '数据同步' }));
    expect(await dialog.findByText('服务器数据库已损坏')).toBeInTheDocument();
    expect(
      dialog.getByText(/^服务器的数据库文件已损坏，暂停保存数据；请联系管理员从备份恢复。/),
    ).toHaveTextContent('下载暂不可用，导出本地数据仍可使用。');
    expect(dialog.getByRole('button', { name: '上传本地数据到云端' })).toBeEnabled();
    expect(dialog.getByRole('button', { name: '从云端下载数据' })).toBeDisabled();
    expect(dialog.getByRole('button', { name: '导出本地数据' })).toBeEnabled();
  });
});
