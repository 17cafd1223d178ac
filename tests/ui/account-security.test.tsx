import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { totpCode } from '../../server/two-factor';
import { clearSession, readSession } from '../../src/api/session';
import { describeUserAgent } from '../../src/domain/user-agent';
import { renderApp, signIn, testServer } from './harness';

// 设置 → 账号安全 (issue 39): the signed-in devices and 修改密码, against the real app in msw.

const { demo } = await testServer({ today: '2026-11-21' });

async function otherDevice() {
  const res = await demo.app.request('/api/auth/login', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    },
    body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
  });
  const { token } = (await res.json()) as { token: string };
  return () =>
    demo.app.request('/api/auth/me', {
      headers: { authorization: `Bearer ${token}`, 'x-user-id': 'demo' },
    });
}

describe('账号安全', () => {
  it('is on /settings without a click, lists the devices and signs one out', async () => {
    await demo.store.sessions.removeForUser('demo');
    await signIn(demo);
    const phone = await otherDevice();
    renderApp('/settings?section=security');
    const section = await screen.findByRole('region', { name: '账号安全' });
    const devices = within(section).getByRole('region', { name: '登录设备' });
    await within(devices).findByText('本设备');
    expect(within(devices).getByText('Safari · iPhone')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(devices).getByRole('button', { name: /^退出 Safari · iPhone/ }));
    await user.click(await screen.findByRole('button', { name: '退出' }));
    await screen.findByText('已退出该设备');
    expect((await phone()).status).toBe(401);
    await waitFor(() => expect(within(devices).queryByText('Safari · iPhone')).toBeNull());
    expect(readSession()).not.toBeNull();
  });

  it('changes the password, asking for the current one, and signs out the others', async () => {
    await demo.store.sessions.removeForUser('demo');
    await signIn(demo);
    const phone = await otherDevice();
    renderApp('/settings?section=security');
    const section = await screen.findByRole('region', { name: '修改密码' });
    const user = userEvent.setup();
    await user.type(within(section).getByLabelText('当前密码'), 'wrong-one');
    await user.type(within(section).getByLabelText('新密码'), 'short');
    await user.click(within(section).getByRole('button', { name: '修改密码' }));
    await within(section).findByText('新密码至少 8 位');
    await user.clear(within(section).getByLabelText('新密码'));
    await user.type(within(section).getByLabelText('新密码'), 'brand-new-pass');
    await user.click(within(section).getByRole('button', { name: '修改密码' }));
    await within(section).findByText('当前密码不正确');
    expect(within(section).getByRole('checkbox', { name: '同时退出其他设备' })).toBeChecked();
    await user.clear(within(section).getByLabelText('当前密码'));
    await user.type(within(section).getByLabelText('当前密码'), 'demo1234');
    await user.click(within(section).getByRole('button', { name: '修改密码' }));
    await screen.findByText('密码已修改，其他设备已退出登录');
    expect((await phone()).status).toBe(401);
    // Put back for the other tests of this server.
    await demo.app.request('/api/auth/password', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${readSession()!.token}`,
        'x-user-id': 'demo',
      },
      body: JSON.stringify({ currentPassword: 'brand-new-pass', newPassword: 'demo1234' }),
    });
  });
});

describe('describeUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
      'Edge · Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      'Safari · macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
      'Chrome · Android',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0', 'Firefox · Linux'],
    ['', '未知浏览器 · 未知系统'],
  ])('%s → %s', (ua, expected) => {
    expect(describeUserAgent(ua)).toBe(expected);
  });
});

describe('两步验证', () => {
  it('is set up from 账号安全 and asked for as a second step at sign-in', async () => {
    await demo.store.sessions.removeForUser('demo');
    await signIn(demo);
    const view = renderApp('/settings?section=security');
    const section = await screen.findByRole('region', { name: '两步验证' });
    const user = userEvent.setup();
    await user.click(await within(section).findByRole('button', { name: '开启两步验证' }));
    expect(await within(section).findByRole('img', { name: '两步验证二维码' })).toBeInTheDocument();
    const secret = within(section).getByText(/^[A-Z2-7]{32}$/).textContent!;
    await user.type(within(section).getByLabelText('验证码'), totpCode(secret, Date.now()));
    await user.click(within(section).getByRole('button', { name: '确认开启' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('请输入当前密码');
    await user.type(within(section).getByLabelText('当前密码'), 'demo1234');
    await user.click(within(section).getByRole('button', { name: '确认开启' }));
    const codes = await within(section).findByRole('list', { name: '恢复码' });
    const recovery = within(codes)
      .getAllByRole('listitem')
      .map((li) => li.textContent!);
    expect(recovery).toHaveLength(10);
    await user.click(within(section).getByRole('button', { name: '我已保存恢复码' }));
    await within(section).findByText(/已开启/);
    expect(within(section).queryByRole('list', { name: '恢复码' })).toBeNull();
    view.unmount();

    // Signed out: the password, then the second step.
    clearSession();
    renderApp('/');
    await user.type(await screen.findByLabelText('用户名'), 'demo');
    await user.type(screen.getByLabelText('密码'), 'demo1234');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await screen.findByRole('heading', { name: '两步验证' });
    await user.type(screen.getByLabelText('验证码'), 'aaaaa-aaaaa');
    await user.click(screen.getByRole('button', { name: '验证' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('验证码错误');
    await user.clear(screen.getByLabelText('验证码'));
    await user.type(screen.getByLabelText('验证码'), recovery[0]!);
    await user.click(screen.getByRole('button', { name: '验证' }));
    await waitFor(() => expect(readSession()).not.toBeNull());

    // Left as found for the other tests of this server.
    const stored = (await demo.store.users.get('demo'))!;
    await demo.store.users.upsert({ ...stored, twoFactor: null });
  });
});
