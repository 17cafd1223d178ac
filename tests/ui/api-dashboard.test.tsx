import { renderHook, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useDashboard } from '../../src/api/dashboard';
import { engineFor, stopEngine } from '../../src/api/engine';
import { openLocalDb } from '../../src/api/local-db';
import type { DashboardAggregates } from '../../src/domain/stats';
import { hookClient, seedDeviceCopy, signIn, testServer, watchListReads } from './harness';

// Where the home dashboard's figures come from (src/api/dashboard.ts): the server's sums on a
// device that holds no lists yet, the device's own lists otherwise, and figures kept on the
// device for as long as the lists they came from stand as they were.

const TODAY = '2026-11-21';
const LISTS = ['accounts', 'workouts', 'tasks', 'timeRecords', 'assets'] as const;
const PATHS = ['/api/accounts', '/api/workouts', '/api/tasks', '/api/time-records', '/api/assets'];
const { server, demo } = await testServer({ today: TODAY });

let token: string;
let serverSums: DashboardAggregates;
const auth = () => ({
  'Content-Type': 'application/json',
  Authorization: `Bearer ${token}`,
  'x-user-id': 'demo',
});
beforeAll(async () => {
  ({ token } = await signIn(demo));
  const post = async (path: string, body: object) => {
    const res = await demo.app.request(path, {
      method: 'POST',
      headers: auth(),
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  };
  await post('/api/accounts', { type: 'expense', amount: 35.5, category: 'dining', date: TODAY });
  await post('/api/accounts', { type: 'income', amount: 800, category: 'salary', date: TODAY });
  await post('/api/workouts', { type: 'running', duration: 30, date: TODAY });
  await post('/api/tasks', { title: 'a', completed: true, completedAt: `${TODAY}T08:00:00.000Z` });
  await post('/api/tasks', { title: 'b', completed: false });
  await post('/api/time-records', {
    task: '写作',
    category: 'writing',
    duration: 600,
    date: TODAY,
  });
  await post('/api/assets', {
    type: 'asset',
    name: '现金',
    category: 'cash',
    amount: 1000,
    date: '2026-01-01',
  });
  const res = await demo.app.request(`/api/summary?today=${TODAY}`, { headers: auth() });
  serverSums = (await res.json()) as DashboardAggregates;
});

let requests: URL[];
server.events.on('request:start', ({ request }) => {
  if (request.method === 'GET') requests.push(new URL(request.url));
});
beforeEach(async () => {
  requests = [];
  await signIn(demo);
});

function renderDashboard() {
  const { client, wrapper } = hookClient();
  return { client, ...renderHook(() => useDashboard(TODAY), { wrapper }) };
}

const asked = (path: string) => requests.filter((url) => url.pathname === path);
const listsAsked = () => PATHS.filter((path) => asked(path).length > 0);
interface KeptFigures {
  version: number;
  today: string;
  cursors: number[];
  aggregates: DashboardAggregates;
}
const holdAll = async () => {
  for (const kind of LISTS) await seedDeviceCopy(kind, []);
};
const kept = async () => {
  const db = await openLocalDb('demo');
  try {
    return (await db.get('kv', 'figures:dashboard')) as KeptFigures | undefined;
  } finally {
    db.close();
  }
};
/** Rewrites the kept figures, marked (99 tasks) to tell them from freshly computed ones. */
const keepFigures = async (change: (figures: KeptFigures) => KeptFigures = (f) => f) => {
  const db = await openLocalDb('demo');
  const figures = (await db.get('kv', 'figures:dashboard')) as KeptFigures;
  const marked = { ...figures, aggregates: { ...figures.aggregates, tasksTotal: 99 } };
  await db.put('kv', change(marked), 'figures:dashboard');
  db.close();
};

/** A visit on a device holding the lists, which leaves the figures kept. */
async function visitAndKeep() {
  await holdAll();
  const view = renderDashboard();
  await waitFor(async () => expect((await kept())?.cursors.every((c) => c > 1)).toBe(true));
  view.unmount();
  await stopEngine(view.client, null);
  requests = [];
}

describe('a device that holds no lists yet', () => {
  it('shows the server’s sums for the day and downloads no list', async () => {
    const { result } = renderDashboard();
    expect(result.current).toEqual({ isPending: true });
    await waitFor(() => expect(result.current.aggregates).toEqual(serverSums));
    expect(result.current.isPending).toBe(false);
    expect(result.current.local).toBeUndefined();
    expect(asked('/api/summary').map((url) => url.searchParams.get('today'))).toEqual([TODAY]);
    expect(listsAsked()).toEqual([]);
    // Nothing computed on the device, nothing kept.
    expect(await kept()).toBeUndefined();
  });

  it('reads the lists when the server cannot sum, and says the figures are the device’s', async () => {
    server.use(
      http.get(/\/api\/summary$/, () =>
        HttpResponse.json({ error: '数据库不可用' }, { status: 500 }),
      ),
    );
    const { result } = renderDashboard();
    await waitFor(() => expect(result.current.aggregates).toEqual(serverSums));
    expect(result.current.local).toEqual({ error: '数据库不可用' });
    expect(listsAsked()).toEqual(PATHS);
  });
});

describe('a device that holds the lists', () => {
  it('computes the figures itself, never asks for sums, and keeps them with the lists’ cursors', async () => {
    await holdAll();
    const { result } = renderDashboard();
    await waitFor(() => expect(result.current.aggregates).toEqual(serverSums));
    expect(result.current.local).toBeUndefined();
    expect(result.current.error).toBeUndefined();
    await waitFor(async () => expect((await kept())?.cursors.every((c) => c > 1)).toBe(true));
    const figures = await kept();
    expect(figures).toMatchObject({ version: 1, today: TODAY, aggregates: serverSums });
    expect(figures?.cursors).toHaveLength(5);
    expect(asked('/api/summary')).toEqual([]);
  });

  it('a later visit shows what was kept, reads no list, and asks no sums', async () => {
    await visitAndKeep();
    await keepFigures();
    const { reads, restore } = watchListReads();
    try {
      const { result } = renderDashboard();
      await waitFor(() => expect(result.current.aggregates?.tasksTotal).toBe(99));
      expect(result.current.isPending).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(reads).toEqual([]);
      expect(asked('/api/summary')).toEqual([]);
      expect(result.current.aggregates?.tasksTotal).toBe(99);
    } finally {
      restore();
    }
  });

  it.each<[string, (figures: KeptFigures) => KeptFigures]>([
    ['of another day', (f) => ({ ...f, today: '2026-11-20' })],
    ['of another shape', (f) => ({ ...f, version: 2 })],
    ['without cursors', (f) => ({ ...f, cursors: 'x' as never })],
    ['for a list that changed since', (f) => ({ ...f, cursors: f.cursors.with(2, 1) })],
    ['for a list never stored', (f) => ({ ...f, cursors: f.cursors.with(0, 0) })],
  ])('does not show figures kept %s: it counts again', async (_, change) => {
    await visitAndKeep();
    await keepFigures(change);
    const { result } = renderDashboard();
    await waitFor(() => expect(result.current.aggregates).toEqual(serverSums));
  });

  it('says a list the server failed is the device’s, and a later visit counts afresh', async () => {
    await holdAll();
    server.use(
      http.get(/\/api\/workouts$/, () =>
        HttpResponse.json({ error: '服务器维护中' }, { status: 503 }),
      ),
    );
    const first = renderDashboard();
    await waitFor(() => expect(first.result.current.local).toEqual({ error: '服务器维护中' }));
    await waitFor(() => expect(first.result.current.aggregates?.tasksTotal).toBe(2));
    // Running on the device's empty copy of the workouts.
    expect(first.result.current.aggregates?.todayWorkouts).toBe(0);
    first.unmount();
    await stopEngine(first.client, null);

    // Whatever was kept stood for the lists as they were: once the server answers, the
    // figures are the server's whole lists'.
    server.resetHandlers();
    const { result } = renderDashboard();
    await waitFor(() => expect(result.current.aggregates).toEqual(serverSums));
    expect(result.current.local).toBeUndefined();
  });

  it('keeps nothing while a change waits to be sent, and counts the change', async () => {
    await holdAll();
    server.use(http.post(/\/api\//, () => HttpResponse.error()));
    const { client, result } = renderDashboard();
    await engineFor(client).create('tasks', {
      title: '离线任务',
      priority: 'medium',
      category: 'work',
    });
    await waitFor(() => expect(result.current.aggregates?.tasksTotal).toBe(3));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await kept()).toBeUndefined();
  });
});
