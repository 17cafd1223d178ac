import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { isEntry } from '../../src/api/engine/local-db';
import { RESOURCE_NAMES } from '../../src/domain/resources';
import { device, onDeviceDb, seedTask, storedTask } from './engine-harness';
import { signIn, testServer } from './harness';

// A damaged device copy (issue 35 item 5): a database `pms:<user>` without its stores, at a
// version this code does not know, or with rows it cannot read, is rebuilt from the server
// without an uncaught error; the waiting changes that can be read are kept and sent, and those
// that cannot are reported.

const TODAY = '2026-11-22';
const { demo } = await testServer({ today: TODAY, clear: ['tasks'] });
beforeEach(async () => {
  await signIn(demo);
});

/** A waiting create of task `id`, as a build of this app stores it. */
const waitingCreate = (seq: number, id: string, title: string) => ({
  seq,
  kind: 'tasks',
  op: 'create',
  id,
  record: storedTask(id, title),
  label: title,
  editedAt: '2026-11-21T08:00:00.000Z',
});

/** Makes `pms:demo` in `idb` at `version` with only `stores`, holding `outbox` rows. */
async function damagedDb(
  idb: IDBFactory,
  version: number,
  stores: string[],
  rows: { outbox?: unknown[]; lists?: unknown[] } = {},
) {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = idb.open('pms:demo', version);
    request.onupgradeneeded = () => {
      for (const store of stores) {
        if (store === 'outbox') request.result.createObjectStore('outbox', { keyPath: 'seq' });
        else if (store === 'lists') request.result.createObjectStore('lists', { keyPath: 'kind' });
        else request.result.createObjectStore(store);
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const names = Object.keys(rows).filter((name) => stores.includes(name));
  if (names.length) {
    const tx = db.transaction(names, 'readwrite');
    for (const name of names) {
      for (const row of rows[name as keyof typeof rows]!) tx.objectStore(name).put(row);
    }
    await new Promise((resolve) => {
      tx.oncomplete = resolve;
    });
  }
  db.close();
}

const storedKinds = (d: ReturnType<typeof device>) =>
  onDeviceDb(d, async (db) => (await db.getAllKeys('lists')).sort());

describe('a damaged copy on the device', () => {
  it('without its stores (an older build or a tool): rebuilt, every list downloaded', async () => {
    await seedTask(demo, 's1', '服务器上的');
    const idb = new IDBFactory();
    await damagedDb(idb, 1, []);
    const d = device(idb);
    const tasks = await d.engine.list('tasks');
    expect(tasks.items.map((t) => t.title)).toEqual(['服务器上的']);
    expect(tasks.complete).toBe(true);
    await d.engine.holdEverything();
    expect(await storedKinds(d)).toEqual([...RESOURCE_NAMES].sort());
    expect(d.notices.map((n) => n.message)).toEqual([
      '本设备的本地数据已损坏，正在从服务器重新下载',
    ]);
  });

  it('at a version this code does not know: rebuilt, its readable changes kept and sent', async () => {
    await seedTask(demo, 's1', '服务器上的');
    const idb = new IDBFactory();
    await damagedDb(idb, 7, ['outbox', 'lists', 'kv', 'conflicts'], {
      outbox: [waitingCreate(1, 'w1', '离线时写的'), { seq: 2, kind: 'tasks', op: 'wat' }],
      lists: [{ kind: 'tasks', cursor: 99, json: '[]' }],
    });
    const d = device(idb);
    await d.engine.flush();
    expect((await demo.store.tasks.list('demo')).map((t) => t.title).sort()).toEqual([
      '服务器上的',
      '离线时写的',
    ]);
    const tasks = await d.engine.list('tasks');
    expect(tasks.items.map((t) => t.title).sort()).toEqual(['服务器上的', '离线时写的']);
    expect(d.notices.map((n) => n.message)).toEqual([
      '本设备的本地数据已损坏，正在从服务器重新下载',
      '本设备上有 1 项未同步的修改无法读取，未能上传',
    ]);
    expect(d.waiting()).toBe(0);
  });

  it('with unreadable rows: the list comes down again, an unreadable change is reported', async () => {
    await seedTask(demo, 's1', '服务器上的');
    const idb = new IDBFactory();
    const first = device(idb);
    await first.engine.list('tasks');
    await first.stop();
    // A tool (or a crash mid-write) left a list that is not JSON and a change that is no change.
    await onDeviceDb(first, async (db) => {
      await db.put('lists', { kind: 'tasks', cursor: 5, json: '{"oops' });
      await (db as unknown as { put(s: string, v: unknown): Promise<unknown> }).put('outbox', {
        seq: 40,
        kind: 'tasks',
      });
      await db.put('outbox', waitingCreate(41, 'w2', '另一条') as never);
    });
    const d = device(idb);
    await d.engine.flush();
    const tasks = await d.engine.list('tasks');
    expect(tasks.items.map((t) => t.title).sort()).toEqual(['另一条', '服务器上的']);
    expect(tasks.complete).toBe(true);
    expect(d.notices.map((n) => n.message)).toEqual([
      '本设备上有 1 项未同步的修改无法读取，未能上传',
    ]);
    // Not sent and not dropped: still on the device, for whoever can read it.
    expect(await onDeviceDb(d, (db) => db.getAllKeys('outbox'))).toEqual([40]);
  });

  it('reads a waiting settings save as a change, and a change of an unknown kind as unreadable', () => {
    const settings = { seq: 3, kind: 'settings', op: 'update', id: 'settings', record: {} };
    expect(isEntry({ ...settings, label: '设置', editedAt: '2026-11-21T08:00:00.000Z' })).toBe(
      true,
    );
    expect(isEntry({ ...settings, kind: 'diary', label: '', editedAt: '' })).toBe(false);
  });
});
