import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayString } from '../../src/domain/dates';
import { DEFAULT_SETTINGS } from '../../src/domain/schemas/default-settings';
import { renderApp, signIn, testServer } from './harness';

// 设置 → 通知 and the 通知中心 in the nav bar. The push routes are the Node server's only
// (server/push), so the inbox is answered here as that server would.

const { server, demo } = await testServer({ today: todayString(new Date()) });

const inbox = {
  items: [
    {
      key: 'task:rent:0',
      occurrence: '2026-11-27T07:00:00.000Z',
      kind: 'task',
      title: '交房租 · 15:00 到期',
      body: '',
      url: '/tasks',
      at: new Date().toISOString(),
      read: false,
    },
    {
      key: 'habit:read',
      occurrence: '2026-11-26',
      kind: 'habit',
      title: '今天还没打卡：阅读 30 分钟',
      body: '',
      url: '/checkin',
      at: new Date(Date.now() - 86_400_000).toISOString(),
      read: true,
    },
  ],
  unread: 1,
};
const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);

beforeEach(async () => {
  await signIn(demo);
  await demo.store.settings.put('demo', DEFAULT_SETTINGS, new Date().toISOString());
  vi.stubGlobal('Notification', { permission: 'default', requestPermission });
  server.use(http.get('/api/push/inbox', () => HttpResponse.json(inbox)));
});
afterEach(() => {
  vi.unstubAllGlobals();
  requestPermission.mockClear();
});

describe('设置 → 通知', () => {
  it('never asks for the permission on load, and saves a kind and 免打扰 with the time zone', async () => {
    renderApp('/settings');
    const section = await screen.findByRole('region', { name: '通知' });
    expect(within(section).getByRole('button', { name: '发送测试通知' })).toBeInTheDocument();
    expect(requestPermission).not.toHaveBeenCalled();
    const user = userEvent.setup();
    await user.click(within(section).getByRole('checkbox', { name: '打卡提醒' }));
    await waitFor(async () =>
      expect((await demo.store.settings.get('demo'))?.notifications).toMatchObject({
        habit: false,
        task: true,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      }),
    );
    await user.click(within(section).getByRole('checkbox', { name: /开启免打扰/ }));
    await waitFor(async () =>
      expect((await demo.store.settings.get('demo'))?.notifications).toMatchObject({
        quietStart: '22:30',
        quietEnd: '07:30',
      }),
    );
    expect(requestPermission).not.toHaveBeenCalled();
  });
});

describe('通知中心', () => {
  it('shows the unread count, lists the reminders and marks them read', async () => {
    const read: unknown[] = [];
    server.use(
      http.post('/api/push/inbox/read', async ({ request }) => {
        read.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '通知中心，1 条未读' }));
    const dialog = await screen.findByRole('dialog', { name: '通知中心' });
    expect(within(dialog).getByText('交房租 · 15:00 到期')).toBeInTheDocument();
    expect(within(dialog).getByText('今天还没打卡：阅读 30 分钟')).toBeInTheDocument();
    expect(within(dialog).getByText('，未读')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '全部已读' }));
    await waitFor(() => expect(read).toEqual([{ all: true }]));
  });
});
