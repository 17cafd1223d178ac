import { onlineManager } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useImportBill } from '../../src/api/bill-import';
import { engineFor } from '../../src/api/engine';
import { useHealth } from '../../src/api/health';
import { useCreateRecord } from '../../src/api/resource';
import { DEFAULT_SETTINGS } from '../../src/domain/schemas/default-settings';
import { hookClient, signIn, testServer } from './harness';
import { recordRequests, requestsTo } from './requests';

// The bill import's save (issue 15) and the server check of the sync dialog, as hooks.

const TODAY = '2026-11-21';
const { server, demo } = await testServer({ today: TODAY, clear: ['accounts'] });
const requests = recordRequests(server);

beforeEach(async () => {
  await signIn(demo);
});
afterEach(async () => {
  onlineManager.setOnline(true);
});

const bill = (id: string, amount: number) => ({
  id,
  type: 'expense' as const,
  amount,
  category: 'dining',
  description: '美团 午餐',
  date: TODAY,
});
const sent = (method: string, path: string) => requestsTo(requests, method, path).length;

describe('useImportBill', () => {
  it('saves the bill once: a second import of the same file adds nothing', async () => {
    const { client, wrapper } = hookClient();
    const { result } = renderHook(() => useImportBill(), { wrapper });
    const records = [bill('bill-1', 12.5), bill('bill-2', 30)];
    const progress = vi.fn();
    let counts: unknown;
    await act(async () => {
      counts = await result.current.mutateAsync({ records, settings: null, onProgress: progress });
    });
    expect(counts).toEqual({ created: 2, existing: 0, invalid: 0 });
    expect(progress).toHaveBeenLastCalledWith({ done: 2, total: 2 });
    await act(async () => {
      counts = await result.current.mutateAsync({ records, settings: null });
    });
    expect(counts).toEqual({ created: 0, existing: 2, invalid: 0 });
    expect((await demo.store.accounts.list('demo')).map((r) => r.id).sort()).toEqual([
      'bill-1',
      'bill-2',
    ]);
    // The bookkeeping list caught up with what the import stored; no settings were sent.
    const { items } = await engineFor(client).list('accounts');
    expect(items.map((r) => r.id).sort()).toEqual(['bill-1', 'bill-2']);
    expect(sent('PUT', '/api/settings')).toBe(0);
  });

  it('saves the rules the preview ended with', async () => {
    const { wrapper } = hookClient();
    const { result } = renderHook(() => useImportBill(), { wrapper });
    const settings = { ...DEFAULT_SETTINGS, monthlyBudget: 4321 };
    await act(async () => {
      await result.current.mutateAsync({ records: [bill('bill-3', 8)], settings });
    });
    expect(sent('PUT', '/api/settings')).toBe(1);
  });

  it('offline, says that it needs the server, and goes ahead although the browser says offline', async () => {
    const { report, wrapper } = hookClient();
    onlineManager.setOnline(false);
    server.use(http.post(/\/api\/accounts\/batch$/, () => HttpResponse.error()));
    const { result } = renderHook(() => useImportBill(), { wrapper });
    act(() => result.current.mutate({ records: [bill('bill-4', 8)], settings: null }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(report).toHaveBeenCalledWith(
      '导入账单失败：账单导入需要连接服务器，请联网后重试（预览已保留）',
    );
  });

  it('a refusal reads as the server’s reason', async () => {
    const { report, wrapper } = hookClient();
    server.use(
      http.post(/\/api\/accounts\/batch$/, () =>
        HttpResponse.json({ error: '数据库不可用' }, { status: 500 }),
      ),
    );
    const { result } = renderHook(() => useImportBill(), { wrapper });
    act(() => result.current.mutate({ records: [bill('bill-5', 8)], settings: null }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(report).toHaveBeenCalledWith('导入账单失败：数据库不可用');
  });
});

describe('writes do not wait for the browser to say it is online', () => {
  it('a new record is made on the device and settles while the browser says offline', async () => {
    const { wrapper } = hookClient();
    onlineManager.setOnline(false);
    const { result } = renderHook(() => useCreateRecord('accounts', '创建记录失败，请重试'), {
      wrapper,
    });
    act(() => result.current.mutate(bill('offline-1', 5)));
    expect(result.current.isPaused).toBe(false);
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
  });
});

describe('useHealth', () => {
  it('is online when the server answers, checking while it is asked again', async () => {
    const { wrapper } = hookClient();
    const { result } = renderHook(() => useHealth(), { wrapper });
    expect(result.current.status).toBe('checking');
    await waitFor(() => expect(result.current.status).toBe('online'));
    expect(result.current.storage).toBeUndefined();
    // While asked again, the last answer is not shown as current.
    server.use(
      http.get(/\/health$/, async () => {
        await delay(50);
        return HttpResponse.json({ status: 'ok' });
      }),
    );
    act(() => result.current.refresh());
    await waitFor(() => expect(result.current.status).toBe('checking'));
    await waitFor(() => expect(result.current.status).toBe('online'));
    expect(sent('GET', '/health')).toBe(2);
  });

  it('is offline at the first failed answer: no retry delays it', async () => {
    server.use(http.get(/\/health$/, () => HttpResponse.error()));
    const { wrapper } = hookClient();
    const { result } = renderHook(() => useHealth(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('offline'));
    expect(sent('GET', '/health')).toBe(1);
  });

  it('is degraded, with what is wrong, when the server’s storage cannot serve', async () => {
    server.use(
      http.get(/\/health$/, () =>
        HttpResponse.json(
          {
            status: 'degraded',
            reason: 'full',
            error: '服务器磁盘空间已满，无法保存，请联系管理员',
          },
          { status: 503 },
        ),
      ),
    );
    const { wrapper } = hookClient();
    const { result } = renderHook(() => useHealth(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('degraded'));
    expect(result.current.storage).toEqual({
      reason: 'full',
      message: '服务器磁盘空间已满，无法保存，请联系管理员',
    });
  });

  it('asks nothing until enabled', async () => {
    const { wrapper } = hookClient();
    const { result } = renderHook(() => useHealth(false), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(result.current.status).toBe('checking');
    expect(sent('GET', '/health')).toBe(0);
  });
});
