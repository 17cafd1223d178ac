import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { todayString } from '../../src/domain/dates';
import { DEFAULT_SETTINGS } from '../../src/domain/schemas/default-settings';
import { renderApp, signIn, testServer } from './harness';

// 设置 → 通知 → 提醒渠道 and the new reminder settings (issue 62). The channel routes are the
// Node server's (server/push/channel-routes.ts), answered here as that server would.

const { server, demo } = await testServer({ today: todayString(new Date()) });

interface Channel {
  channel: 'ntfy' | 'bark' | 'email';
  target: string;
  enabled: boolean;
  failures: number;
  lastError: string;
  server?: string;
}

let channels: Channel[];
let puts: unknown[];

beforeEach(async () => {
  await signIn(demo);
  await demo.store.settings.put('demo', DEFAULT_SETTINGS, new Date().toISOString());
  channels = [
    {
      channel: 'ntfy',
      target: 'pms-AbCdEfGhIjKlMnOpQrStUv',
      enabled: false,
      failures: 0,
      lastError: '',
      server: 'http://127.0.0.1:8090',
    },
    { channel: 'email', target: '', enabled: false, failures: 0, lastError: '' },
  ];
  puts = [];
  server.use(
    http.get('/api/push/inbox', () => HttpResponse.json({ items: [], unread: 0 })),
    http.get('/api/push/channels', () => HttpResponse.json({ channels })),
    http.put('/api/push/channels/:channel', async ({ params, request }) => {
      const body = (await request.json()) as { target: string; enabled: boolean };
      puts.push({ channel: params.channel, ...body });
      if (params.channel === 'email' && !body.target.includes('@')) {
        return HttpResponse.json({ error: 'target: 邮箱地址无效' }, { status: 400 });
      }
      const c = channels.find((x) => x.channel === params.channel)!;
      Object.assign(c, body);
      return HttpResponse.json(c);
    }),
    http.post('/api/push/channels/:channel/test', ({ params }) => {
      if (params.channel === 'email') {
        return HttpResponse.json({ delivered: false, error: '邮件发送失败：Connection timeout' });
      }
      channels[0]!.enabled = true;
      return HttpResponse.json({ delivered: true, channel: channels[0] });
    }),
  );
});

describe('提醒渠道', () => {
  it('shows the offered channels, the topic with 复制 and the server to subscribe on', async () => {
    renderApp('/settings?section=notifications');
    const card = await screen.findByRole('region', { name: '提醒渠道' });
    const ntfy = within(card).getByRole('region', { name: 'ntfy' });
    expect(within(ntfy).getByLabelText('主题')).toHaveValue('pms-AbCdEfGhIjKlMnOpQrStUv');
    expect(within(ntfy).getByRole('button', { name: '复制' })).toBeEnabled();
    expect(ntfy).toHaveTextContent('http://127.0.0.1:8090');
    expect(within(card).queryByRole('region', { name: 'Bark' })).toBeNull();
    expect(within(card).getByRole('region', { name: '邮件' })).toBeInTheDocument();
  });

  it('发送测试 shows 已送达 and the channel on; an error is shown as it is', async () => {
    renderApp('/settings?section=notifications');
    const card = await screen.findByRole('region', { name: '提醒渠道' });
    const user = userEvent.setup();
    const ntfy = within(card).getByRole('region', { name: 'ntfy' });
    await user.click(within(ntfy).getByRole('button', { name: '发送测试' }));
    expect(await within(ntfy).findByText('✓ 已送达')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(ntfy).getByRole('checkbox', { name: '开启 ntfy' })).toBeChecked(),
    );

    const email = within(card).getByRole('region', { name: '邮件' });
    const address = within(email).getByLabelText('邮箱地址');
    await user.type(address, 'bad{Enter}');
    expect(await within(email).findByText('邮箱地址无效')).toBeInTheDocument();
    await user.clear(address);
    await user.type(address, 'me@example.com{Enter}');
    await waitFor(() =>
      expect(puts.at(-1)).toEqual({ channel: 'email', target: 'me@example.com', enabled: false }),
    );
    await user.click(within(email).getByRole('button', { name: '发送测试' }));
    expect(
      await within(email).findByText('未送达：邮件发送失败：Connection timeout'),
    ).toBeInTheDocument();
  });

  it('saves 任务默认提醒, 每日概览 and 记账提醒 with their times', async () => {
    renderApp('/settings?section=notifications');
    const section = await screen.findByRole('region', { name: '通知' });
    const user = userEvent.setup();
    const select = within(section).getByRole('combobox', { name: /任务默认提醒/ });
    expect(select).toHaveValue('0');
    await user.selectOptions(select, '提前30分钟');
    await user.click(within(section).getByRole('checkbox', { name: '记账提醒' }));
    await waitFor(async () =>
      expect((await demo.store.settings.get('demo'))?.notifications).toMatchObject({
        taskDefaultReminder: 30,
        ledger: true,
        ledgerTime: '21:00',
        digest: false,
      }),
    );
    await user.selectOptions(select, '不提醒');
    await waitFor(async () =>
      expect((await demo.store.settings.get('demo'))?.notifications.taskDefaultReminder).toBeNull(),
    );
  });
});
