import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DemoServer } from '../../mocks/demo-server';
import { createTestServer } from '../../mocks/node';
import { useAccounts } from '../../src/api/accounts';
import {
  DELETE_DELAY_MS,
  useCheckinRecords,
  useToggleCheckin,
} from '../../src/api/checkin-records';
import { writeMirror } from '../../src/api/local-mirror';
import { createQueryClient } from '../../src/app/query-client';
import { signIn } from './harness';

const TODAY = '2026-11-21';
let demo: DemoServer;
let server: Awaited<ReturnType<typeof createTestServer>>['server'];
let requests: Request[];

beforeAll(async () => {
  ({ server, ...demo } = await createTestServer({ today: TODAY, seed: false }));
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => requests.push(request));
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
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

function useToggleAndList() {
  return { list: useCheckinRecords('2026-11'), toggle: useToggleCheckin() };
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
  async function habit() {
    const { record } = await demo.store.checkinTasks.create('demo', {
      id: 'h1',
      name: '早起',
      description: '',
      type: 'daily',
      frequency: 1,
      monthlyTarget: 30,
      category: 'health',
    });
    return record;
  }

  it('flips at once and rolls back when the server refuses', async () => {
    await habit();
    const { result } = renderHook(useToggleAndList, wrapper());
    await waitFor(() => expect(result.current.list.data?.items).toEqual([]));

    server.use(
      http.post(/\/api\/checkin-records$/, async () => {
        await new Promise((r) => setTimeout(r, 400));
        return HttpResponse.json({ error: '打卡服务不可用' }, { status: 500 });
      }),
    );
    act(() => {
      result.current.toggle.toggle({ taskId: 'h1', date: TODAY, existing: null });
    });
    await waitFor(() => expect(result.current.list.data?.items).toHaveLength(1));
    expect(result.current.toggle.isProcessing('h1')).toBe(true);
    await waitFor(() => expect(result.current.toggle.mutation.isError).toBe(true));
    expect(result.current.list.data?.items).toEqual([]);
    expect(result.current.toggle.mutation.error?.message).toBe('打卡服务不可用');
    expect(result.current.toggle.isProcessing('h1')).toBe(false);
  });

  it('a double click sends exactly one request, and a second toggle deletes', async () => {
    await habit();
    const { result } = renderHook(useToggleAndList, wrapper());
    await waitFor(() => expect(result.current.list.data?.items).toEqual([]));
    let accepted: boolean[] = [];
    act(() => {
      accepted = [
        result.current.toggle.toggle({ taskId: 'h1', date: TODAY, existing: null }),
        result.current.toggle.toggle({ taskId: 'h1', date: TODAY, existing: null }),
      ];
    });
    expect(accepted).toEqual([true, false]);
    await waitFor(() => expect(result.current.toggle.mutation.isSuccess).toBe(true));
    await waitFor(() => expect(result.current.list.data?.items[0]?.id).not.toMatch(/^pending-/));
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
      result.current.toggle.toggle({ taskId: 'h1', date: TODAY, existing });
    });
    await waitFor(() => expect(result.current.list.data?.items).toEqual([]));
    await waitFor(async () => expect(await demo.store.checkinRecords.list('demo')).toHaveLength(0));
    server.events.removeListener('request:start', onRequest);
    expect(deleteSentAt - clickedAt).toBeGreaterThanOrEqual(DELETE_DELAY_MS - 5);
  });
});
