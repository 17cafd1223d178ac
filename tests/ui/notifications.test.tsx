import { cleanup, screen, waitFor, within } from '@testing-library/react';
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
    renderApp('/settings?section=notifications');
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
    // The fields wait while a save is on its way (disabled): the server may hold the first
    // change before this device has its answer, and a click on a disabled box is lost.
    const quiet = within(section).getByRole('checkbox', { name: /开启免打扰/ });
    await waitFor(() => expect(quiet).toBeEnabled());
    await user.click(quiet);
    // Saved through the outbox after the first save: usually 60–110 ms, once over 1 s on a
    // loaded machine (CI). What is tested is that it arrives.
    await waitFor(
      async () =>
        expect((await demo.store.settings.get('demo'))?.notifications).toMatchObject({
          quietStart: '22:30',
          quietEnd: '07:30',
        }),
      { timeout: 5000 },
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

describe('打卡 on a notification with the app open', () => {
  // The worker's side is public/push-sw.js (tests/e2e/push.e2e.ts); here the page's answer.
  let worker: EventTarget;
  beforeEach(() => {
    worker = Object.assign(new EventTarget(), { controller: null });
    Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });
  });
  afterEach(() => {
    // Unmounted first: the bell's effect lets go of the worker on the way out.
    cleanup();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  async function ask(data: Record<string, unknown>) {
    const answers: unknown[] = [];
    const port = { postMessage: (m: unknown) => answers.push(m) };
    worker.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'pms-checkin', ...data },
        ports: [port as never],
      }),
    );
    await waitFor(() => expect(answers).toHaveLength(1));
    return answers[0];
  }

  it('checks in through the outbox once, however often it is tapped, for its own user only', async () => {
    const today = todayString(new Date());
    await demo.store.checkinTasks.create('demo', {
      id: 'notif-read',
      name: '阅读 30 分钟',
      description: '',
      type: 'daily',
      frequency: 1,
      monthlyTarget: 30,
      category: 'study',
    });
    let posts = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith('/api/checkin-records')) posts += 1;
    });
    renderApp('/');
    await screen.findByRole('button', { name: /通知中心/ });
    const tap = { user: 'demo', taskId: 'notif-read', date: today };
    expect(await ask({ ...tap, user: 'someone-else' })).toEqual({ ok: false });
    expect(await ask({ ...tap, taskId: 'no-such-habit' })).toEqual({ ok: false });
    const [first, second] = await Promise.all([ask(tap), ask(tap)]);
    expect([first, second]).toEqual([{ ok: true }, { ok: true }]);
    await waitFor(async () =>
      expect(
        (await demo.store.checkinRecords.list('demo')).filter((r) => r.taskId === 'notif-read'),
      ).toMatchObject([{ date: today, value: 1 }]),
    );
    expect(await ask(tap)).toEqual({ ok: true });
    await new Promise((r) => setTimeout(r, 1000));
    expect(posts).toBe(1);
    expect(
      (await demo.store.checkinRecords.list('demo')).filter((r) => r.taskId === 'notif-read'),
    ).toHaveLength(1);
    server.events.removeAllListeners('request:start');
  });
});
