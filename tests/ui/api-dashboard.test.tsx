import { useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { useDashboard, useDashboardKeeper } from '../../src/api/dashboard';
import { engineFor, stopEngine } from '../../src/api/engine';
import { openLocalDb } from '../../src/api/engine/local-db';
import { listQuery } from '../../src/api/resource';
import { useWalletTotals } from '../../src/api/wallets';
import type { DashboardAggregates } from '../../src/domain/stats';
import { storedWallet } from '../fixtures/records';
import {
  hookClient,
  seedDeviceCopy,
  signIn,
  testServer,
  watchListReads,
  watchListWrites,
} from './harness';
import { recordRequests } from './requests';

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

const requests = recordRequests(server, (r) => (r.method === 'GET' ? new URL(r.url) : undefined));
beforeEach(async () => {
  await signIn(demo);
});
/** Tasks a test added on the server, taken out again after it: the other tests count two. */
const addedTasks: string[] = [];
afterEach(async () => {
  for (const id of addedTasks.splice(0)) {
    await demo.app.request(`/api/tasks/${id}`, { method: 'DELETE', headers: auth() });
  }
});

/**
 * The dashboard's figures, with the keeper the signed-in shell runs beside every screen;
 * `shown` is every task count it has rendered, in turn.
 */
function renderDashboard() {
  const { client, wrapper } = hookClient();
  const shown: (number | undefined)[] = [];
  const dashboard = () => {
    useDashboardKeeper(TODAY);
    const figures = useDashboard(TODAY);
    shown.push(figures.aggregates?.tasksTotal);
    return figures;
  };
  return { client, shown, ...renderHook(dashboard, { wrapper }) };
}

const asked = (path: string) => requests.filter((url) => url.pathname === path);
const listsAsked = () => PATHS.filter((path) => asked(path).length > 0);
interface KeptPart {
  version: number;
  today: string;
  cursor: number;
  part: Record<string, unknown>;
}
type Kept = Partial<Record<(typeof LISTS)[number], KeptPart>>;
const holdAll = async () => {
  for (const kind of LISTS) await seedDeviceCopy(kind, []);
};
/** Each list's kept part of the figures. */
const kept = async (): Promise<Kept> => {
  const db = await openLocalDb('demo');
  try {
    const entries = await Promise.all(
      LISTS.map(async (kind) => [kind, await db.get('kv', `figures:dashboard:${kind}`)] as const),
    );
    return Object.fromEntries(entries.filter(([, part]) => part !== undefined)) as Kept;
  } finally {
    db.close();
  }
};
const allKept = async () => {
  const parts = await kept();
  return LISTS.every((kind) => (parts[kind]?.cursor ?? 0) > 1);
};
/**
 * Rewrites the kept parts, the tasks' marked (99 tasks) to tell them from freshly counted ones;
 * `change` rewrites the tasks' part further.
 */
const keepFigures = async (change: (part: KeptPart) => KeptPart = (p) => p) => {
  const db = await openLocalDb('demo');
  const tasks = (await db.get('kv', 'figures:dashboard:tasks')) as KeptPart;
  const marked = { ...tasks, part: { ...tasks.part, tasksTotal: 99 } };
  await db.put('kv', change(marked), 'figures:dashboard:tasks');
  db.close();
};

const keptNumber = async (key: string) => {
  const db = await openLocalDb('demo');
  try {
    return (await db.get('kv', key)) as number | undefined;
  } finally {
    db.close();
  }
};

/** A visit on a device holding the lists, which leaves every part kept. */
async function visitAndKeep() {
  await holdAll();
  const view = renderDashboard();
  await waitFor(async () => expect(await allKept()).toBe(true));
  view.unmount();
  await stopEngine(view.client, null);
  requests.length = 0;
}

/** /tasks as far as the lists go: the tasks in memory, and the keeper the shell runs. */
function renderTasksScreen() {
  const { client, wrapper } = hookClient();
  const tasksScreen = renderHook(
    () => {
      useDashboardKeeper(TODAY);
      return useQuery(listQuery('tasks'));
    },
    { wrapper },
  );
  return { client, tasksScreen };
}

/**
 * On /tasks, with the keeper the shell runs: the list in memory, and a task `title` added
 * and taken by the server.
 */
async function addTaskOnTasksScreen(title: string) {
  const { client, tasksScreen } = renderTasksScreen();
  await waitFor(() => expect(tasksScreen.result.current.data?.complete).toBe(true));
  const engine = engineFor(client);
  const { record, seq } = await engine.create('tasks', {
    title,
    priority: 'medium',
    category: 'work',
  });
  await engine.settled(seq);
  addedTasks.push(record.id);
  return { client, tasksScreen };
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
    expect(await kept()).toEqual({});
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
  it('computes the figures itself, never asks for sums, and keeps each list’s part with its cursor', async () => {
    await holdAll();
    const { result } = renderDashboard();
    await waitFor(() => expect(result.current.aggregates).toEqual(serverSums));
    expect(result.current.local).toBeUndefined();
    expect(result.current.error).toBeUndefined();
    await waitFor(async () => expect(await allKept()).toBe(true));
    const parts = await kept();
    for (const kind of LISTS) expect(parts[kind]).toMatchObject({ version: 3, today: TODAY });
    // The parts are the sums, each from its own list.
    expect(parts.tasks?.part).toEqual({ tasksTotal: 2, tasksCompleted: 1 });
    expect(parts.workouts?.part).toEqual({ todayWorkouts: 1 });
    // 记账's part also keeps what its entries did to each 账户 (none here name one).
    const { walletCents, ...sums } = Object.assign({}, ...LISTS.map((kind) => parts[kind]?.part));
    expect(walletCents).toEqual({});
    expect(sums).toEqual(serverSums);
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

  it.each<[string, (part: KeptPart) => KeptPart]>([
    ['of another day', (p) => ({ ...p, today: '2026-11-20' })],
    ['of another shape', (p) => ({ ...p, version: 1 })],
    ['without a cursor', (p) => ({ ...p, cursor: 'x' as never })],
    ['without a part', (p) => ({ ...p, part: null as never })],
    ['for a list that changed since', (p) => ({ ...p, cursor: p.cursor - 1 })],
  ])(
    'does not show a part kept %s: it reads and counts that list alone again',
    async (_, change) => {
      await visitAndKeep();
      await keepFigures(change);
      const { reads, restore } = watchListReads();
      try {
        const { result } = renderDashboard();
        await waitFor(() => expect(result.current.aggregates).toEqual(serverSums));
        expect(reads).toEqual(['tasks']);
        // Counted again, and kept again with the list's cursor.
        await waitFor(async () => expect((await kept()).tasks?.part.tasksTotal).toBe(2));
      } finally {
        restore();
      }
    },
  );

  it('counts a list again once catching up behind its kept part brought a change', async () => {
    await visitAndKeep();
    await keepFigures();
    // Another device adds a task while this one is away.
    const res = await demo.app.request('/api/tasks', {
      method: 'POST',
      headers: auth(),
      body: JSON.stringify({ title: 'c', completed: false }),
    });
    addedTasks.push(((await res.json()) as { id: string }).id);
    const { result, shown } = renderDashboard();
    await waitFor(() => expect(result.current.aggregates?.tasksTotal).toBe(3));
    expect(result.current.aggregates).toEqual({ ...serverSums, tasksTotal: 3 });
    // The kept part was shown first; the catch-up found the task and the tasks were counted.
    expect(shown.filter((total) => total !== undefined && total !== shown.at(-1))).toContain(99);
    expect(shown.indexOf(99)).toBeLessThan(shown.indexOf(3));
  });

  it('keeps the part of a list changed on another screen there: the next visit counts nothing again', async () => {
    await visitAndKeep();
    const { client, tasksScreen } = await addTaskOnTasksScreen('d');
    await waitFor(async () => expect((await kept()).tasks?.part.tasksTotal).toBe(3));
    const { cursor } = (await kept()).tasks!;
    tasksScreen.unmount();
    await stopEngine(client, null);

    // The next visit shows the figures kept, and catches up: the delta brings back only the
    // task this device sent, which changes nothing, so nothing is stored or counted again.
    const { writes, restore } = watchListWrites();
    try {
      const { result, shown } = renderDashboard();
      await waitFor(() =>
        expect(result.current.aggregates).toEqual({ ...serverSums, tasksTotal: 3 }),
      );
      await waitFor(async () => expect(await keptNumber('synced:tasks')).toBeGreaterThan(cursor));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(writes).toEqual([]);
      expect(new Set(shown.filter((total) => total !== undefined))).toEqual(new Set([3]));
      expect((await kept()).tasks?.cursor).toBe(cursor);
      expect(await keptNumber('cursor:tasks')).toBe(cursor);
    } finally {
      restore();
    }
  });

  it('a screen showing a list whose part stands neither counts nor keeps it again', async () => {
    await visitAndKeep();
    const keeps: unknown[] = [];
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, value, key) {
      if (this.name === 'kv' && String(key).startsWith('figures:')) keeps.push(key);
      return put.call(this, value, key);
    };
    try {
      const { result } = renderTasksScreen().tasksScreen;
      await waitFor(() => expect(result.current.data?.complete).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(keeps).toEqual([]);
    } finally {
      IDBObjectStore.prototype.put = put;
    }
  });

  it('forgets a list’s part as soon as the list changes: a tab closed before the next is kept counts again', async () => {
    await visitAndKeep();
    const { client, tasksScreen } = await addTaskOnTasksScreen('e');
    // Closed at once: the new part is never kept.
    tasksScreen.unmount();
    await stopEngine(client, null);
    expect((await kept()).tasks ?? null).toBeNull();

    const { reads, restore } = watchListReads();
    try {
      const { result } = renderDashboard();
      await waitFor(() =>
        expect(result.current.aggregates).toEqual({ ...serverSums, tasksTotal: 3 }),
      );
      expect(reads).toEqual(['tasks']);
    } finally {
      restore();
    }
  });

  it('keeps the part of a list first shown offline once the server answers for it', async () => {
    await visitAndKeep();
    // No part for the tasks (a tab closed before keeping it), and no server for a moment.
    const db = await openLocalDb('demo');
    await db.delete('kv', 'figures:dashboard:tasks');
    db.close();
    server.use(http.get(/\/api\/tasks$/, () => HttpResponse.error()));
    const { client, tasksScreen } = renderTasksScreen();
    const { result } = tasksScreen;
    await waitFor(() => expect(result.current.data?.local).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The device's copy may not be the server's: nothing is kept from it.
    expect((await kept()).tasks).toBeUndefined();
    const shownOffline = result.current.data!.items;

    server.resetHandlers();
    await engineFor(client).pull('tasks');
    await waitFor(() => expect(result.current.data?.local).toBe(false));
    // The server had nothing new: the same list, now known to be the server's, is kept.
    expect(result.current.data!.items).toBe(shownOffline);
    await waitFor(async () => expect((await kept()).tasks?.part.tasksTotal).toBe(2));
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

  it('keeps no part that counts a change waiting to be sent, and counts the change', async () => {
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
    // A part kept before the change counts only what the server has.
    expect((await kept()).tasks?.part.tasksTotal).not.toBe(3);
  });
});

// 资产管理 and 净资产 (issue 61): the 账户 balances take the entries' share from 记账's kept part,
// so a visit whose part stands reads no 记账 list (ten years of it held /assets ~1 s at 4× CPU).
describe('the 账户 balances', () => {
  const walletTotals = () => {
    const { client, wrapper } = hookClient();
    return { client, ...renderHook(() => useWalletTotals(TODAY), { wrapper }) };
  };

  it('come from the kept part while it stands, and from the list when it does not', async () => {
    await demo.store.wallets.create('demo', storedWallet('w1', { openingBalance: 100 }));
    onTestFinished(async () => {
      await demo.store.wallets.remove('demo', 'w1');
    });
    await visitAndKeep();
    // Marked: what the kept part says the entries did to w1, which no entry does.
    const db = await openLocalDb('demo');
    const accounts = (await db.get('kv', 'figures:dashboard:accounts')) as KeptPart;
    const marked = { ...accounts, part: { ...accounts.part, walletCents: { w1: 2_50 } } };
    await db.put('kv', marked, 'figures:dashboard:accounts');
    db.close();

    const { reads, restore } = watchListReads();
    try {
      const first = walletTotals();
      await waitFor(() => expect(first.result.current?.assetsCents).toBe(102_50));
      expect(reads).not.toContain('accounts');
      first.unmount();
      await stopEngine(first.client, null);

      // Of another day: the list is read, and its entries name no 账户.
      const db2 = await openLocalDb('demo');
      await db2.put('kv', { ...marked, today: '2026-11-20' }, 'figures:dashboard:accounts');
      db2.close();
      const second = walletTotals();
      await waitFor(() => expect(second.result.current?.assetsCents).toBe(100_00));
      expect(reads).toContain('accounts');
      second.unmount();
      await stopEngine(second.client, null);
    } finally {
      restore();
    }
  });
});
