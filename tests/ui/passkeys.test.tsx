import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clearSession, readSession } from '../../src/api/session';
import { renderApp, signIn, testServer } from './harness';

// 通行密钥 in 账号安全 and on the login screen (issue 39), against the real app in msw. jsdom has
// no WebAuthn, which is the case of a browser without it: the refusal must read in Chinese.
// The ceremonies themselves run in Chromium (tests/e2e/passkeys.e2e.ts).

const { demo } = await testServer({ today: '2026-11-21' });

describe('通行密钥', () => {
  it('lists the passkeys with their dates and removes one named with it', async () => {
    await signIn(demo);
    await demo.store.passkeys.create({
      id: 'cred-1',
      username: 'demo',
      publicKey: 'AAAA',
      counter: 0,
      transports: ['internal'],
      name: '我的手机',
      createdAt: '2026-11-20T02:00:00.000Z',
      lastUsedAt: '',
    });
    renderApp('/settings?section=security');
    const section = await screen.findByRole('region', { name: '通行密钥' });
    const item = await within(section).findByRole('listitem');
    expect(item).toHaveTextContent('我的手机');
    expect(item).toHaveTextContent(/添加于 2026-11-20 \d\d:00 · 最近使用 从未使用/);
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: '删除 我的手机' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('删除通行密钥「我的手机」');
    await user.click(within(dialog).getByRole('button', { name: '删除' }));
    await within(section).findByText('还没有通行密钥。');
    expect(await demo.store.passkeys.listForUser('demo')).toEqual([]);
  });

  it('says in Chinese when the browser cannot make one', async () => {
    await signIn(demo);
    renderApp('/settings?section=security');
    const section = await screen.findByRole('region', { name: '通行密钥' });
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: '添加通行密钥' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      '此浏览器不支持通行密钥，请使用密码登录',
    );
  });

  it('offers 使用通行密钥登录 on the login screen, and says why it cannot', async () => {
    clearSession();
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '使用通行密钥登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '此浏览器不支持通行密钥，请使用密码登录',
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '使用通行密钥登录' })).toBeEnabled(),
    );
    expect(readSession()).toBeNull();
  });
});
