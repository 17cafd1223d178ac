import { onlineManager } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { engineFor } from '../../src/api/engine';
import {
  useSaveSettings,
  useSettings,
  useSettingsQuery,
  useUpdateSettings,
} from '../../src/api/settings';
import { DEFAULT_SETTINGS } from '../../src/domain/schemas/default-settings';
import { hookClient, signIn, testServer } from './harness';

// The user's settings record as the hooks see it: the device's copy at once, the server's
// when it answers, and a save that needs the server.

const { server, demo } = await testServer({ today: '2026-11-21' });
beforeEach(async () => {
  await signIn(demo);
});
afterEach(async () => {
  onlineManager.setOnline(true);
});

/** The user's settings on the server, as another device saved them. */
async function serverBudget(monthlyBudget: number) {
  const { token } = await signIn(demo);
  const res = await demo.app.request('/api/settings', {
    method: 'PUT',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${token}`,
      'x-user-id': 'demo',
    },
    body: JSON.stringify({ ...DEFAULT_SETTINGS, monthlyBudget }),
  });
  if (!res.ok) throw new Error(`settings: ${res.status}`);
}

describe('reading', () => {
  it('shows the device’s copy at once, then the server’s', async () => {
    await serverBudget(3000);
    const { client, wrapper } = hookClient();
    await engineFor(client).keep('settings', { ...DEFAULT_SETTINGS, monthlyBudget: 1000 });
    server.use(
      http.get(/\/api\/settings$/, async ({ request }) => {
        await delay(100);
        return demo.app.fetch(request);
      }),
    );
    const { result } = renderHook(() => useSettingsQuery(), { wrapper });
    await waitFor(() => expect(result.current.data?.settings.monthlyBudget).toBe(1000));
    await waitFor(() => expect(result.current.data?.settings.monthlyBudget).toBe(3000));
    expect(result.current.data?.local).toBeUndefined();
    // The server's copy is what the device keeps now.
    expect(await engineFor(client).readKept('settings')).toMatchObject({ monthlyBudget: 3000 });
  });

  it('says the copy is the device’s when the server cannot be reached', async () => {
    const { client, wrapper } = hookClient();
    await engineFor(client).keep('settings', { ...DEFAULT_SETTINGS, monthlyBudget: 1000 });
    server.use(http.get(/\/api\/settings$/, () => HttpResponse.error()));
    const { result } = renderHook(() => useSettingsQuery(), { wrapper });
    await waitFor(() => expect(result.current.data?.local).toBe('无法连接服务器，请检查网络'));
    expect(result.current.data?.settings.monthlyBudget).toBe(1000);
  });

  it('a kept copy that is not valid settings is not used', async () => {
    await serverBudget(3000);
    const { client, wrapper } = hookClient();
    await engineFor(client).keep('settings', { monthlyBudget: 'lots' });
    const { result } = renderHook(() => useSettings(), { wrapper });
    expect(result.current).toEqual(DEFAULT_SETTINGS);
    await waitFor(() => expect(result.current.monthlyBudget).toBe(3000));
  });

  it('is read while the browser says offline', async () => {
    const { wrapper } = hookClient();
    onlineManager.setOnline(false);
    const { result } = renderHook(() => useSettingsQuery(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
  });
});

describe('saving', () => {
  it('shows and keeps what the server stored', async () => {
    const { client, wrapper } = hookClient();
    const { result } = renderHook(() => ({ save: useSaveSettings(), settings: useSettings() }), {
      wrapper,
    });
    // As on the 设置 screen, the form is filled from the loaded settings first.
    await waitFor(() => expect(client.getQueryState(['settings'])?.status).toBe('success'));
    await act(() => result.current.save.mutateAsync({ ...DEFAULT_SETTINGS, monthlyBudget: 4321 }));
    await waitFor(() => expect(result.current.settings.monthlyBudget).toBe(4321));
    expect(client.getQueryData(['settings'])).toEqual({
      settings: expect.objectContaining({ monthlyBudget: 4321 }),
    });
    expect(await engineFor(client).readKept('settings')).toMatchObject({ monthlyBudget: 4321 });
  });

  it('a save is not undone by the server’s older copy arriving after it', async () => {
    await serverBudget(3000);
    const { client, wrapper } = hookClient();
    await engineFor(client).keep('settings', { ...DEFAULT_SETTINGS, monthlyBudget: 1000 });
    // The kept copy shows at once; the server's is on its way when the user saves.
    server.use(
      http.get(/\/api\/settings$/, async ({ request }) => {
        const answer = await demo.app.fetch(request);
        await delay(150);
        return answer;
      }),
    );
    const { result } = renderHook(() => ({ save: useSaveSettings(), settings: useSettings() }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.settings.monthlyBudget).toBe(1000));
    await act(() => result.current.save.mutateAsync({ ...DEFAULT_SETTINGS, monthlyBudget: 4321 }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
    expect(result.current.settings.monthlyBudget).toBe(4321);
    expect(await engineFor(client).readKept('settings')).toMatchObject({ monthlyBudget: 4321 });
  });

  it('offline, is saved on the device at once and reaches the server once it answers', async () => {
    const { client, wrapper } = hookClient();
    onlineManager.setOnline(false);
    server.use(http.put(/\/api\/settings$/, () => HttpResponse.error()));
    const { result } = renderHook(() => ({ save: useSaveSettings(), settings: useSettings() }), {
      wrapper,
    });
    await act(() => result.current.save.mutateAsync({ ...DEFAULT_SETTINGS, monthlyBudget: 5 }));
    expect(result.current.settings.monthlyBudget).toBe(5);
    expect(engineFor(client).status().waiting).toEqual([
      expect.objectContaining({ kind: 'settings', label: '设置' }),
    ]);
    server.resetHandlers();
    engineFor(client).wake();
    await waitFor(() => expect(engineFor(client).status().waiting).toEqual([]));
    expect(await demo.store.settings.get('demo')).toMatchObject({ monthlyBudget: 5 });
  });

  it('an invalid save is refused with the field’s reason and nothing waits', async () => {
    const { client, report, wrapper } = hookClient();
    const { result } = renderHook(() => useSaveSettings(), { wrapper });
    act(() => result.current.mutate({ ...DEFAULT_SETTINGS, focusGoalMinutes: 0 }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(report).toHaveBeenCalledWith('保存设置失败：focusGoalMinutes: 专注目标至少 1 分钟');
    expect(engineFor(client).status().waiting).toEqual([]);
  });
});

describe('changing part of the settings', () => {
  it('two changes made back to back both stay: each is made on top of the one before', async () => {
    const { wrapper } = hookClient();
    const { result } = renderHook(() => useUpdateSettings(), { wrapper });
    await act(async () => {
      const first = result.current.mutateAsync((s) => ({ ...s, monthlyBudget: 3000 }));
      const second = result.current.mutateAsync((s) => ({ ...s, focusGoalMinutes: 45 }));
      await Promise.all([first, second]);
    });
    await waitFor(async () =>
      expect(await demo.store.settings.get('demo')).toMatchObject({
        monthlyBudget: 3000,
        focusGoalMinutes: 45,
      }),
    );
  });
});
