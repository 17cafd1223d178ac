import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AuthProvider, useAuth } from '../../src/api/auth';
import { engineFor } from '../../src/api/engine';
import { openLocalDb } from '../../src/api/engine/local-db';
import { notifySessionExpired, readSession } from '../../src/api/session';
import { hookClient, signIn, testServer } from './harness';
import { recordRequests, requestsTo } from './requests';

// Signing in and out as the app's one auth state sees it (docs/spec.md §4; docs/architecture.md, Decisions "Auth").

const { server, demo } = await testServer({ today: '2026-11-21' });
const requests = recordRequests(server);

function renderAuth() {
  const { client, wrapper: Query } = hookClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Query>
      <AuthProvider queryClient={() => client}>{children}</AuthProvider>
    </Query>
  );
  return { client, ...renderHook(() => useAuth(), { wrapper }) };
}

/** Lists the device holds for `username` (a stored copy is what logout must forget). */
async function storedLists(username: string) {
  const db = await openLocalDb(username);
  try {
    return await db.getAllKeys('lists');
  } finally {
    db.close();
  }
}
const sent = (method: string, path: string) => requestsTo(requests, method, path);

it('is used inside its provider only', () => {
  expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used inside <AuthProvider>');
});

describe('at start', () => {
  it('is anonymous without a stored session', () => {
    const { result } = renderAuth();
    expect(result.current.status).toBe('anonymous');
    expect(result.current.user).toBeNull();
    expect(result.current.notice).toBeNull();
  });

  it('restores a stored session', async () => {
    await signIn(demo);
    const { result } = renderAuth();
    expect(result.current.status).toBe('authenticated');
    expect(result.current.user).toEqual({ username: 'demo', displayName: expect.any(String) });
  });

  // The app's first render is a transition React slices (main.tsx); a session restored by an
  // effect after it would draw the shell and the screen in one long task instead.
  it('knows the session in its very first render, with nothing to wait for', async () => {
    await signIn(demo);
    const seen: string[] = [];
    const { client, wrapper: Query } = hookClient();
    renderHook(
      () => {
        const { status } = useAuth();
        seen.push(status);
        return status;
      },
      {
        wrapper: ({ children }) => (
          <Query>
            <AuthProvider queryClient={() => client}>{children}</AuthProvider>
          </Query>
        ),
      },
    );
    expect(seen[0]).toBe('authenticated');
    expect(new Set(seen)).toEqual(new Set(['authenticated']));
  });
});

describe('login', () => {
  it('rejects with the server’s reason and stays signed out', async () => {
    const { result } = renderAuth();
    await expect(
      result.current.login({ username: 'demo', password: 'wrong-pass' }),
    ).rejects.toThrow('用户名或密码错误');
    expect(result.current.status).toBe('anonymous');
    expect(readSession()).toBeNull();
  });

  it('stores the session, forgets what an earlier user left cached and clears the notice', async () => {
    const { client, result } = renderAuth();
    client.setQueryData(['tasks', 'list'], ['earlier user’s']);
    act(() => notifySessionExpired());
    expect(result.current.notice).toBe('登录已过期，请重新登录');
    await act(() => result.current.login({ username: 'demo', password: 'demo1234' }));
    expect(sent('POST', '/api/auth/login')).toHaveLength(1);
    expect(result.current.status).toBe('authenticated');
    expect(result.current.user?.username).toBe('demo');
    expect(result.current.notice).toBeNull();
    expect(readSession()?.user.username).toBe('demo');
    expect(client.getQueryData(['tasks', 'list'])).toBeUndefined();
  });

  // The login route has no query client (the signed-in shell makes it): nothing to clear.
  it('signs in before the app has made a query client', async () => {
    const { result } = renderHook(() => useAuth(), {
      wrapper: ({ children }) => (
        <AuthProvider queryClient={() => undefined}>{children}</AuthProvider>
      ),
    });
    await expect(
      result.current.login({ username: 'demo', password: 'wrong-pass' }),
    ).rejects.toThrow('用户名或密码错误');
    await act(() => result.current.login({ username: 'demo', password: 'demo1234' }));
    expect(result.current.status).toBe('authenticated');
    expect(readSession()?.user.username).toBe('demo');
  });

  it('keeps the device token per username past 退出登录 and sends it with the next login', async () => {
    localStorage.removeItem('pm-device:demo');
    const { result } = renderAuth();
    await act(() => result.current.login({ username: 'demo', password: 'demo1234' }));
    const firstBody = await sent('POST', '/api/auth/login')[0]!.clone().json();
    expect(firstBody.deviceToken).toBeUndefined();
    const stored = localStorage.getItem('pm-device:demo');
    expect(stored).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.\d+\.[A-Za-z0-9_-]+$/);
    await act(() => result.current.logout());
    expect(localStorage.getItem('pm-device:demo')).toBe(stored);
    await act(() => result.current.login({ username: 'demo', password: 'demo1234' }));
    const secondBody = await sent('POST', '/api/auth/login')[1]!.clone().json();
    expect(secondBody.deviceToken).toBe(stored);
  });
});

describe('the session ends', () => {
  async function withStoredList() {
    const { client, result } = renderAuth();
    await act(() => result.current.login({ username: 'demo', password: 'demo1234' }));
    await engineFor(client).list('tasks');
    await waitFor(async () => expect(await storedLists('demo')).toContain('tasks'));
    return { client, result };
  }

  it('logout tells the server, and forgets the session, the cache and the device’s store', async () => {
    const { client, result } = await withStoredList();
    const token = readSession()?.token;
    await act(() => result.current.logout());
    const [logout] = sent('POST', '/api/auth/logout');
    expect(logout?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(result.current.status).toBe('anonymous');
    expect(result.current.user).toBeNull();
    expect(result.current.notice).toBeNull();
    expect(readSession()).toBeNull();
    expect(client.getQueryCache().getAll()).toEqual([]);
    expect(await storedLists('demo')).toEqual([]);
  });

  it('logout goes ahead when the server cannot be told', async () => {
    const { result } = await withStoredList();
    server.use(http.post(/\/api\/auth\/logout$/, () => HttpResponse.error()));
    await act(() => result.current.logout());
    expect(result.current.status).toBe('anonymous');
    expect(await storedLists('demo')).toEqual([]);
  });

  it('logout forgets the signed-in user’s store even when the stored session is gone', async () => {
    const { result } = await withStoredList();
    // Another tab signed out first, or the storage was cleared.
    localStorage.clear();
    await act(() => result.current.logout());
    expect(await storedLists('demo')).toEqual([]);
  });

  it('an expired session says so and keeps the device’s store for the next sign-in', async () => {
    const { result } = await withStoredList();
    act(() => notifySessionExpired());
    expect(result.current.notice).toBe('登录已过期，请重新登录');
    await waitFor(() => expect(result.current.status).toBe('anonymous'));
    expect(readSession()).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await storedLists('demo')).toContain('tasks');
  });
});
