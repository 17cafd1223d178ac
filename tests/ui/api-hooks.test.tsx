import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccounts } from '../../src/api/accounts';
import {
  DELETE_DELAY_MS,
  useCheckinRecords,
  useToggleCheckin,
} from '../../src/api/checkin-records';
import { SyncEngine } from '../../src/api/engine';
import { hookClient, seedDeviceCopy, seedHabit, signIn, testServer } from './harness';
import { recordRequests } from './requests';

const TODAY = '2026-11-21';
const { server, demo } = await testServer({ today: TODAY, clear: ['accounts', 'checkinTasks'] });
const requests = recordRequests(server);
beforeEach(async () => {
  await signIn(demo);
});

function Count({ label }: { label: string }) {
  const { data } = useAccounts();
  return <p>{data ? `${label}:${data.items.length}` : `${label}:…`}</p>;
}

const gets = (path: string) =>
  requests.filter((r) => r.method === 'GET' && new URL(r.url).pathname === path).length;

const expense = (id: string, amount = 12.5) => ({
  id,
  type: 'expense' as const,
  amount,
  category: 'dining',
  description: '午餐',
  date: TODAY,
});

describe('list queries', () => {
  it('two components mounting at once send one GET', async () => {
    render(
      <>
        <Count label="a" />
        <Count label="b" />
      </>,
      hookClient(),
    );
    await screen.findByText('a:0');
    await screen.findByText('b:0');
    expect(gets('/api/accounts')).toBe(1);
  });

  it('serves the device’s copy, marked local, when the server fails', async () => {
    await seedDeviceCopy('accounts', [expense('a1')]);
    server.use(
      http.get(/\/api\/accounts$/, () =>
        HttpResponse.json({ error: '数据库不可用' }, { status: 500 }),
      ),
    );
    const { result } = renderHook(() => useAccounts(), hookClient());
    await waitFor(() => expect(result.current.data?.local).toBe(true));
    expect(result.current.data?.items.map((a) => a.id)).toEqual(['a1']);
    expect(result.current.data).toMatchObject({ complete: true, error: '数据库不可用' });
  });

  it('never serves another user’s copy', async () => {
    await seedDeviceCopy('accounts', [expense('theirs')], { username: 'guest' });
    server.use(
      http.get(/\/api\/accounts$/, () => HttpResponse.json({ error: 'down' }, { status: 503 })),
    );
    const { result } = renderHook(() => useAccounts(), hookClient());
    await waitFor(() => expect(result.current.data?.local).toBe(true));
    expect(result.current.data).toMatchObject({ items: [], complete: false, error: 'down' });
  });
});

describe('check-in toggle', () => {
  const habit = (id = 'h1') => seedHabit(demo, id);

  /** Two habits' toggles over one list, with a spy on what the app would toast. */
  function renderToggles() {
    const { report, wrapper } = hookClient();
    const view = renderHook(
      () => ({
        list: useCheckinRecords('2026-11'),
        h1: useToggleCheckin('h1'),
        h2: useToggleCheckin('h2'),
      }),
      { wrapper },
    );
    const ids = () => view.result.current.list.data?.items.map((r) => r.taskId).sort();
    return { ...view, ids, report };
  }

  const posts = () =>
    requests.filter((r) => r.method === 'POST' && r.url.endsWith('/api/checkin-records'));

  it('flips at once, and a refusal takes it back and says 打卡失败', async () => {
    await habit();
    const { result, ids, report } = renderToggles();
    await waitFor(() => expect(ids()).toEqual([]));

    server.use(
      http.post(/\/api\/checkin-records$/, async () => {
        await delay(200);
        return HttpResponse.json({ error: '打卡任务不存在' }, { status: 400 });
      }),
    );
    act(() => {
      result.current.h1.toggle({ date: TODAY, existing: null });
    });
    // In the press itself the habit's card alone (`pressed`); the list a frame later, and the
    // device's store a moment after it.
    expect(result.current.h1.pressed).toEqual({ date: TODAY, checked: true });
    expect(result.current.h1.processing).toBe(true);
    expect(ids()).toEqual([]);
    await waitFor(() => expect(ids()).toEqual(['h1']));
    await waitFor(() => expect(result.current.list.data?.pending.size).toBe(1));

    await waitFor(() => expect(report).toHaveBeenCalledWith('打卡失败'));
    await waitFor(() => expect(ids()).toEqual([]));
    expect(result.current.list.data?.pending.size).toBe(0);
    expect(result.current.h1.pressed).toBeNull();
    expect(result.current.h1.processing).toBe(false);
  });

  it('flips before the engine has validated and stored the change', async () => {
    await habit();
    const { result, ids } = renderToggles();
    await waitFor(() => expect(ids()).toEqual([]));
    // A first write of a visit waits for the schemas to load (engine.ts loadSchemas): here it
    // never ends, and the day must show checked all the same.
    const create = vi
      .spyOn(SyncEngine.prototype, 'create')
      .mockImplementation(() => new Promise(() => undefined));
    try {
      act(() => {
        result.current.h1.toggle({ date: TODAY, existing: null });
      });
      expect(result.current.h1.pressed).toEqual({ date: TODAY, checked: true });
      await waitFor(() => expect(ids()).toEqual(['h1']));
      await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
      expect(ids()).toEqual(['h1']);
      expect(result.current.h1.processing).toBe(true);
    } finally {
      create.mockRestore();
    }
  });

  it('takes back a toggle the engine refuses as invalid, and says 打卡失败', async () => {
    await habit();
    const { result, ids, report } = renderToggles();
    await waitFor(() => expect(ids()).toEqual([]));
    act(() => {
      result.current.h1.toggle({ date: '2026-11-31', existing: null });
    });
    await waitFor(() => expect(report).toHaveBeenCalledWith('打卡失败'));
    expect(ids()).toEqual([]);
    expect(posts()).toHaveLength(0);
  });

  it('says 取消打卡失败 and brings the record back when an uncheck is refused', async () => {
    await habit();
    await demo.store.checkinRecords.create('demo', { id: 'r1', taskId: 'h1', date: TODAY });
    const { result, ids, report } = renderToggles();
    await waitFor(() => expect(ids()).toEqual(['h1']));
    server.use(
      http.delete(/\/api\/checkin-records\/r1$/, () =>
        HttpResponse.json({ error: '忙' }, { status: 403 }),
      ),
    );
    const existing = result.current.list.data!.items[0]!;
    act(() => {
      result.current.h1.toggle({ date: TODAY, existing });
    });
    await waitFor(() => expect(ids()).toEqual([]));
    await waitFor(() => expect(report).toHaveBeenCalledWith('取消打卡失败'));
    await waitFor(() => expect(ids()).toEqual(['h1']));
    expect(await demo.store.checkinRecords.list('demo')).toHaveLength(1);
  });

  it('a list answer that lands while the toggle waits does not undo it', async () => {
    await habit();
    const { result, ids } = renderToggles();
    await waitFor(() => expect(ids()).toEqual([]));
    // The POST is held before the server stores anything; the list is asked for meanwhile and
    // comes back without the new check-in.
    server.use(
      http.post(/\/api\/checkin-records$/, async ({ request }) => {
        await delay(600);
        return demo.app.fetch(request);
      }),
    );
    act(() => {
      result.current.h1.toggle({ date: TODAY, existing: null });
    });
    await waitFor(() => expect(ids()).toEqual(['h1']));
    await act(() => result.current.list.refetch());
    await new Promise((r) => setTimeout(r, 150));
    expect(ids()).toEqual(['h1']);
    await waitFor(async () => expect(await demo.store.checkinRecords.list('demo')).toHaveLength(1));
    await waitFor(() => expect(result.current.list.data?.pending.size).toBe(0));
    expect(ids()).toEqual(['h1']);
  });

  it('a server error keeps the check-in waiting on the device, and sends it when the server answers', async () => {
    await habit();
    const { result, ids, report } = renderToggles();
    await waitFor(() => expect(ids()).toEqual([]));
    server.use(
      http.post(/\/api\/checkin-records$/, () =>
        HttpResponse.json({ error: '服务器维护中' }, { status: 503 }),
      ),
    );
    act(() => {
      result.current.h1.toggle({ date: TODAY, existing: null });
    });
    // Saved on the device: nothing to report, the button is usable again, the day is marked.
    await waitFor(() => expect(ids()).toEqual(['h1']));
    await waitFor(() => expect(posts()).toHaveLength(1));
    await waitFor(() => expect(result.current.h1.processing).toBe(false));
    expect(report).not.toHaveBeenCalled();
    expect(ids()).toEqual(['h1']);
    expect(result.current.list.data?.pending.size).toBe(1);
    expect(await demo.store.checkinRecords.list('demo')).toHaveLength(0);

    server.resetHandlers();
    window.dispatchEvent(new Event('online'));
    await waitFor(async () => expect(await demo.store.checkinRecords.list('demo')).toHaveLength(1));
    await waitFor(() => expect(result.current.list.data?.pending.size).toBe(0));
    expect(ids()).toEqual(['h1']);
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
    expect(posts()).toHaveLength(1);

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

  it('one habit’s toggle on its way holds up only that habit', async () => {
    await habit('h1');
    await habit('h2');
    const { result, ids } = renderToggles();
    await waitFor(() => expect(ids()).toEqual([]));
    server.use(
      http.post(/\/api\/checkin-records$/, async ({ request }) => {
        await delay(150);
        return demo.app.fetch(request);
      }),
    );
    let accepted: boolean[] = [];
    act(() => {
      accepted = [
        result.current.h1.toggle({ date: TODAY, existing: null }),
        result.current.h2.toggle({ date: TODAY, existing: null }),
      ];
    });
    expect(accepted).toEqual([true, true]);
    await waitFor(() => expect(ids()).toEqual(['h1', 'h2']));
    await waitFor(async () => expect(await demo.store.checkinRecords.list('demo')).toHaveLength(2));
  });

  it('cuts the list to the month asked for, and gives all of it without one', async () => {
    await habit();
    await demo.store.checkinRecords.create('demo', { id: 'oct', taskId: 'h1', date: '2026-10-31' });
    await demo.store.checkinRecords.create('demo', { id: 'nov', taskId: 'h1', date: TODAY });
    const { result } = renderHook(
      () => ({ november: useCheckinRecords('2026-11'), all: useCheckinRecords() }),
      hookClient(),
    );
    await waitFor(() => expect(result.current.all.data?.items).toHaveLength(2));
    expect(result.current.november.data?.items.map((r) => r.id)).toEqual(['nov']);
  });

  it('takes the id of the record another device stored first for the same day', async () => {
    await habit();
    const { result, ids } = renderToggles();
    await waitFor(() => expect(ids()).toEqual([]));
    await demo.store.checkinRecords.create('demo', { id: 'elsewhere', taskId: 'h1', date: TODAY });
    // No list answer gets through: the server's answer to the POST alone replaces the id.
    server.use(http.get(/\/api\/checkin-records$/, () => delay('infinite')));
    act(() => {
      result.current.h1.toggle({ date: TODAY, existing: null });
    });
    await waitFor(() =>
      expect(result.current.list.data?.items.map((r) => r.id)).toEqual(['elsewhere']),
    );
  });
});
