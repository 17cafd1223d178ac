import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { engineFor } from '../../src/api/engine';
import {
  type UploadOutcome,
  useDownloadData,
  useExportData,
  useImportData,
  useUploadLocalData,
} from '../../src/api/sync';
import { RESOURCE_NAMES } from '../../src/domain/resources';
import { hookClient, signIn, testServer } from './harness';
import { recordRequests } from './requests';

// The sync dialog's upload as a hook (docs/spec.md §7): what it counts, what it keeps for another try,
// and when it stops sending.

const TODAY = '2026-11-21';
const { server, demo } = await testServer({ today: TODAY, clear: RESOURCE_NAMES });
const posts = recordRequests(server, (r) =>
  r.method === 'POST' ? new URL(r.url).pathname : undefined,
);
beforeEach(async () => {
  await signIn(demo);
});

const account = (id: string) => ({
  id,
  type: 'expense',
  amount: 12.5,
  category: 'dining',
  description: '午餐',
  date: TODAY,
});
const legacy = (key: string, records: unknown[]) =>
  localStorage.setItem(key, JSON.stringify(records));
const legacyIds = (key: string) =>
  (JSON.parse(localStorage.getItem(key) ?? '[]') as { id: string }[]).map((r) => r.id);

async function upload(wrapper: ReturnType<typeof hookClient>['wrapper']) {
  const { result } = renderHook(() => useUploadLocalData(), { wrapper });
  const progress = vi.fn();
  let outcome: UploadOutcome | undefined;
  await act(async () => {
    outcome = await result.current.mutateAsync({ onProgress: progress });
  });
  return { outcome: outcome!, progress };
}

describe('useUploadLocalData', () => {
  it('a batch the server fails waits in the outbox and goes on the next try, in batches', async () => {
    legacy(
      'accounts',
      Array.from({ length: 1_200 }, (_, i) => account(`a${i}`)),
    );
    legacy('workouts', [{ id: 'w1', type: '跑步', duration: '30', date: '2024-01-05' }]);
    let first = true;
    server.use(
      http.post(/\/api\/accounts\/batch$/, () => {
        if (!first) return;
        first = false;
        return HttpResponse.json({ error: '数据库繁忙' }, { status: 500 });
      }),
    );
    const { client, wrapper } = hookClient();
    const { outcome, progress } = await upload(wrapper);
    // Saved on the device and queued: nothing is counted failed, everything waits.
    expect(outcome).toEqual({
      counts: [
        { category: 'accounts', ok: 1_200, failed: 0 },
        { category: 'workouts', ok: 1, failed: 0 },
      ],
      waiting: 1_201,
    });
    expect(progress).toHaveBeenNthCalledWith(1, { done: 0, total: 1_201 });
    expect(progress).toHaveBeenLastCalledWith({ done: 1_201, total: 1_201 });
    // The engine's next try sends all of it, in the accounts' batch requests (MAX_BATCH 500).
    await waitFor(() => expect(engineFor(client).status().waiting).toEqual([]), {
      timeout: 8000,
    });
    expect(await demo.store.accounts.list('demo')).toHaveLength(1_200);
    expect(await demo.store.workouts.list('demo')).toHaveLength(1);
    expect(posts.filter((p) => p === '/api/accounts/batch')).toHaveLength(1 + 3);
    // Not taken while the upload waited: still legacy, until an upload finds the server has it.
    expect(legacyIds('legacy:accounts')).toHaveLength(1_200);
    const again = await upload(wrapper);
    expect(again.outcome.waiting).toBe(0);
    expect(legacyIds('legacy:accounts')).toEqual([]);
  }, 20_000);

  it('keeps each record the server refuses or does not answer for, and counts it failed', async () => {
    legacy('accounts', [account('ok'), account('refused'), account('unanswered')]);
    server.use(
      http.post(/\/api\/accounts\/batch$/, () =>
        HttpResponse.json({
          results: [
            {
              status: 'created',
              record: { ...account('ok'), updatedAt: `${TODAY}T01:00:00.000Z` },
            },
            { status: 'invalid', error: '金额无效' },
            { status: 'invalid', error: '无法保存这条记录' },
          ],
        }),
      ),
    );
    const { wrapper } = hookClient();
    const { outcome } = await upload(wrapper);
    // Refusals are counted (docs/spec.md §8); none waits.
    expect(outcome.waiting).toBe(0);
    expect(outcome.counts).toEqual([{ category: 'accounts', ok: 1, failed: 2 }]);
    expect(legacyIds('legacy:accounts')).toEqual(['refused', 'unanswered']);
  });

  it('sends this device’s waiting changes first and counts them', async () => {
    const { client, wrapper } = hookClient();
    server.use(http.post(/\/api\/tasks$/, () => HttpResponse.error()));
    await engineFor(client).create('tasks', {
      title: '离线任务',
      priority: 'medium',
      category: 'work',
    });
    await waitFor(() => expect(engineFor(client).status().waiting).toHaveLength(1));

    // Still unreachable: the change stays in the outbox, and the upload says it waits.
    const failed = await upload(wrapper);
    expect(failed.outcome).toEqual({
      counts: [{ category: 'tasks', ok: 1, failed: 0 }],
      waiting: 1,
    });

    server.resetHandlers();
    const sent = await upload(wrapper);
    expect(sent.outcome).toEqual({ counts: [{ category: 'tasks', ok: 1, failed: 0 }], waiting: 0 });
    expect(engineFor(client).status().waiting).toEqual([]);
    expect((await demo.store.tasks.list('demo')).map((t) => t.title)).toEqual(['离线任务']);
  });

  it('with nothing to send, sends nothing and is ok', async () => {
    const { wrapper } = hookClient();
    const { outcome, progress } = await upload(wrapper);
    expect(outcome).toEqual({ counts: [], waiting: 0 });
    expect(posts).toEqual([]);
    expect(progress).toHaveBeenCalledWith({ done: 0, total: 0 });
  });
});

describe('useImportData', () => {
  it('imports a file’s records and counts them; a second import adds nothing', async () => {
    const { wrapper } = hookClient();
    const { result } = renderHook(() => useImportData(), { wrapper });
    const items = [
      { category: 'accounts' as const, record: account('f1') },
      { category: 'accounts' as const, record: account('f2') },
    ];
    let outcome: UploadOutcome | undefined;
    await act(async () => {
      outcome = await result.current.mutateAsync({ items: items as never, onProgress: () => {} });
    });
    expect(outcome).toEqual({ counts: [{ category: 'accounts', ok: 2, failed: 0 }], waiting: 0 });
    await act(async () => {
      outcome = await result.current.mutateAsync({ items: items as never, onProgress: () => {} });
    });
    expect(outcome).toEqual({ counts: [{ category: 'accounts', ok: 2, failed: 0 }], waiting: 0 });
    expect(await demo.store.accounts.list('demo')).toHaveLength(2);
  });
});

describe('useDownloadData and useExportData', () => {
  it('downloads every list afresh and counts each kind', async () => {
    await demo.store.accounts.create('demo', account('d1') as never);
    await demo.store.accounts.create('demo', account('d2') as never);
    const { client, wrapper } = hookClient();
    const { result } = renderHook(() => useDownloadData(), { wrapper });
    let counts: unknown;
    await act(async () => {
      counts = await result.current.mutateAsync(undefined);
    });
    expect(counts).toEqual(
      RESOURCE_NAMES.map((category) => ({
        category,
        ok: category === 'accounts' ? 2 : 0,
        failed: 0,
      })),
    );
    const { items } = await engineFor(client).list('accounts');
    expect(items.map((r) => r.id).sort()).toEqual(['d1', 'd2']);
  });

  it('exports the account’s records with the legacy ones not yet uploaded', async () => {
    await demo.store.accounts.create('demo', account('e1') as never);
    legacy('accounts', [account('old-1'), account('e1')]);
    const { wrapper } = hookClient();
    const { result } = renderHook(() => useExportData(), { wrapper });
    let file: Record<string, { id: string }[]> = {};
    await act(async () => {
      file = (await result.current.mutateAsync({ refresh: true })) as typeof file;
    });
    // A legacy record already on the server is not written twice.
    expect(file.accounts?.map((r) => r.id)).toEqual(['e1', 'old-1']);
    expect(file.tasks).toEqual([]);
  });

  it('a failed export says so with the reason', async () => {
    const { report, wrapper } = hookClient();
    localStorage.clear();
    const { result } = renderHook(() => useExportData(), { wrapper });
    act(() => result.current.mutate({ refresh: false }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(report).toHaveBeenCalledWith('导出失败：用户未登录');
  });
});
