import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFirstAdmin } from '../../server/users';
import { createWebPasswordHasher } from '../../server/web-auth';
import { clearSession, readSession } from '../../src/api/session';
import { renderApp, testServer } from './harness';

// Issue 59, "the first day": signing in with the password the server generated at first start
// asks once for a new one (修改初始密码); 稍后 skips it on this device, a change ends the question.

const { demo } = await testServer({ today: '2026-11-21' });
// The demo server's own rounds (mocks/demo-server.ts), so its login verifies this hash.
const hasher = createWebPasswordHasher({ iterations: 1000 });

async function signInOnScreen(password: string) {
  const user = userEvent.setup();
  const view = renderApp('/');
  await user.type(await screen.findByLabelText('用户名'), 'admin');
  await user.type(screen.getByLabelText('密码'), password);
  await user.click(screen.getByRole('button', { name: '登录' }));
  await waitFor(() => expect(readSession()).not.toBeNull());
  return { user, view };
}

describe('修改初始密码', () => {
  it('is asked after a sign-in with the generated password; 稍后 skips it for the device', async () => {
    const password = await createFirstAdmin(demo.store, hasher);
    const { user, view } = await signInOnScreen(password);
    const dialog = await screen.findByRole('dialog', { name: '修改初始密码' });
    // Keyboard first: the dialog opens on its first field.
    await waitFor(() => expect(within(dialog).getByLabelText('当前密码')).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: '稍后' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '修改初始密码' })).toBeNull());
    view.unmount();

    // The same session opened again (a reload): not asked a second time.
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('dialog', { name: '修改初始密码' })).toBeNull();
    // Still the generated password on the server: the next sign-in asks again.
    expect((await demo.store.users.get('admin'))?.initialPassword).toBe(true);
  });

  it('changes the password from the dialog, and later sign-ins are not asked', async () => {
    const password = await createFirstAdmin(demo.store, hasher);
    const { user, view } = await signInOnScreen(password);
    const dialog = await screen.findByRole('dialog', { name: '修改初始密码' });
    await user.type(within(dialog).getByLabelText('当前密码'), password);
    await user.type(within(dialog).getByLabelText('新密码'), 'my-own-password');
    await user.keyboard('{Enter}');
    await screen.findByText('密码已修改');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '修改初始密码' })).toBeNull());
    expect((await demo.store.users.get('admin'))?.initialPassword).toBe(false);
    view.unmount();

    clearSession();
    await signInOnScreen('my-own-password');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('dialog', { name: '修改初始密码' })).toBeNull();
  });

  it('is not asked of an account with a chosen password', async () => {
    const res = await demo.app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
    });
    expect(((await res.json()) as { initialPassword?: boolean }).initialPassword).toBeUndefined();
  });
});
