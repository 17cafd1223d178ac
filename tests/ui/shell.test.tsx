import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { TIMER_STORAGE_KEY } from '../../src/domain/storage-keys';
import { renderApp, seedDeviceCopy, signIn, testServer } from './harness';

const { demo } = await testServer({ today: '2026-11-21' });
beforeEach(async () => {
  await signIn(demo);
});

const runningTimer = JSON.stringify({
  isTimerRunning: true,
  currentSession: {
    task: '写周报',
    category: 'writing',
    startTime: Date.now() - 60_000,
    duration: 0,
  },
});

async function logOut() {
  const user = userEvent.setup();
  renderApp('/tasks');
  await user.click(await screen.findByRole('button', { name: '退出登录' }));
  return user;
}

describe('logout', () => {
  it('clears the session, the device’s store and the cache, and returns to /login', async () => {
    await seedDeviceCopy('tasks', []);
    const names = async () => (await indexedDB.databases()).map((d) => d.name);
    expect(await names()).toContain('pms:demo');
    await logOut();
    await screen.findByPlaceholderText('请输入用户名');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('isLoggedIn')).toBeNull();
    await waitFor(async () => expect(await names()).not.toContain('pms:demo'));
  });

  it('asks before dropping a focus timer that was never saved', async () => {
    localStorage.setItem(TIMER_STORAGE_KEY, runningTimer);
    const user = await logOut();
    const dialog = await screen.findByRole('dialog', { name: '请确认' });
    expect(
      within(dialog).getByText('专注计时还没有保存。退出登录会丢弃这次计时，确定退出登录吗？'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(localStorage.getItem('authToken')).not.toBeNull();
    expect(localStorage.getItem(TIMER_STORAGE_KEY)).toBe(runningTimer);

    await user.click(screen.getByRole('button', { name: '退出登录' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '请确认' })).getByRole('button', {
        name: '退出登录',
      }),
    );
    await screen.findByPlaceholderText('请输入用户名');
    expect(localStorage.getItem(TIMER_STORAGE_KEY)).toBeNull();
  });

  it('warns about legacy records not yet uploaded, and keeps them', async () => {
    localStorage.setItem('legacy:accounts', JSON.stringify([{ id: '1', amount: '5' }]));
    const user = await logOut();
    const dialog = await screen.findByRole('dialog', { name: '请确认' });
    expect(within(dialog).getByText(/尚未上传到云端的旧数据/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '退出登录' }));
    await screen.findByPlaceholderText('请输入用户名');
    expect(localStorage.getItem('legacy:accounts')).not.toBeNull();
  });
});

describe('phone navigation and the + sheet', () => {
  it('bottom tabs are links marking the active one; 更多 lists the other screens', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/tasks');
    const tabs = await screen.findByRole('navigation', { name: '底部导航' });
    expect(within(tabs).getByRole('link', { name: '任务' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(tabs).getByRole('link', { name: '首页' })).not.toHaveAttribute('aria-current');
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/', '/accounting', '/tasks', '/checkin']);
    await user.click(within(tabs).getByRole('button', { name: '更多' }));
    const more = await screen.findByRole('dialog', { name: '更多' });
    expect(
      within(more)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['资产管理', '/assets'],
      ['健身记录', '/fitness'],
      ['时间管理', '/time'],
      ['日历', '/calendar'],
      ['标签', '/tags'],
      ['设置', '/settings'],
    ]);
    expect(within(more).getByRole('button', { name: '同步' })).toBeInTheDocument();
    expect(within(more).getByRole('button', { name: '退出登录' })).toBeInTheDocument();
    await user.click(within(more).getByRole('link', { name: '健身记录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fitness'));
    expect(screen.queryByRole('dialog', { name: '更多' })).not.toBeInTheDocument();
  });

  it('快速记录 opens a sheet of links; Escape closes it and focus returns to +', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/tasks');
    const plus = await screen.findByRole('button', { name: '快速记录' });
    await user.click(plus);
    const sheet = await screen.findByRole('dialog', { name: '快速记录' });
    expect(
      within(sheet)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['记一笔', '/accounting?add=expense'],
      ['添加任务', '/tasks?add=1'],
      ['健身打卡', '/fitness?add=1'],
      ['开始专注', '/time?start=work'],
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '快速记录' })).toBeNull());
    expect(plus).toHaveFocus();

    await user.click(plus);
    await user.click(
      within(await screen.findByRole('dialog', { name: '快速记录' })).getByRole('link', {
        name: '记一笔',
      }),
    );
    await screen.findByRole('dialog', { name: '添加记录' });
    expect(router.state.location.pathname).toBe('/accounting');
  });
});
