import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { engineFor, type Notice } from '../../src/api/engine';
import {
  useCompleteDeviceCopy,
  useSettleConflict,
  useSyncNotices,
  useSyncNow,
  useSyncStatus,
} from '../../src/api/sync-status';
import { hookClient, signIn, testServer } from './harness';

// The hooks through which the navigation bar and the sync dialog see the data layer.

const { server, demo } = await testServer({ today: '2026-11-21', clear: ['tasks'] });

afterEach(async () => {
  vi.useRealTimers();
});

describe('signed out', () => {
  it('nothing waits, nothing is in conflict, no sign-in is asked for', () => {
    const { wrapper } = hookClient();
    const { result } = renderHook(() => useSyncStatus(), { wrapper });
    expect(result.current).toEqual({
      reachable: null,
      storage: null,
      waiting: [],
      conflicts: [],
      signInNeeded: false,
      offered: 0,
    });
  });

  it('notices and the device copy have nothing to do, and say nothing', () => {
    const { wrapper } = hookClient();
    const show = vi.fn();
    const view = renderHook(
      () => {
        useSyncNotices(show);
        useCompleteDeviceCopy();
      },
      { wrapper },
    );
    view.unmount();
    expect(show).not.toHaveBeenCalled();
  });
});

describe('signed in', () => {
  it('follows the engine: a change the server cannot take yet shows as waiting', async () => {
    await signIn(demo);
    const { client, wrapper } = hookClient();
    const { result } = renderHook(() => useSyncStatus(), { wrapper });
    expect(result.current).toBe(engineFor(client).status());
    server.use(http.post(/\/api\/tasks$/, () => HttpResponse.error()));
    await act(async () => {
      await engineFor(client).create('tasks', {
        title: '离线写的',
        description: '',
        priority: 'medium',
        category: 'work',
        dueDate: null,
        completed: false,
      } as never);
    });
    await waitFor(() => expect(result.current.reachable).toBe(false));
    expect(result.current.waiting).toHaveLength(1);
  });

  it('立即同步 wakes the engine and a kept edit is settled by its key', async () => {
    await signIn(demo);
    const { client, wrapper } = hookClient();
    const engine = engineFor(client);
    const wake = vi.spyOn(engine, 'wake');
    const settle = vi.spyOn(engine, 'settleConflict').mockResolvedValue(undefined as never);
    const now = renderHook(() => useSyncNow(), { wrapper }).result.current;
    const settleConflict = renderHook(() => useSettleConflict(), { wrapper }).result.current;
    now();
    expect(wake).toHaveBeenCalledTimes(1);
    await settleConflict('tasks:t1', true);
    expect(settle).toHaveBeenCalledWith('tasks:t1', true);
  });

  it('hands the engine’s notices to `show` until unmounted', async () => {
    await signIn(demo);
    const { client, wrapper } = hookClient();
    const engine = engineFor(client) as unknown as { notify(notice: Notice): void };
    const show = vi.fn();
    const view = renderHook(() => useSyncNotices(show), { wrapper });
    const notice: Notice = { tone: 'error', message: '同步失败' };
    engine.notify(notice);
    expect(show).toHaveBeenCalledWith(notice);
    view.unmount();
    engine.notify(notice);
    expect(show).toHaveBeenCalledTimes(1);
  });
});

describe('useCompleteDeviceCopy', () => {
  const idle = () => {
    const callbacks = new Map<number, () => void>();
    let next = 1;
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => {
      callbacks.set(next, callback);
      return next++;
    });
    const cancel = vi.fn((id: number) => callbacks.delete(id));
    vi.stubGlobal('cancelIdleCallback', cancel);
    return { callbacks, cancel };
  };
  afterEach(() => vi.unstubAllGlobals());

  it('where a Web Worker does the work, starts once the opening screen has its data', async () => {
    await signIn(demo);
    const { client, wrapper } = hookClient();
    const hold = vi.spyOn(engineFor(client), 'holdEverything').mockResolvedValue(undefined);
    vi.stubGlobal('Worker', class {});
    const { callbacks } = idle();
    renderHook(() => useCompleteDeviceCopy(), { wrapper });
    await act(async () => undefined);
    expect(callbacks.size).toBe(0);
    act(() => client.setQueryData(['screen-list'], []));
    await act(async () => undefined);
    expect(hold).not.toHaveBeenCalled();
    for (const callback of callbacks.values()) callback();
    await act(async () => undefined);
    expect(hold).toHaveBeenCalledTimes(1);
  });

  it('without a worker, starts 8 s after the screen, when the browser is idle', async () => {
    await signIn(demo);
    const { client, wrapper } = hookClient();
    const hold = vi.spyOn(engineFor(client), 'holdEverything').mockResolvedValue(undefined);
    const { callbacks } = idle();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const view = renderHook(() => useCompleteDeviceCopy(), { wrapper });
    vi.advanceTimersByTime(7999);
    expect(callbacks.size).toBe(0);
    vi.advanceTimersByTime(1);
    expect(callbacks.size).toBe(1);
    expect(hold).not.toHaveBeenCalled();
    for (const callback of callbacks.values()) callback();
    expect(hold).toHaveBeenCalledTimes(1);
    view.unmount();
  });

  it('starts at once after the delay where the browser has no idle callback', async () => {
    await signIn(demo);
    const { client, wrapper } = hookClient();
    const hold = vi.spyOn(engineFor(client), 'holdEverything').mockResolvedValue(undefined);
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderHook(() => useCompleteDeviceCopy(), { wrapper });
    vi.advanceTimersByTime(8000);
    expect(hold).toHaveBeenCalledTimes(1);
  });

  it('a screen left before then starts nothing, and cancels a start waiting for idle', async () => {
    await signIn(demo);
    const { client, wrapper } = hookClient();
    const hold = vi.spyOn(engineFor(client), 'holdEverything').mockResolvedValue(undefined);
    const { callbacks, cancel } = idle();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderHook(() => useCompleteDeviceCopy(), { wrapper }).unmount();
    vi.advanceTimersByTime(10_000);
    expect(callbacks.size).toBe(0);
    expect(cancel).not.toHaveBeenCalled();

    const later = renderHook(() => useCompleteDeviceCopy(), { wrapper });
    vi.advanceTimersByTime(8000);
    const [id] = callbacks.keys();
    later.unmount();
    expect(cancel).toHaveBeenCalledWith(id);
    expect(callbacks.size).toBe(0);
    expect(hold).not.toHaveBeenCalled();
  });
});
