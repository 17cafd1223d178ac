import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccounts } from '../../src/api/accounts';
import {
  DELETE_DELAY_MS,
  useCheckinRecords,
  useToggleCheckin,
} from '../../src/api/checkin-records';
import { writeMirror } from '../../src/api/local-mirror';
import { createQueryClient } from '../../src/app/query-client';
import { signIn, testServer } from './harness';

const TODAY = '2026-11-21';
const { server, demo } = await testServer({ today: TODAY, clear: ['accounts', 'checkinTasks'] });
let requests: Request[];
server.events.on('request:start', ({ request }) => requests.push(request));
beforeEach(async () => {
  requests = [];
  await signIn(demo);
});

function Fresh({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** A fresh cache per case, so each test starts with nothing fetched. */
function wrapper() {
  const client = createQueryClient();
  return {
    wrapper: ({ children }: { children: ReactNode }) => <Fresh client={client}>{children}</Fresh>,
  };
}

function Count({ label }: { label: string }) {
  const { data } = useAccounts();
  return <p>{data ? `${label}:${data.items.length}` : `${label}:…`}</p>;
}

const gets = (path: string) =>
  requests.filter((r) => r.method === 'GET' && new URL(r.url).pathname === path).length;

describe('list queries', () => {
  it('two components mounting at once send one GET', async () => {
    render(
      <>
        <Count label="a" />
        <Count label="b" />
      </>,
      wrapper(),
    );
    await screen.findByText('a:0');
    await screen.findByText('b:0');
    expect(gets('/api/accounts')).toBe(1);
  });

  it('writes the mirror on success and serves it, marked local, when the server fails', async () => {
    await demo.store.accounts.create('demo', {
      id: 'a1',
      type: 'expense',
      amount: 12.5,
      category: 'dining',
      description: '午餐',
      date: TODAY,
      templateId: null,
      reimbursed: false,
      reimbursedBy: null,
    });
    const first = wrapper();
    const ok = renderHook(() => useAccounts(), first);
    await waitFor(() => expect(ok.result.current.data?.items).toHaveLength(1));
    expect(ok.result.current.data?.local).toBe(false);
    expect(JSON.parse(localStorage.getItem('accounts')!)[0].id).toBe('a1');

    server.use(
      http.get(/\/api\/accounts$/, () =>
        HttpResponse.json({ error: '数据库不可用' }, { status: 500 }),
      ),
    );
    const second = wrapper();
    const offline = renderHook(() => useAccounts(), second);
    await waitFor(() => expect(offline.result.current.data?.local).toBe(true));
    expect(offline.result.current.data?.items.map((a) => a.id)).toEqual(['a1']);
    expect(offline.result.current.data?.error).toBe('数据库不可用');
  });

  it('never serves another user’s mirror', async () => {
    writeMirror('accounts', 'guest', [{ id: 'theirs' }]);
    server.use(
      http.get(/\/api\/accounts$/, () => HttpResponse.json({ error: 'down' }, { status: 503 })),
    );
    const { result } = renderHook(() => useAccounts(), wrapper());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('down');
  });
});

describe('check-in toggle', () => {
  async function habit(id = 'h1') {
    const { record } = await demo.store.checkinTasks.create('demo', {
      id,
      name: id,
      description: '',
      type: 'daily',
      frequency: 1,
      monthlyTarget: 30,
      category: 'health',
    });
    return record;
  }

  /** Two habits' toggles over one list, with a spy on what the app would toast. */
  function renderToggles(report = vi.fn()) {
    const client = createQueryClient(report);
    const view = renderHook(
      () => ({
        list: useCheckinRecords('2026-11'),
        h1: useToggleCheckin('h1'),
        h2: useToggleCheckin('h2'),
      }),
      { wrapper: ({ children }) => <Fresh client={client}>{children}</Fresh> },
    );
    const ids = () => view.result.current.list.data?.items.map((r) => r.taskId).sort();
    return { ...view, ids, report };
  }

  /** The real app answers, but only after `ms` (nothing is stored before that). */
  const slowly =
    (ms: number) =>
    async ({ request }: { request: Request }) => {
      await delay(ms);
      return demo.app.fetch(request);
    };

  it('flips at once and rolls back on a refusal, even while the list cannot be refetched', async () => {
    await habit();
    const { result, ids, report } = renderToggles();
    await waitFor(() => expect(ids()).toEqual([]));

    server.use(
      http.post(/\/api\/checkin-records$/, async () => {
        await delay(200);
        return HttpResponse.json({ error: '打卡服务不可用' }, { status: 500 });
      }),
      // The refetch after the failure never answers: only the rollback can restore the list.
      http.get(/\/api\/checkin-records$/, () => delay('infinite')),
    );
    act(() => {
      result.current.h1.toggle({ date: TODAY, existing: null });
    });
    await waitFor(() => expect(ids()).toEqual(['h1']));
    expect(result.current.h1.processing).toBe(true);

    await waitFor(() => expect(report).toHaveBeenCalledWith('打卡失败'));
    expect(ids()).toEqual([]);
  });

  it('says 取消打卡失败 and brings the record back when an uncheck is refused', async () => {
    await habit();
    await demo.store.checkinRecords.create('demo', { id: 'r1', taskId: 'h1', date: TODAY });
    const { result, ids, report } = renderToggles();
    await waitFor(() => expect(ids()).toEqual(['h1']));
    server.use(
      http.delete(/\/api\/checkin-records\/r1$/, () =>
        HttpResponse.json({ error: '忙' }, { status: 503 }),
      ),
      http.get(/\/api\/checkin-records$/, () => delay('infinite')),
    );
    const existing = result.current.list.data!.items[0]!;
    act(() => {
      result.current.h1.toggle({ date: TODAY, existing });
    });
    await waitFor(() => expect(ids()).toEqual([]));
    await waitFor(() => expect(report).toHaveBeenCalledWith('取消打卡失败'));
    expect(ids()).toEqual(['h1']);
  });

  it('cancels a list fetch in flight, whose older answer would undo the click', async () => {
    await habit();
    const { result, ids } = renderToggles();
    await waitFor(() => expect(ids()).toEqual([]));

    server.use(
      // A refetch that started before the click and answers after it, with the list as it
      // was then; the POST is slower still.
      http.get(/\/api\/checkin-records$/, async () => {
        await delay(150);
        return HttpResponse.json([]);
      }),
      http.post(/\/api\/checkin-records$/, slowly(600)),
    );
    act(() => {
      void result.current.list.refetch();
    });
    act(() => {
      result.current.h1.toggle({ date: TODAY, existing: null });
    });
    await new Promise((r) => setTimeout(r, 350));
    expect(result.current.h1.processing).toBe(true);
    expect(ids()).toEqual(['h1']);
  });

  it('refetches once, when the last toggle settles, so a slow one is not undone', async () => {
    await habit('h1');
    await habit('h2');
    const { result, ids } = renderToggles();
    await waitFor(() => expect(ids()).toEqual([]));
    const before = gets('/api/checkin-records');

    // h2's POST is held before the server stores anything: a refetch while it waits would
    // come back without h2.
    server.use(
      http.post(/\/api\/checkin-records$/, async ({ request }) => {
        const body = (await request.clone().json()) as { taskId: string };
        await delay(body.taskId === 'h2' ? 500 : 20);
        return demo.app.fetch(request);
      }),
    );
    act(() => {
      result.current.h1.toggle({ date: TODAY, existing: null });
      result.current.h2.toggle({ date: TODAY, existing: null });
    });
    await waitFor(async () => expect(await demo.store.checkinRecords.list('demo')).toHaveLength(1));
    await waitFor(() => expect(result.current.h1.processing).toBe(false));
    await new Promise((r) => setTimeout(r, 100));
    expect(result.current.h2.processing).toBe(true);
    expect(ids()).toEqual(['h1', 'h2']);
    expect(gets('/api/checkin-records')).toBe(before);

    await waitFor(() => expect(result.current.h2.processing).toBe(false));
    await waitFor(() => expect(gets('/api/checkin-records')).toBe(before + 1));
    expect(ids()).toEqual(['h1', 'h2']);
  });

  it('a double click sends exactly one request, and a second toggle deletes after 50 ms', async () => {
    await habit();
    const { result, ids } = renderToggles();
    await waitFor(() => expect(ids()).toEqual([]));
    let accepted: boolean[] = [];
    act(() => {
      accepted = [
        result.current.h1.toggle({ date: TODAY, existing: null }),
        result.current.h1.toggle({ date: TODAY, existing: null }),
      ];
    });
    expect(accepted).toEqual([true, false]);
    await waitFor(async () => expect(await demo.store.checkinRecords.list('demo')).toHaveLength(1));
    await waitFor(() => expect(result.current.h1.processing).toBe(false));
    const posts = requests.filter(
      (r) => r.method === 'POST' && r.url.endsWith('/api/checkin-records'),
    );
    expect(posts).toHaveLength(1);
    expect(await demo.store.checkinRecords.list('demo')).toHaveLength(1);

    // Unchecking flips the list at once but waits DELETE_DELAY_MS before asking the server.
    const existing = result.current.list.data!.items[0]!;
    let deleteSentAt = 0;
    const onRequest = ({ request }: { request: Request }) => {
      if (request.method === 'DELETE') deleteSentAt = performance.now();
    };
    server.events.on('request:start', onRequest);
    const clickedAt = performance.now();
    act(() => {
      result.current.h1.toggle({ date: TODAY, existing });
    });
    await waitFor(() => expect(ids()).toEqual([]));
    await waitFor(async () => expect(await demo.store.checkinRecords.list('demo')).toHaveLength(0));
    server.events.removeListener('request:start', onRequest);
    expect(deleteSentAt - clickedAt).toBeGreaterThanOrEqual(DELETE_DELAY_MS - 5);
  });

  it('takes the id of the record another device stored first for the same day', async () => {
    await habit();
    const { result, ids } = renderToggles();
    await waitFor(() => expect(ids()).toEqual([]));
    await demo.store.checkinRecords.create('demo', { id: 'elsewhere', taskId: 'h1', date: TODAY });
    // No refetch gets through: the server's answer alone replaces the chosen id.
    server.use(http.get(/\/api\/checkin-records$/, () => delay('infinite')));
    act(() => {
      result.current.h1.toggle({ date: TODAY, existing: null });
    });
    await waitFor(() =>
      expect(result.current.list.data?.items.map((r) => r.id)).toEqual(['elsewhere']),
    );
  });
});
