import { waitFor } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { openLocalDb } from '../../src/api/engine/local-db';
import { addDays, todayString } from '../../src/domain/dates';
import { RESOURCE_NAMES } from '../../src/domain/resources';
import type { Task } from '../../src/domain/schemas/task';
import { todo } from '../fixtures/records';
import {
  answersLost,
  type Device,
  device,
  offline,
  onDeviceDb,
  SEEDED_AT,
  seedTask,
  storedTask,
  task,
} from './engine-harness';
import { seedDeviceCopy, seedHabit, signIn, testServer, watchListReads } from './harness';
import { recordRequests, writeLine } from './requests';

// The outbox (docs/architecture.md, Decisions "Local-first", "Conflicts") through the engine, over a real
// IndexedDB (fake-indexeddb) and the real server app: order, idempotent replay, what each
// kind of failure does, a reload in between, and two devices editing one record.

const TODAY = '2026-11-22';
const { server, demo } = await testServer({
  today: TODAY,
  clear: ['tasks', 'accounts', 'recurring'],
});
const sent = recordRequests(server, writeLine);
beforeEach(async () => {
  await signIn(demo);
});

describe('the outbox', () => {
  it('replays the changes made offline in the order they were made, once', async () => {
    await seedTask(demo, 'b', '乙');
    await seedTask(demo, 'c', '丙');
    const d = device();
    await d.engine.list('tasks');
    offline(server);
    await d.engine.create('tasks', { ...task('甲'), id: 'a' });
    await d.engine.update('tasks', 'b', task('乙改'));
    const c = (await d.engine.list('tasks')).items.find((t: Task) => t.id === 'c')!;
    await d.engine.remove('tasks', c);
    await waitFor(() => expect(d.engine.status().reachable).toBe(false));
    expect(d.waiting()).toBe(3);

    server.resetHandlers();
    sent.length = 0;
    d.engine.wake();
    await waitFor(() => expect(d.waiting()).toBe(0));
    expect(sent).toEqual(['POST /api/tasks', 'PUT /api/tasks/b', 'DELETE /api/tasks/c']);
    expect((await demo.store.tasks.list('demo')).map((t) => [t.id, t.title]).sort()).toEqual([
      ['a', '甲'],
      ['b', '乙改'],
    ]);
  });

  it('merges edits of one record made offline into one write', async () => {
    const d = device();
    await d.engine.list('tasks');
    offline(server);
    await d.engine.create('tasks', { ...task('一'), id: 'm' });
    await d.engine.update('tasks', 'm', task('二'));
    await d.engine.update('tasks', 'm', task('三'));
    await waitFor(() => expect(d.engine.status().reachable).toBe(false));
    expect(d.waiting()).toBe(1);
    server.resetHandlers();
    sent.length = 0;
    d.engine.wake();
    await waitFor(() => expect(d.waiting()).toBe(0));
    expect(sent).toEqual(['POST /api/tasks']);
    expect((await demo.store.tasks.list('demo')).map((t) => t.title)).toEqual(['三']);
  });

  it('a create whose answer was lost is sent again and stored once', async () => {
    const d = device();
    await d.engine.list('tasks');
    // The server stores it, but the answer never arrives.
    const answers = answersLost(server, demo, 'post', /\/api\/tasks$/);
    await d.engine.create('tasks', { ...task('一次'), id: 'once' });
    await waitFor(() => expect(answers()).toBe(1));
    server.resetHandlers();
    d.engine.wake();
    await waitFor(() => expect(d.waiting()).toBe(0));
    expect(await demo.store.tasks.list('demo')).toHaveLength(1);
  });

  it('survives a reload: a new page on the same device sends what the old one could not', async () => {
    const first = device();
    await first.engine.list('tasks');
    offline(server);
    await first.engine.create('tasks', { ...task('离线写的'), id: 'offline' });
    await waitFor(() => expect(first.engine.status().reachable).toBe(false));
    await first.stop();

    server.resetHandlers();
    device(first.idb);
    await waitFor(async () =>
      expect((await demo.store.tasks.list('demo')).map((t) => t.id)).toEqual(['offline']),
    );
  });

  it('a refusal leaves the queue, takes the change back, and says so; the rest goes on', async () => {
    await seedTask(demo, 'keep', '保留');
    const first = device();
    await first.engine.list('tasks');
    offline(server);
    await first.engine.update('tasks', 'keep', task('会被拒绝'));
    await first.engine.create('tasks', { ...task('之后的'), id: 'later' });
    await waitFor(() => expect(first.engine.status().reachable).toBe(false));
    await first.stop();

    // The next page replays; the server refuses the edit (nobody waits for it now).
    server.resetHandlers();
    server.use(
      http.put(/\/api\/tasks\/keep$/, () =>
        HttpResponse.json({ error: 'title: 标题最多 200 个字符' }, { status: 400 }),
      ),
    );
    const again = device(first.idb);
    await waitFor(() => expect(again.notices).toHaveLength(1));
    await waitFor(() => expect(again.waiting()).toBe(0));
    expect(again.notices).toEqual([
      { tone: 'error', message: '「会被拒绝」未能同步，已撤销：title: 标题最多 200 个字符' },
    ]);
    const shown = (await again.engine.list('tasks')).items.map((t: Task) => [t.id, t.title]);
    expect(shown.sort()).toEqual([
      ['keep', '保留'],
      ['later', '之后的'],
    ]);
  });

  it('a 5xx keeps the change waiting; a 401 keeps it for the next sign-in', async () => {
    const d = device();
    await d.engine.list('tasks');
    server.use(
      http.post(/\/api\/tasks$/, () => HttpResponse.json({ error: '维护中' }, { status: 503 })),
    );
    await d.engine.create('tasks', { ...task('等待'), id: 'wait' });
    await waitFor(() => expect(d.engine.status().reachable).toBe(false));
    expect(d.waiting()).toBe(1);

    server.resetHandlers();
    server.use(
      http.post(/\/api\/tasks$/, () => HttpResponse.json({ error: '用户未登录' }, { status: 401 })),
    );
    d.engine.wake();
    await waitFor(() => expect(d.engine.status().signInNeeded).toBe(true));
    expect(d.waiting()).toBe(1);
    expect(sent.filter((s) => s === 'POST /api/tasks')).toHaveLength(2);
    expect(await demo.store.tasks.list('demo')).toEqual([]);

    // Signed in again: the same device's next engine sends it.
    await d.stop();
    server.resetHandlers();
    await signIn(demo);
    device(d.idb);
    await waitFor(async () =>
      expect((await demo.store.tasks.list('demo')).map((t) => t.id)).toEqual(['wait']),
    );
  });

  it('a change read back from the store is checked: garbage is dropped, not shown', async () => {
    const db = await openLocalDb('demo');
    await db.put('lists', {
      kind: 'tasks',
      cursor: 999_999,
      json: JSON.stringify([
        'not a record',
        { id: 'x', title: { nested: true } },
        todo('ok', {
          title: '好的',
          priority: 'high',
          category: 'work',
          createdAt: '2026-11-20T08:00:00.000Z',
          updatedAt: '2026-11-20T08:00:00.000Z',
        }),
      ]),
    });
    db.close();
    offline(server);
    const d = device(globalThis.indexedDB as IDBFactory);
    const list = await d.engine.list('tasks');
    expect(list.items.map((t: Task) => t.id)).toEqual(['ok']);
  });
});

describe('two devices edit one record offline', () => {
  async function editOnBoth(firstBack: 'older' | 'newer') {
    await seedTask(demo, 'shared', '原来的');
    const older = device();
    const newer = device();
    await older.engine.list('tasks');
    await newer.engine.list('tasks');
    offline(server);
    await older.engine.update('tasks', 'shared', task('较早的修改'));
    await new Promise((r) => setTimeout(r, 5));
    await newer.engine.update('tasks', 'shared', task('较晚的修改'));
    await waitFor(() => expect(newer.engine.status().reachable).toBe(false));
    server.resetHandlers();
    const [first, second] = firstBack === 'older' ? [older, newer] : [newer, older];
    first.engine.wake();
    await waitFor(() => expect(first.waiting()).toBe(0));
    second.engine.wake();
    await waitFor(() => expect(second.waiting()).toBe(0));
    // Both catch up with the server afterwards.
    for (const d of [older, newer]) await d.engine.pull('tasks');
    return { older, newer, second };
  }

  const shownTitle = async (d: Device) =>
    (await d.engine.list('tasks')).items.find((t: Task) => t.id === 'shared')?.title;

  it.each([
    ['the earlier edit arrives first', 'older'],
    ['the later edit arrives first', 'newer'],
  ] as const)(
    '%s: the later edit wins on both, and the other is kept with a notice',
    async (_, firstBack) => {
      const { older, newer, second } = await editOnBoth(firstBack);
      expect((await demo.store.tasks.get('demo', 'shared'))?.title).toBe('较晚的修改');
      expect(await shownTitle(older)).toBe('较晚的修改');
      expect(await shownTitle(newer)).toBe('较晚的修改');
      // The device that met the conflict says so, and keeps the edit that lost.
      expect(second.notices).toHaveLength(1);
      expect(second.notices[0]!.message).toContain('较');
      const [kept] = second.engine.status().conflicts;
      expect(kept).toMatchObject({ kind: 'tasks', id: 'shared', reason: 'superseded' });
      expect((kept!.lost as { title: string }).title).toBe('较早的修改');
    },
  );

  it('a kept edit can be applied again, and then it is the newest', async () => {
    const { second } = await editOnBoth('older');
    const [kept] = second.engine.status().conflicts;
    await second.engine.settleConflict(kept!.key, true);
    await waitFor(() => expect(second.waiting()).toBe(0));
    expect((await demo.store.tasks.get('demo', 'shared'))?.title).toBe('较早的修改');
    expect(second.engine.status().conflicts).toEqual([]);
  });

  it('an edit of a record deleted on the other device is kept, not lost', async () => {
    const shared = await seedTask(demo, 'gone', '会被删');
    const editor = device();
    await editor.engine.list('tasks');
    offline(server);
    await editor.engine.update('tasks', 'gone', task('删之前改的'));
    await waitFor(() => expect(editor.engine.status().reachable).toBe(false));
    await demo.store.tasks.remove('demo', shared.id);
    server.resetHandlers();
    editor.engine.wake();
    await waitFor(() => expect(editor.waiting()).toBe(0));
    expect(editor.engine.status().conflicts).toMatchObject([{ id: 'gone', reason: 'deleted' }]);
    expect(editor.notices[0]!.message).toContain('已在另一台设备上删除');
  });
});

describe('records the server writes', () => {
  /** The device's stored copy of `kind` (what a reload would show), as ids. */
  async function storedIds(d: Device, kind: string): Promise<string[]> {
    const previous = globalThis.indexedDB;
    globalThis.indexedDB = d.idb;
    const db = await openLocalDb('demo');
    globalThis.indexedDB = previous;
    const stored = await db.get('lists', kind as 'accounts');
    db.close();
    return stored ? (JSON.parse(stored.json) as { id: string }[]).map((r) => r.id).sort() : [];
  }

  it('a 周期记账 template confirmed by the server brings its due entries into 记账', async () => {
    // The server writes by its own clock.
    const today = todayString(new Date());
    const d = device();
    await d.engine.list('accounts');
    await d.engine.list('recurring');
    expect(await storedIds(d, 'accounts')).toEqual([]);
    await d.engine.create('recurring', {
      id: 'gym',
      type: 'expense',
      amount: 30,
      category: 'entertainment',
      description: '健身房',
      every: 1,
      unit: 'day',
      startDate: addDays(today, -2),
      endDate: '',
    });
    await waitFor(() => expect(d.waiting()).toBe(0));
    // Nothing asked for the bookkeeping list again: the engine followed the template's write.
    const due = [-2, -1, 0].map((n) => `gym-${addDays(today, n)}`);
    await waitFor(async () => expect(await storedIds(d, 'accounts')).toEqual(due));
  });
});

describe('a server restored from a backup', () => {
  it('a device whose cursor the restored history never handed out takes the whole list afresh', async () => {
    const kept = await seedTask(demo, 'kept', '备份里有的');
    // What the device held before the restore: a later edit of `kept` and a task the backup
    // never saw, under a cursor past any number the server has handed out since.
    await seedDeviceCopy(
      'tasks',
      [
        { ...kept, title: '备份之后改的' },
        { ...kept, id: 'ghost', title: '备份之后加的' },
      ],
      { cursor: 1_000_000_000 },
    );
    const d = device(globalThis.indexedDB);
    await d.engine.pull('tasks');
    expect((await d.engine.list('tasks')).items).toEqual([kept]);
  });
});

describe('a visit with nothing new on the server', () => {
  it('leaves the stored copy untouched, and writes it again once something changed', async () => {
    await seedTask(demo, 'a', '甲');
    const d = device();
    await d.engine.list('tasks');
    const first = await onDeviceDb(d, (db) => db.get('lists', 'tasks'));
    expect(first).toBeDefined();
    // A marker in place of the stored list: only a rewrite would replace it.
    await onDeviceDb(d, (db) => db.put('lists', { ...first!, json: '"untouched"' }));

    await d.engine.pull('tasks');
    expect((await onDeviceDb(d, (db) => db.get('lists', 'tasks')))?.json).toBe('"untouched"');
    expect((await d.engine.list('tasks')).items.map((t) => t.title)).toEqual(['甲']);

    await seedTask(demo, 'b', '乙');
    await d.engine.pull('tasks');
    const after = await onDeviceDb(d, (db) => db.get('lists', 'tasks'));
    expect((JSON.parse(after!.json) as Task[]).map((t) => t.title).sort()).toEqual(['乙', '甲']);
  });

  it('a catch-up still running at sign-out ends quietly, having changed nothing', async () => {
    const d = device();
    const caught = d.engine.catchUp(['tasks', 'accounts']);
    await d.stop();
    await expect(caught).resolves.toBe(false);
  });

  it('a list the page has not read is pulled by its cursor, and read only to apply a change', async () => {
    await seedTask(demo, 'a', '甲');
    const first = device();
    await first.engine.list('tasks');
    await first.stop();
    // The next visit: the same device, a new page that has shown no list yet.
    const page = device(first.idb);
    const { reads, restore } = watchListReads();
    try {
      await page.engine.pull('tasks');
      expect(reads).toEqual([]);
      await seedTask(demo, 'b', '乙');
      await page.engine.pull('tasks');
      expect(reads).toEqual(['tasks']);
    } finally {
      restore();
    }
    const stored = await onDeviceDb(page, (db) => db.get('lists', 'tasks'));
    expect((JSON.parse(stored!.json) as Task[]).map((t) => t.title).sort()).toEqual(['乙', '甲']);
    expect((await page.engine.list('tasks')).items.map((t) => t.title).sort()).toEqual([
      '乙',
      '甲',
    ]);
  });

  it('a change for a stored copy that cannot be read back brings the whole list, not the change alone', async () => {
    await seedTask(demo, 'a', '甲');
    const first = device();
    await first.engine.list('tasks');
    await first.stop();
    const stored = await onDeviceDb(first, (db) => db.get('lists', 'tasks'));
    await onDeviceDb(first, (db) => db.put('lists', { ...stored!, json: '{broken' }));
    await seedTask(demo, 'b', '乙');

    const page = device(first.idb);
    await page.engine.pull('tasks');
    expect((await page.engine.list('tasks')).items.map((t) => t.title).sort()).toEqual([
      '乙',
      '甲',
    ]);
  });

  it('finds out whether another tab caught up by the cursor kept beside the list, not the list', async () => {
    await seedTask(demo, 'a', '甲');
    const idb = new IDBFactory();
    // Tab A's word that it stored something is missed (it is told by a BroadcastChannel, which
    // this one lacks): B must find out from the database.
    const Channel = globalThis.BroadcastChannel;
    Reflect.deleteProperty(globalThis, 'BroadcastChannel');
    const tabA = device(idb);
    globalThis.BroadcastChannel = Channel;
    const tabB = device(idb);
    await tabB.engine.list('tasks');
    await tabA.engine.list('tasks');

    // Another tab catches up with a change and stores it: the next pull here starts from it.
    await seedTask(demo, 'b', '乙');
    await tabA.engine.pull('tasks');
    const cursor = (await onDeviceDb(tabA, (db) => db.get('lists', 'tasks')))!.cursor;
    const asked: string[] = [];
    const listen = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/tasks') asked.push(url.searchParams.get('since') ?? '');
    };
    server.events.on('request:start', listen);
    const { reads, restore } = watchListReads();
    try {
      await tabB.engine.pull('tasks');
      expect(asked).toEqual([String(cursor)]);
      // One read of the list, to take the other tab's copy; none to find out that it must.
      expect(reads).toEqual(['tasks']);
      reads.length = 0;
      await tabB.engine.pull('tasks');
      expect(reads).toEqual([]);
    } finally {
      restore();
      server.events.removeListener('request:start', listen);
    }
    expect((await tabB.engine.list('tasks')).items.map((t) => t.title).sort()).toEqual([
      '乙',
      '甲',
    ]);
  });
});

describe('a full download of a long list (issue 16)', () => {
  const many = (n: number): Task[] =>
    Array.from({ length: n }, (_, i) =>
      // Ids in an order unlike the insertion order: the pages go by (change number, id).
      storedTask(`t${String((i * 7919) % 20011).padStart(5, '0')}`, `任务 ${i}`),
    );
  /** The GET ?since= queries the device sends for tasks while `fn` runs. */
  async function asked(fn: () => Promise<unknown>) {
    const queries: string[] = [];
    const listen = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      if (request.method === 'GET' && url.pathname === '/api/tasks') queries.push(url.search);
    };
    server.events.on('request:start', listen);
    try {
      await fn();
    } finally {
      server.events.removeListener('request:start', listen);
    }
    return queries;
  }
  async function storedCopy(d: Device) {
    const previous = globalThis.indexedDB;
    globalThis.indexedDB = d.idb;
    const db = await openLocalDb('demo');
    globalThis.indexedDB = previous;
    const stored = await db.get('lists', 'tasks');
    db.close();
    return (
      stored && { cursor: stored.cursor, ids: (JSON.parse(stored.json) as Task[]).map((t) => t.id) }
    );
  }

  it('comes in pages and ends with the whole list under the first page’s cursor', async () => {
    // Two batches share a change number each: 4000 and 3500 rows, three pages of 3000.
    const tasks = many(7500);
    await demo.store.tasks.createMany('demo', tasks.slice(0, 4000));
    await demo.store.tasks.createMany('demo', tasks.slice(4000));
    const { cursor } = await demo.store.tasks.changes('demo', 0);
    const d = device();
    const queries = await asked(() => d.engine.pull('tasks'));
    expect(queries).toHaveLength(3);
    expect(queries[0]).toBe('?since=0&limit=3000&shape=packed');
    for (const q of queries.slice(1))
      expect(q).toMatch(
        new RegExp(`^\\?since=0&limit=3000&after=[^&]+&upto=${cursor}&shape=packed$`),
      );
    const stored = await storedCopy(d);
    expect(stored?.cursor).toBe(cursor);
    expect(stored?.ids).toHaveLength(7500);
    expect(new Set(stored?.ids)).toEqual(new Set(tasks.map((t) => t.id)));
    expect((await d.engine.list('tasks')).items).toHaveLength(7500);

    // The next visit asks for the delta from that cursor, in one request.
    await demo.store.tasks.remove('demo', tasks[7]!.id);
    expect(await asked(() => d.engine.pull('tasks'))).toEqual([
      `?since=${cursor}&limit=3000&shape=packed`,
    ]);
    expect((await d.engine.list('tasks')).items).toHaveLength(7499);
  });

  it('a page that fails stores nothing, and the next pull starts over', async () => {
    await demo.store.tasks.createMany('demo', many(3100));
    server.use(
      http.get(/\/api\/tasks/, ({ request }) =>
        new URL(request.url).searchParams.has('after') ? HttpResponse.error() : undefined,
      ),
    );
    const d = device();
    await d.engine.pull('tasks').catch(() => undefined);
    expect(await storedCopy(d)).toBeUndefined();
    server.resetHandlers();
    const queries = await asked(() => d.engine.pull('tasks'));
    expect(queries).toHaveLength(2);
    expect(queries[0]).toBe('?since=0&limit=3000&shape=packed');
    expect((await storedCopy(d))?.ids).toHaveLength(3100);
  });

  it('a server that does not page answers in one piece, as before', async () => {
    const tasks = many(3);
    server.use(
      http.get(/\/api\/tasks/, () =>
        HttpResponse.json({ records: tasks, deleted: [], cursor: 42 }),
      ),
    );
    const d = device();
    await d.engine.pull('tasks');
    expect(await storedCopy(d)).toEqual({ cursor: 42, ids: tasks.map((t) => t.id) });
  });
});

describe('a delete that waits hides what goes with it', () => {
  const asset = (id: string, version: number, originalId: string | null, name: string) => ({
    id,
    type: 'asset' as const,
    name,
    category: 'cash',
    amount: 100 * version,
    description: '',
    date: TODAY,
    effectiveDate: '',
    version,
    originalId,
    previousVersionId: version > 1 ? (originalId ?? id) : null,
    createdAt: SEEDED_AT,
    updatedAt: SEEDED_AT,
  });

  it('every version of a deleted asset’s chain, and only that chain', async () => {
    await demo.store.assets.create('demo', asset('c1', 1, null, '活期'));
    await demo.store.assets.create('demo', asset('c2', 2, 'c1', '活期'));
    await demo.store.assets.create('demo', asset('o1', 1, null, '定期'));
    const d = device();
    expect((await d.engine.list('assets')).items.map((a) => a.id).sort()).toEqual([
      'c1',
      'c2',
      'o1',
    ]);
    offline(server);
    const latest = (await d.engine.list('assets')).items.find((a) => a.id === 'c2')!;
    await d.engine.remove('assets', latest);
    expect((await d.engine.list('assets')).items.map((a) => a.id)).toEqual(['o1']);
    for (const id of ['c1', 'c2', 'o1']) await demo.store.assets.remove('demo', id);
  });

  it('the check-ins of a deleted habit, and only its own', async () => {
    const gone = await seedHabit(demo, 'h-gone');
    await seedHabit(demo, 'h-kept');
    for (const [id, taskId] of [
      ['r1', 'h-gone'],
      ['r2', 'h-kept'],
    ] as const) {
      await demo.store.checkinRecords.create('demo', { id, taskId, date: TODAY });
    }
    const d = device();
    await d.engine.list('checkinTasks');
    expect((await d.engine.list('checkinRecords')).items).toHaveLength(2);
    offline(server);
    await d.engine.remove('checkinTasks', gone);
    expect((await d.engine.list('checkinRecords')).items.map((r) => r.id)).toEqual(['r2']);
    expect((await d.engine.list('checkinTasks')).items.map((t) => t.id)).toEqual(['h-kept']);
    for (const id of ['h-gone', 'h-kept']) await demo.store.checkinTasks.remove('demo', id);
  });
});

describe('completing the device’s copy (holdEverything)', () => {
  const storedKinds = async (d: Device) => {
    const previous = globalThis.indexedDB;
    globalThis.indexedDB = d.idb;
    const db = await openLocalDb('demo');
    globalThis.indexedDB = previous;
    try {
      return (await db.getAllKeys('lists')).sort();
    } finally {
      db.close();
    }
  };

  it('downloads every kind the device does not hold, once', async () => {
    await seedTask(demo, 'a', '甲');
    const d = device();
    await d.engine.holdEverything();
    expect(await storedKinds(d)).toEqual([...RESOURCE_NAMES].sort());
    expect((await d.engine.list('tasks')).items.map((t) => t.title)).toEqual(['甲']);
  });

  it('stops at the first sign that the server is away, and stores nothing half-done', async () => {
    offline(server);
    const asked: string[] = [];
    const listen = ({ request }: { request: Request }) => {
      if (request.method === 'GET') asked.push(new URL(request.url).pathname);
    };
    server.events.on('request:start', listen);
    const d = device();
    try {
      await d.engine.holdEverything();
    } finally {
      server.events.removeListener('request:start', listen);
    }
    expect(await storedKinds(d)).toEqual([]);
    expect(d.engine.status().reachable).toBe(false);
    // One list asked for by each of the filler's two lanes, not all nine.
    expect(asked.length).toBeLessThanOrEqual(2);
  });

  it('leaves a kind the device holds unread, and downloads only the missing ones', async () => {
    // Stored by an earlier visit, in the database this device opens.
    await seedDeviceCopy('tasks', [storedTask('seeded', '已有')], { cursor: 1 });
    const d = device(globalThis.indexedDB as IDBFactory);
    const { reads, restore } = watchListReads();
    try {
      await d.engine.holdEverything();
    } finally {
      restore();
    }
    expect(reads).not.toContain('tasks');
    expect(await storedKinds(d)).toEqual([...RESOURCE_NAMES].sort());
  });
});

describe('signing out while a replay is on the wire', () => {
  it('leaves no rejection behind: the lists it would read are refused, quietly', async () => {
    const first = device();
    await first.engine.list('tasks');
    offline(server);
    await first.engine.create('tasks', { ...task('路上'), id: 'on-the-wire' });
    await waitFor(() => expect(first.waiting()).toBe(1));
    await first.stop();
    // A reload: the outbox holds the create, no list is read into memory yet.
    server.resetHandlers();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post(/\/api\/tasks$/, async () => {
        await held;
        return undefined; // on to the real app
      }),
    );
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      const reloaded = device(first.idb);
      reloaded.engine.wake();
      await waitFor(() => expect(sent.at(-1)).toBe('POST /api/tasks'));
      await reloaded.stop();
      release();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });
});
