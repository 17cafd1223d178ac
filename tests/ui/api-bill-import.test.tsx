import { onlineManager } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useImportBill } from '../../src/api/bill-import';
import { engineFor } from '../../src/api/engine';
import { useHealth } from '../../src/api/health';
import { useCreateRecord } from '../../src/api/resource';
import { DEFAULT_SETTINGS } from '../../src/domain/schemas/default-settings';
import { hookClient, signIn, testServer } from './harness';
import { recordRequests, requestsTo } from './requests';

// The bill import's save (issue 15) and the server check of the sync dialog, as hooks.

const TODAY = '2026-11-21';
const { server, demo } = await testServer({
  today: TODAY,
  clear: ['accounts', 'wallets', 'transfers'],
});
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
const noWallets = { created: 0, existing: 0, invalid: 0, waiting: 0 };
const sent = (method: string, path: string) => requestsTo(requests, method, path).length;

describe('useImportBill', () => {
  it('saves the bill once: a second import of the same file adds nothing', async () => {
    const { client, wrapper } = hookClient();
    const { result } = renderHook(() => useImportBill(), { wrapper });
    const records = [bill('bill-1', 12.5), bill('bill-2', 30)];
    let counts: unknown;
    await act(async () => {
      counts = await result.current.mutateAsync({ records, settings: null });
    });
    expect(counts).toEqual({ created: 2, existing: 0, invalid: 0, waiting: 0, wallets: noWallets });
    await act(async () => {
      counts = await result.current.mutateAsync({ records, settings: null });
    });
    expect(counts).toEqual({ created: 0, existing: 2, invalid: 0, waiting: 0, wallets: noWallets });
    expect((await demo.store.accounts.list('demo')).map((r) => r.id).sort()).toEqual([
      'bill-1',
      'bill-2',
    ]);
    // The bookkeeping list holds what the import stored; no settings were sent.
    const { items } = await engineFor(client).list('accounts');
    expect(items.map((r) => r.id).sort()).toEqual(['bill-1', 'bill-2']);
    expect(sent('POST', '/api/accounts/batch')).toBe(2);
    expect(sent('PUT', '/api/settings')).toBe(0);
  });

  it('writes the new 账户 first, then the entries and the 转账 that name them (issue 61)', async () => {
    const { wrapper } = hookClient();
    const { result } = renderHook(() => useImportBill(), { wrapper });
    const wallets = [
      { id: 'w-card', name: '招商银行储蓄卡(1234)', type: 'debit' as const },
      { id: 'w-yeb', name: '余额宝', type: 'alipay' as const },
    ];
    const transfer = {
      id: 'bill-t1',
      fromWalletId: 'w-card',
      toWalletId: 'w-yeb',
      amount: 500,
      fee: 0,
      date: TODAY,
      note: '余额宝-单次转入',
      tags: [],
    };
    let counts: unknown;
    await act(async () => {
      counts = await result.current.mutateAsync({
        wallets,
        records: [{ ...bill('bill-6', 9), walletId: 'w-yeb' }],
        transfers: [transfer],
        settings: null,
      });
    });
    expect(counts).toEqual({
      created: 2,
      existing: 0,
      invalid: 0,
      waiting: 0,
      wallets: { ...noWallets, created: 2 },
    });
    expect(requests.filter((r) => r.method === 'POST').map((r) => new URL(r.url).pathname)).toEqual(
      ['/api/wallets/batch', '/api/accounts/batch', '/api/transfers/batch'],
    );
    expect(await demo.store.transfers.list('demo')).toMatchObject([
      { id: 'bill-t1', fromWalletId: 'w-card', toWalletId: 'w-yeb', amount: 500 },
    ]);
    expect(await demo.store.accounts.list('demo')).toMatchObject([
      { id: 'bill-6', walletId: 'w-yeb' },
    ]);
  });

  it('saves the rules the preview ended with', async () => {
    const { wrapper } = hookClient();
    const { result } = renderHook(() => useImportBill(), { wrapper });
    const settings = { ...DEFAULT_SETTINGS, monthlyBudget: 4321 };
    await act(async () => {
      await result.current.mutateAsync({ records: [bill('bill-3', 8)], settings });
    });
    expect(sent('PUT', '/api/settings')).toBe(1);
    expect(await demo.store.settings.get('demo')).toMatchObject({ monthlyBudget: 4321 });
  });

  it('offline, keeps the rows on the device and says so, although the browser says offline', async () => {
    const { client, wrapper } = hookClient();
    onlineManager.setOnline(false);
    server.use(http.post(/\/api\/accounts\/batch$/, () => HttpResponse.error()));
    const { result } = renderHook(() => useImportBill(), { wrapper });
    let counts: unknown;
    await act(async () => {
      counts = await result.current.mutateAsync({
        records: [bill('bill-4', 8), bill('bill-4b', 9)],
        settings: null,
      });
    });
    expect(counts).toEqual({ created: 0, existing: 0, invalid: 0, waiting: 2, wallets: noWallets });
    expect((await engineFor(client).list('accounts')).pending.has('bill-4')).toBe(true);
  });

  it('a refusal of the whole batch reads as the server’s reason', async () => {
    const { wrapper } = hookClient();
    server.use(
      http.post(/\/api\/accounts\/batch$/, () =>
        HttpResponse.json({ error: '一次最多上传 500 条记录' }, { status: 400 }),
      ),
    );
    const { result } = renderHook(() => useImportBill(), { wrapper });
    let counts: unknown;
    await act(async () => {
      counts = await result.current.mutateAsync({
        records: [bill('bill-5', 8), bill('bill-5b', 9)],
        settings: null,
      });
    });
    expect(counts).toEqual({
      created: 0,
      existing: 0,
      invalid: 2,
      firstError: '一次最多上传 500 条记录',
      waiting: 0,
      wallets: noWallets,
    });
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
