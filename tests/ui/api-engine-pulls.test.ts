import { waitFor } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListResult } from '../../src/api/engine';
import { holdsAlready } from '../../src/api/engine/delta';
import { openLocalDb } from '../../src/api/engine/local-db';
import { resourceKeys } from '../../src/api/keys';
import { packColumns } from '../../src/domain/columns';
import { readerFor } from '../../src/domain/guard';
import { SCHEMAS } from '../../src/domain/record-schemas';
import { RECORD_SHAPES } from '../../src/domain/record-shapes';
import type { Task } from '../../src/domain/schemas/task';
import { type Device, device, seedTask, storedTask, task } from './engine-harness';
import { seedDeviceCopy, signIn, testServer, watchListReads, watchListWrites } from './harness';

// How lists follow the server beyond the paths of engine.test.ts: a paged download the server
// starts over or does not move on, what a failed pull tells the status and an open screen,
// what the device keeps beside the lists, exports and re-downloads, and two tabs on one device.

// The pass over a whole list that telling a delta held used to take, counted (it passes through).
vi.mock('../../src/api/engine/delta', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/api/engine/delta')>();
  return { ...actual, holdsAlready: vi.fn(actual.holdsAlready) };
});

const TODAY = '2026-11-22';
const { server, demo } = await testServer({ today: TODAY, clear: ['tasks'] });
beforeEach(async () => {
  await signIn(demo);
});

async function storedCopy(d: Device) {
  const previous = globalThis.indexedDB;
  globalThis.indexedDB = d.idb;
  const db = await openLocalDb('demo');
  globalThis.indexedDB = previous;
  try {
    const stored = await db.get('lists', 'tasks');
    return (
      stored && {
        cursor: stored.cursor,
        ids: (JSON.parse(stored.json) as Task[]).map((t) => t.id),
      }
    );
  } finally {
    db.close();
  }
}

/** A stand-in for GET /api/tasks: `pages` answers in turn; the queries asked are recorded. */
function tasksServer(pages: Record<string, unknown>[]) {
  const asked: string[] = [];
  server.use(
    http.get(/\/api\/tasks$/, ({ request }) => {
      asked.push(new URL(request.url).search);
      const page = pages[Math.min(asked.length, pages.length) - 1]!;
      return HttpResponse.json(page);
    }),
  );
  return asked;
}

const ids = (result: ListResult<Task>) => result.items.map((t) => t.id);

describe('a paged download', () => {
  it('that the server starts over midway is taken from the new start, nothing of the old', async () => {
    // A copy held from before, and a delta that came in pages before the server started over.
    await seedDeviceCopy('tasks', [storedTask('held')], { cursor: 5 });
    const asked = tasksServer([
      { records: [storedTask('a')], deleted: [], cursor: 10, more: true, after: 'a' },
      { records: [storedTask('fresh')], deleted: [], cursor: 11, reset: true },
    ]);
    const d = device(globalThis.indexedDB as IDBFactory);
    await d.engine.pull('tasks');
    expect(asked).toEqual([
      '?since=5&limit=3000&shape=packed',
      '?since=0&limit=3000&after=a&upto=10&shape=packed',
    ]);
    expect(await storedCopy(d)).toEqual({ cursor: 11, ids: ['fresh'] });
    expect(ids(await d.engine.list('tasks'))).toEqual(['fresh']);
  });

  // What the SQLite server sends for shape=packed (src/domain/columns.ts).
  const inColumns = (tasks: Task[]) =>
    packColumns(
      Object.fromEntries(
        Object.keys(tasks[0]!).map((f) => [f, tasks.map((t) => t[f as keyof Task])]),
      ),
    );

  it('that comes in columns is stored as the records, field for field', async () => {
    const [a, b, c] = [storedTask('a'), { ...storedTask('b'), completed: true }, storedTask('c')];
    const asked = tasksServer([
      { columns: inColumns([a, b]), deleted: [], cursor: 10, more: true, after: 'b' },
      { columns: inColumns([c]), deleted: [], cursor: 10, more: false },
    ]);
    const d = device();
    await d.engine.pull('tasks');
    expect(asked).toEqual([
      '?since=0&limit=3000&shape=packed',
      '?since=0&limit=3000&after=b&upto=10&shape=packed',
    ]);
    expect(await storedCopy(d)).toEqual({ cursor: 10, ids: ['a', 'b', 'c'] });
    expect((await d.engine.list('tasks')).items).toEqual([a, b, c]);
  });

  it('whose columns do not line up stores nothing, and says so', async () => {
    const [a, b] = [storedTask('a'), storedTask('b')];
    const broken = { ...inColumns([a, b]), title: [a.title] };
    tasksServer([{ columns: broken, deleted: [], cursor: 10, more: false }]);
    const d = device();
    await expect(d.engine.pull('tasks')).rejects.toThrow('服务器返回的数据格式不正确');
    expect(await storedCopy(d)).toBeUndefined();
  });

  it('whose page does not move on stops with an error, stores nothing, and says so', async () => {
    const asked = tasksServer([
      { records: [storedTask('a')], deleted: [], cursor: 10, more: true, after: 'a' },
      { records: [storedTask('a')], deleted: [], cursor: 10, more: true, after: 'a' },
    ]);
    const d = device();
    await expect(d.engine.pull('tasks')).rejects.toThrow('服务器分页未前进');
    expect(asked).toHaveLength(2);
    expect(await storedCopy(d)).toBeUndefined();
    const shown = await d.engine.list('tasks');
    expect(shown).toMatchObject({ complete: false, local: true, error: '服务器分页未前进' });
  });

  it('ends at a page without `more`, even if it names a key', async () => {
    const asked = tasksServer([
      { records: [storedTask('a')], deleted: [], cursor: 10, more: true, after: 'a' },
      // The same key as the page before: a last page is no page that fails to move on.
      { records: [storedTask('b')], deleted: [], cursor: 10, more: false, after: 'a' },
      { records: [storedTask('never')], deleted: [], cursor: 10 },
    ]);
    const d = device();
    await d.engine.pull('tasks');
    expect(asked).toHaveLength(2);
    expect(await storedCopy(d)).toEqual({ cursor: 10, ids: ['a', 'b'] });
  });

  it('ends at a page that says `more` without a key to go on from', async () => {
    const asked = tasksServer([
      { records: [storedTask('a')], deleted: [], cursor: 10, more: true },
      { records: [storedTask('never')], deleted: [], cursor: 10 },
    ]);
    const d = device();
    await d.engine.pull('tasks');
    expect(asked).toHaveLength(1);
    expect(await storedCopy(d)).toEqual({ cursor: 10, ids: ['a'] });
  });

  it('a delta’s deletions come off the held copy; its records are replaced in place or added', async () => {
    await seedDeviceCopy('tasks', [storedTask('a'), storedTask('b'), storedTask('c')], {
      cursor: 5,
    });
    tasksServer([
      { records: [storedTask('b', '乙改'), storedTask('d')], deleted: ['a'], cursor: 6 },
    ]);
    const d = device(globalThis.indexedDB as IDBFactory);
    await d.engine.pull('tasks');
    const shown = await d.engine.list('tasks');
    expect(shown.items.map((t) => `${t.id}:${t.title}`)).toEqual(['b:乙改', 'c:c', 'd:d']);
    expect(shown.cursor).toBe(6);
  });

  it('an empty list from a server that has handed out no change number yet is held all the same', async () => {
    tasksServer([{ records: [], deleted: [], cursor: 0 }]);
    const d = device();
    expect(await d.engine.list('tasks')).toMatchObject({ items: [], complete: true });
    expect(await d.engine.holds(['tasks'])).toBe(true);
  });

  it('a restored server’s empty answer at the device’s own cursor still empties its copy', async () => {
    await seedDeviceCopy('tasks', [storedTask('held')], { cursor: 5 });
    tasksServer([{ records: [], deleted: [], cursor: 5, reset: true }]);
    const d = device(globalThis.indexedDB as IDBFactory);
    await d.engine.pull('tasks');
    expect(ids(await d.engine.list('tasks'))).toEqual([]);
    expect(await storedCopy(d)).toEqual({ cursor: 5, ids: [] });
  });

  it('a change number that moved on without records to show is asked from next, the copy left as stored', async () => {
    await seedDeviceCopy('tasks', [storedTask('held')], { cursor: 5 });
    const asked = tasksServer([
      { records: [], deleted: [], cursor: 9 },
      { records: [], deleted: [], cursor: 9 },
      { records: [storedTask('new')], deleted: [], cursor: 12 },
    ]);
    const { writes, restore } = watchListWrites();
    try {
      const d = device(globalThis.indexedDB as IDBFactory);
      expect(ids(await d.engine.list('tasks'))).toEqual(['held']);
      await d.engine.pull('tasks');
      // Nothing of the list changed: it is not stored again, and what it holds is still
      // current to 5 for whoever keeps figures computed from it (the dashboard).
      expect(writes).toEqual([]);
      expect(await d.engine.storedCursors(['tasks'])).toEqual([5]);
      expect(await storedCopy(d)).toEqual({ cursor: 5, ids: ['held'] });
      await d.stop();
      // A reload asks from the number heard, not from the stored copy's.
      const again = device(d.idb);
      await again.engine.pull('tasks');
      expect(writes).toEqual([]);
      await again.engine.pull('tasks');
      expect(asked).toEqual([
        '?since=5&limit=3000&shape=packed',
        '?since=9&limit=3000&shape=packed',
        '?since=9&limit=3000&shape=packed',
      ]);
      expect(writes).toEqual(['tasks']);
      expect(await storedCopy(again)).toEqual({ cursor: 12, ids: ['held', 'new'] });
      expect(await again.engine.storedCursors(['tasks'])).toEqual([12]);
    } finally {
      restore();
    }
  });

  it('a delta that brings back only what the copy holds (this device’s own writes) leaves it as stored', async () => {
    const held = storedTask('held');
    await seedDeviceCopy('tasks', [held], { cursor: 5 });
    // The same record with its fields in another order, as a list's row may name them, and the
    // deletion of a record the device never held; then another device's edit of it.
    const { title, ...rest } = held;
    const asked = tasksServer([
      { records: [{ ...rest, title }], deleted: ['deleted-elsewhere'], cursor: 9 },
      { records: [storedTask('held', '另一台设备改过')], deleted: [], cursor: 11 },
    ]);
    const { writes, restore } = watchListWrites();
    try {
      const d = device(globalThis.indexedDB as IDBFactory);
      await d.engine.pull('tasks');
      expect(writes).toEqual([]);
      expect(await d.engine.storedCursors(['tasks'])).toEqual([5]);
      await d.engine.pull('tasks');
      expect(asked).toEqual([
        '?since=5&limit=3000&shape=packed',
        '?since=9&limit=3000&shape=packed',
      ]);
      expect(writes).toEqual(['tasks']);
      expect(await d.engine.storedCursors(['tasks'])).toEqual([11]);
      const [task] = (await d.engine.list('tasks')).items;
      expect(task?.title).toBe('另一台设备改过');
    } finally {
      restore();
    }
  });

  it('a delta of only this device’s own writes is known held without reading the list back', async () => {
    await seedTask(demo, 'edited', '甲');
    await seedTask(demo, 'deleted', '乙');
    await seedTask(demo, 'kept', '丙');
    const d = device();
    const held = (await d.engine.list('tasks')).items;
    await d.engine.update('tasks', 'edited', task('甲改'));
    await d.engine.remove('tasks', held.find((t) => t.id === 'deleted')!);
    await d.engine.create('tasks', { ...task('丁'), id: 'created' });
    await waitFor(() => expect(d.waiting()).toBe(0));
    const [cursor] = await d.engine.storedCursors(['tasks']);
    await d.stop();
    // A reload on a screen that shows no task (the dashboard): the pull brings back the
    // three writes, and the rows they left beside the list tell that it holds them.
    const again = device(d.idb);
    const { reads, restore } = watchListReads();
    const { writes, restore: restoreWrites } = watchListWrites();
    try {
      expect(await again.engine.catchUp(['tasks'])).toBe(false);
      expect(reads).toEqual([]);
      expect(writes).toEqual([]);
      expect(await again.engine.storedCursors(['tasks'])).toEqual([cursor]);
      // Another device's edit is not among them: the list is read and the edit applied.
      await demo.store.tasks.update('demo', storedTask('kept', '丙改', '2026-11-21T08:00:00.000Z'));
      expect(await again.engine.catchUp(['tasks'])).toBe(true);
      expect(reads).toEqual(['tasks']);
    } finally {
      restore();
      restoreWrites();
    }
    const titles = (await again.engine.list('tasks')).items.map((t) => [t.id, t.title]).sort();
    expect(titles).toEqual([
      ['created', '丁'],
      ['edited', '甲改'],
      ['kept', '丙改'],
    ]);
  });

  it('with the list on a screen, telling a delta of its own writes held takes no pass over it', async () => {
    await seedTask(demo, 'edited', '甲');
    await seedTask(demo, 'deleted', '乙');
    const d = device();
    const held = (await d.engine.list('tasks')).items;
    await d.engine.update('tasks', 'edited', task('甲改'));
    await d.engine.remove('tasks', held.find((t) => t.id === 'deleted')!);
    await waitFor(() => expect(d.waiting()).toBe(0));
    const { writes, restore } = watchListWrites();
    try {
      vi.mocked(holdsAlready).mockClear();
      await d.engine.pull('tasks');
      expect(holdsAlready).not.toHaveBeenCalled();
      expect(writes).toEqual([]);
      // Another device's edit is not among them: the list is looked through and the edit applied.
      await demo.store.tasks.update('demo', storedTask('edited', '丙', '2026-11-21T08:00:00.000Z'));
      await d.engine.pull('tasks');
      expect(holdsAlready).toHaveBeenCalledTimes(1);
      expect(writes).toEqual(['tasks']);
    } finally {
      restore();
    }
    expect((await d.engine.list('tasks')).items.map((t) => [t.id, t.title])).toEqual([
      ['edited', '丙'],
    ]);
  });

  it('a delta that deletes a record the copy holds is applied', async () => {
    await seedDeviceCopy('tasks', [storedTask('held'), storedTask('other')], { cursor: 5 });
    tasksServer([{ records: [storedTask('other')], deleted: ['held'], cursor: 9 }]);
    const d = device(globalThis.indexedDB as IDBFactory);
    await d.engine.pull('tasks');
    expect(await storedCopy(d)).toEqual({ cursor: 9, ids: ['other'] });
  });

  it('another tab asks from the number one tab heard, whether it has read the list or not', async () => {
    await seedDeviceCopy('tasks', [storedTask('held')], { cursor: 5 });
    const asked = tasksServer([{ records: [], deleted: [], cursor: 9 }]);
    const idb = globalThis.indexedDB as IDBFactory;
    const first = device(idb);
    const second = device(idb);
    await first.engine.pull('tasks');
    // The second has not read the list: what it asks from is read beside the stored copy.
    await second.engine.pull('tasks');
    expect(asked).toEqual(['?since=5&limit=3000&shape=packed', '?since=9&limit=3000&shape=packed']);
    // Having read it, it asks from the later of its own number and the one kept.
    expect(ids(await second.engine.list('tasks'))).toEqual(['held']);
    await second.engine.pull('tasks');
    expect(asked.at(-1)).toBe('?since=9&limit=3000&shape=packed');
  });

  it('a list the device holds is shown at once, without waiting for a slow server', async () => {
    await seedDeviceCopy('tasks', [storedTask('held')], { cursor: 5 });
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get(/\/api\/tasks$/, async () => {
        await answered;
        return HttpResponse.json({ records: [storedTask('late')], deleted: [], cursor: 6 });
      }),
    );
    const d = device(globalThis.indexedDB as IDBFactory);
    try {
      expect(ids(await d.engine.list('tasks'))).toEqual(['held']);
    } finally {
      answer();
    }
    await d.engine.pull('tasks');
    expect(ids(await d.engine.list('tasks'))).toEqual(['held', 'late']);
  });

  it('records the server sends that cannot be read are left out, with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      tasksServer([{ records: [storedTask('ok'), { id: 'bad', title: 7 }], cursor: 3 }]);
      const d = device();
      expect(ids(await d.engine.list('tasks'))).toEqual(['ok']);
      expect(warn).toHaveBeenCalledWith('[同步] tasks: 服务器返回的 1 条记录无法读取，已忽略');
    } finally {
      warn.mockRestore();
    }
  });
});

describe('a pull that fails', () => {
  it('shows the device’s copy as local with the reason, on a screen that shows it, until one succeeds', async () => {
    await demo.store.tasks.create('demo', storedTask('a', '甲'));
    const d = device();
    const key = resourceKeys('tasks').list();
    d.client.setQueryData(key, await d.engine.list('tasks'));
    server.use(
      http.get(/\/api\/tasks$/, () => HttpResponse.json({ error: '维护中' }, { status: 503 })),
    );
    await expect(d.engine.pull('tasks')).rejects.toThrow('维护中');
    expect(d.client.getQueryData<ListResult<Task>>(key)).toMatchObject({
      local: true,
      error: '维护中',
      items: [{ id: 'a' }],
    });
    expect(d.engine.status().reachable).toBe(false);

    // Nothing changed on the server meanwhile: the screen is still told it is current again.
    server.resetHandlers();
    await d.engine.pull('tasks');
    expect(d.client.getQueryData<ListResult<Task>>(key)).toMatchObject({ local: false });
    expect(d.client.getQueryData<ListResult<Task>>(key)?.error).toBeUndefined();
    expect(d.engine.status().reachable).toBe(true);
  });

  it('a refused session asks for a sign-in, and the list stays as the device has it', async () => {
    await seedDeviceCopy('tasks', [storedTask('held')], { cursor: 1 });
    const d = device(globalThis.indexedDB as IDBFactory);
    server.use(
      http.get(/\/api\/tasks$/, () => HttpResponse.json({ error: '用户未登录' }, { status: 401 })),
    );
    await expect(d.engine.pull('tasks')).rejects.toThrow('用户未登录');
    expect(d.engine.status().signInNeeded).toBe(true);
    // A refusal is an answer: the server is there.
    expect(d.engine.status().reachable).not.toBe(false);
    expect(ids(await d.engine.list('tasks'))).toEqual(['held']);
  });

  it('a server whose storage fails says why; a pull that works does not clear it, a write does', async () => {
    const d = device();
    await d.engine.list('tasks');
    const full = { error: '服务器磁盘空间已满，无法保存，请联系管理员', reason: 'full' };
    server.use(http.get(/\/api\/tasks$/, () => HttpResponse.json(full, { status: 507 })));
    await d.engine.pull('tasks').catch(() => undefined);
    expect(d.engine.status()).toMatchObject({
      reachable: false,
      storage: { reason: 'full', message: full.error },
    });
    const corrupt = { error: '服务器数据库已损坏', reason: 'corrupt' };
    server.use(http.get(/\/api\/tasks$/, () => HttpResponse.json(corrupt, { status: 503 })));
    await d.engine.pull('tasks').catch(() => undefined);
    expect(d.engine.status().storage).toEqual({ reason: 'corrupt', message: corrupt.error });
    // The status follows the server's latest word, even when only one half of it changed.
    const io = { error: corrupt.error, reason: 'io' };
    server.use(http.get(/\/api\/tasks$/, () => HttpResponse.json(io, { status: 503 })));
    await d.engine.pull('tasks').catch(() => undefined);
    expect(d.engine.status().storage).toEqual({ reason: 'io', message: corrupt.error });
    const reworded = { error: '服务器存储读写出错，请联系管理员', reason: 'io' };
    server.use(http.get(/\/api\/tasks$/, () => HttpResponse.json(reworded, { status: 503 })));
    await d.engine.pull('tasks').catch(() => undefined);
    expect(d.engine.status().storage).toEqual({ reason: 'io', message: reworded.error });

    // A full disk still serves what it holds: lists that come down, changed or not, say
    // nothing of whether it can store again.
    server.resetHandlers();
    await d.engine.pull('tasks');
    expect(d.engine.status()).toMatchObject({ reachable: true, storage: { reason: 'io' } });
    await demo.store.tasks.create('demo', storedTask('a'));
    await d.engine.pull('tasks');
    expect(ids(await d.engine.list('tasks'))).toEqual(['a']);
    expect(d.engine.status()).toMatchObject({ reachable: true, storage: { reason: 'io' } });

    const { seq } = await d.engine.create('tasks', {
      title: '能存了',
      priority: 'low',
      category: 'work',
    });
    await d.engine.settled(seq);
    await waitFor(() => expect(d.engine.status().waiting).toHaveLength(0));
    expect(d.engine.status()).toMatchObject({ reachable: true, storage: null });
  });

  it('a status listener is told of each change of the status, and no longer once it unsubscribes', async () => {
    const d = device();
    await d.engine.holds([]);
    const seen: (boolean | null)[] = [];
    const unsubscribe = d.engine.subscribe(() => seen.push(d.engine.status().reachable));
    server.use(http.get(/\/api\/tasks$/, () => HttpResponse.error()));
    await d.engine.pull('tasks').catch(() => undefined);
    expect(seen).toContain(false);
    unsubscribe();
    const count = seen.length;
    server.resetHandlers();
    await d.engine.pull('tasks');
    expect(d.engine.status().reachable).toBe(true);
    expect(seen).toHaveLength(count);
  });
});

describe('what the device keeps beside the lists', () => {
  it('which lists it holds whole', async () => {
    const d = device();
    expect(await d.engine.holds(['tasks'])).toBe(false);
    await d.engine.list('tasks');
    expect(await d.engine.holds(['tasks'])).toBe(true);
    expect(await d.engine.holds(['tasks', 'accounts'])).toBe(false);
    expect(await d.engine.holds([])).toBe(true);
  });

  it('values kept for the user survive a reload of the page', async () => {
    const d = device();
    expect(await d.engine.readKept('settings')).toBeUndefined();
    await d.engine.keep('settings', { theme: 'dark' });
    expect(await d.engine.readKept('settings')).toEqual({ theme: 'dark' });
    await d.stop();
    const again = device(d.idb);
    expect(await again.engine.readKept('settings')).toEqual({ theme: 'dark' });
    expect(await again.engine.readKept('other')).toBeUndefined();
  });

  it('the change number each stored copy is current to', async () => {
    await seedDeviceCopy('tasks', [storedTask('held')], { cursor: 7 });
    const d = device(globalThis.indexedDB as IDBFactory);
    expect(await d.engine.storedCursors(['tasks', 'accounts'])).toEqual([7, 0]);
  });

  /** The shape text the engine stores beside its tasks. */
  const tasksShape = () => readerFor(RECORD_SHAPES.tasks, async () => SCHEMAS.tasks.record).shape;
  // Another build's shape: one whose check differed (here, the title's type).
  const otherShape = () => tasksShape().replace('"title":string', '"title":number');

  it.each([
    ['stored before shapes were kept', () => undefined],
    ['stored by another build', otherShape],
  ])('records of a copy %s that cannot be read are dropped, with a warning', async (_, shape) => {
    const records = [storedTask('ok'), { id: 'bad', title: 7 }];
    await seedDeviceCopy('tasks', records, { cursor: 5, shape: shape() });
    server.use(http.get(/\/api\/tasks$/, () => HttpResponse.error()));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const d = device(globalThis.indexedDB as IDBFactory);
      expect(ids(await d.engine.list('tasks'))).toEqual(['ok']);
      expect(warn).toHaveBeenCalledWith('[本地数据] tasks: 丢弃 1 条无法读取的记录');
    } finally {
      warn.mockRestore();
    }
  });

  it('a copy this code stored is kept with its reader’s shape and read back unchecked', async () => {
    await demo.store.tasks.create('demo', storedTask('a'));
    const first = device();
    await first.engine.list('tasks');
    await waitFor(async () => expect((await storedCopy(first))?.ids).toEqual(['a']));
    await first.stop();
    const previous = globalThis.indexedDB;
    globalThis.indexedDB = first.idb;
    const db = await openLocalDb('demo');
    const stored = (await db.get('lists', 'tasks'))!;
    expect(stored.shape).toBe(tasksShape());
    // What such a list holds is not checked again: a record the check would drop is shown as
    // stored (it can only be there if this code's own check let it in).
    await db.put('lists', { ...stored, json: JSON.stringify([{ id: 'unchecked', title: 7 }]) });
    db.close();
    globalThis.indexedDB = previous;
    server.use(http.get(/\/api\/tasks$/, () => HttpResponse.error()));
    const again = device(first.idb);
    expect(ids(await again.engine.list('tasks'))).toEqual(['unchecked']);
  });

  it('a stored copy that cannot be read is downloaded again, with a warning', async () => {
    await demo.store.tasks.create('demo', storedTask('a'));
    const db = await openLocalDb('demo');
    await db.put('lists', { kind: 'tasks', cursor: 3, json: '{"not":"a list"}' });
    db.close();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const asked: string[] = [];
    const listen = ({ request }: { request: Request }) => {
      asked.push(new URL(request.url).search);
    };
    server.events.on('request:start', listen);
    try {
      const d = device(globalThis.indexedDB as IDBFactory);
      expect(ids(await d.engine.list('tasks'))).toEqual(['a']);
      expect(asked[0]).toBe('?since=0&limit=3000&shape=packed');
      expect(warn).toHaveBeenCalledWith('[本地数据] tasks: 副本无法读取，将从服务器重新下载');
    } finally {
      server.events.removeListener('request:start', listen);
      warn.mockRestore();
    }
  });
});

describe('exports and re-downloads', () => {
  it('an export shows the device’s copy, or the server’s latest when asked to refresh', async () => {
    await demo.store.tasks.create('demo', storedTask('a'));
    const d = device();
    expect((await d.engine.snapshot('tasks', false)).map((t) => t.id)).toEqual(['a']);
    await demo.store.tasks.create('demo', storedTask('b'));
    // A pull started by the first read may still bring `b`: take it away for this read.
    server.use(http.get(/\/api\/tasks$/, () => HttpResponse.error()));
    expect((await d.engine.snapshot('tasks', false)).map((t) => t.id)).toEqual(['a']);
    server.resetHandlers();
    expect((await d.engine.snapshot('tasks', true)).map((t) => t.id)).toEqual(['a', 'b']);
  });

  it('a re-download asks for everything, not what changed, and counts it', async () => {
    await seedDeviceCopy('tasks', [storedTask('ghost')], { cursor: 1_000 });
    await demo.store.tasks.create('demo', storedTask('a'));
    const d = device(globalThis.indexedDB as IDBFactory);
    const asked: string[] = [];
    const listen = ({ request }: { request: Request }) => {
      asked.push(new URL(request.url).search);
    };
    server.events.on('request:start', listen);
    try {
      expect(await d.engine.download('tasks')).toBe(1);
    } finally {
      server.events.removeListener('request:start', listen);
    }
    expect(asked).toEqual(['?since=0&limit=3000&shape=packed']);
    expect(ids(await d.engine.list('tasks'))).toEqual(['a']);
  });

  it('completing the device’s copy stops when signed out', async () => {
    const d = device();
    await d.engine.holds([]);
    await d.stop();
    await d.engine.holdEverything();
    const db = await openLocalDb('demo');
    try {
      expect(await db.getAllKeys('lists')).toEqual([]);
    } finally {
      db.close();
    }
  });
});

describe('two tabs of one device', () => {
  it('a change made in one tab waits in the other’s status too', async () => {
    const idb = new IDBFactory();
    const a = device(idb);
    const b = device(idb);
    await b.engine.holds([]);
    server.use(http.post(/\/api\//, () => HttpResponse.error()));
    await a.engine.create('tasks', { title: '甲写的', priority: 'low', category: 'work' });
    await waitFor(() => expect(b.engine.status().waiting.map((e) => e.label)).toEqual(['甲写的']));
  });

  it('a list one tab brings down reaches a screen showing it in the other', async () => {
    const idb = new IDBFactory();
    const a = device(idb);
    const b = device(idb);
    const key = resourceKeys('tasks').list();
    b.client.setQueryData(key, await b.engine.list('tasks'));
    await a.engine.list('tasks');
    await demo.store.tasks.create('demo', storedTask('new'));
    await a.engine.pull('tasks');
    await waitFor(() =>
      expect(b.client.getQueryData<ListResult<Task>>(key)?.items.map((t) => t.id)).toEqual(['new']),
    );
  });

  it('a tab that shows no list does not read the one another tab stored', async () => {
    const idb = new IDBFactory();
    const a = device(idb);
    const b = device(idb);
    await b.engine.holds([]);
    await a.engine.list('tasks');
    await demo.store.tasks.create('demo', storedTask('new'));
    const { reads, restore } = watchListReads();
    try {
      // Tab A holds the list and catches up by its cursor, reading nothing back.
      await a.engine.pull('tasks');
      // The word goes by a BroadcastChannel: give it time to arrive and be acted on.
      await new Promise((r) => setTimeout(r, 30));
      expect(reads).toEqual([]);
    } finally {
      restore();
    }
  });

  it('a change left by a tab that was closed offline is sent by another tab’s next replay', async () => {
    const idb = new IDBFactory();
    // The closed tab's word is missed (as if sent before this tab opened): only the database
    // tells what waits.
    const Channel = globalThis.BroadcastChannel;
    Reflect.deleteProperty(globalThis, 'BroadcastChannel');
    const closed = device(idb);
    globalThis.BroadcastChannel = Channel;
    const open = device(idb);
    await open.engine.holds([]);
    server.use(http.post(/\/api\//, () => HttpResponse.error()));
    await closed.engine.create('tasks', {
      title: '留下的',
      priority: 'low',
      category: 'work',
      id: 'left',
    });
    await waitFor(() => expect(closed.engine.status().reachable).toBe(false));
    await closed.stop();
    expect(open.engine.status().waiting).toEqual([]);
    server.resetHandlers();
    open.engine.wake();
    await waitFor(async () =>
      expect((await demo.store.tasks.list('demo')).map((t) => t.id)).toEqual(['left']),
    );
    await waitFor(() => expect(open.engine.status().waiting).toEqual([]));
  });

  it('a tab that signed out hears nothing more', async () => {
    const idb = new IDBFactory();
    const a = device(idb);
    const b = device(idb);
    await b.engine.holds([]);
    await b.stop();
    server.use(http.post(/\/api\//, () => HttpResponse.error()));
    await a.engine.create('tasks', { title: '甲写的', priority: 'low', category: 'work' });
    await waitFor(() => expect(a.engine.status().reachable).toBe(false));
    await new Promise((r) => setTimeout(r, 20));
    expect(b.engine.status().waiting).toEqual([]);
  });
});
