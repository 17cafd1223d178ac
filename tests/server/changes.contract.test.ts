import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../server/db/sqlite-store';
import { createMemoryStore } from '../../server/memory-store';
import type { Changes, Store } from '../../server/store';
import type { Account } from '../../src/domain/schemas/account';
import type { Asset } from '../../src/domain/schemas/asset';

// The delta protocol's store side (DESIGN §1 "Local-first"): "what changed since change
// number N" must let a copy that applies it end up equal to the store, however long it was
// away, for both implementations.

const dir = mkdtempSync(join(tmpdir(), 'pms-changes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileNo = 0;

const implementations: [string, () => Store][] = [
  ['memory', createMemoryStore],
  ['sqlite', () => openSqliteStore(join(dir, `changes-${++fileNo}.sqlite`))],
];

const stamp = { updatedAt: '2024-03-01T08:00:00.000Z', editedAt: '2024-03-01T08:00:00.000Z' };
const account = (id: string, amount = 10): Account => ({
  id,
  ...stamp,
  type: 'expense',
  amount,
  category: 'dining',
  description: '',
  date: '2024-03-01',
});
const asset = (id: string, version: number, originalId: string | null): Asset => ({
  id,
  ...stamp,
  type: 'asset',
  name: '现金',
  category: 'cash',
  amount: 100 * version,
  description: '',
  date: '2024-01-01',
  effectiveDate: '',
  version,
  originalId,
  previousVersionId: null,
});

/** A device's copy: what it knows of one kind, and the cursor it asks from. */
function replica<T extends { id: string }>() {
  const records = new Map<string, T>();
  let cursor = 0;
  return {
    records,
    get cursor() {
      return cursor;
    },
    apply(changes: Changes<T>) {
      for (const id of changes.deleted) records.delete(id);
      for (const record of changes.records) records.set(record.id, record);
      cursor = changes.cursor;
    },
  };
}

describe.each(implementations)('%s store: changes since a cursor', (_name, open) => {
  let store: Store;
  beforeEach(() => {
    store = open();
  });
  afterEach(() => store.close());

  it('0 is everything, with no deletions; a cursor after it is nothing', async () => {
    await store.accounts.create('alice', account('a1'));
    await store.accounts.createMany('alice', [account('a2'), account('a3')]);
    const all = await store.accounts.changes('alice', 0);
    expect(all.records.map((r) => r.id)).toEqual(['a1', 'a2', 'a3']);
    expect(all.deleted).toEqual([]);
    expect(all.cursor).toBeGreaterThan(0);
    expect(await store.accounts.changes('alice', all.cursor)).toEqual({
      records: [],
      deleted: [],
      cursor: all.cursor,
    });
  });

  it('sends what was created, replaced and deleted after the cursor, and nothing else', async () => {
    await store.accounts.createMany('alice', [account('kept'), account('edited'), account('gone')]);
    const { cursor } = await store.accounts.changes('alice', 0);

    await store.accounts.update('alice', account('edited', 99));
    await store.accounts.remove('alice', 'gone');
    await store.accounts.create('alice', account('new'));
    // A repeated create writes nothing, so it is no change.
    await store.accounts.create('alice', account('kept', 1));

    const since = await store.accounts.changes('alice', cursor);
    expect(since.records).toEqual([account('edited', 99), account('new')]);
    expect(since.deleted).toEqual(['gone']);
    expect(since.cursor).toBeGreaterThan(cursor);
  });

  it('an id deleted and then stored again is a record, not a deletion', async () => {
    await store.accounts.create('alice', account('x'));
    const { cursor } = await store.accounts.changes('alice', 0);
    await store.accounts.remove('alice', 'x');
    await store.accounts.create('alice', account('x', 5));
    expect(await store.accounts.changes('alice', cursor)).toMatchObject({
      records: [account('x', 5)],
      deleted: [],
    });
    await store.accounts.remove('alice', 'x');
    expect(await store.accounts.changes('alice', cursor)).toMatchObject({
      records: [],
      deleted: ['x'],
    });
  });

  it('records the versions of a deleted asset chain and a habit’s cascaded check-ins', async () => {
    await store.assets.createMany('alice', [asset('a1', 1, null), asset('a1v2', 2, 'a1')]);
    await store.checkinTasks.create('alice', {
      id: 'h1',
      ...stamp,
      name: '早起',
      description: '',
      type: 'daily',
      frequency: 1,
      monthlyTarget: 30,
      category: 'health',
    });
    await store.checkinRecords.createMany('alice', [
      { id: 'c1', ...stamp, taskId: 'h1', date: '2024-03-01' },
      { id: 'c2', ...stamp, taskId: 'h1', date: '2024-03-02' },
    ]);
    const assetsAt = (await store.assets.changes('alice', 0)).cursor;
    const recordsAt = (await store.checkinRecords.changes('alice', 0)).cursor;

    await store.assets.removeChain('alice', 'a1');
    await store.checkinTasks.remove('alice', 'h1');

    expect((await store.assets.changes('alice', assetsAt)).deleted.sort()).toEqual(['a1', 'a1v2']);
    expect((await store.checkinRecords.changes('alice', recordsAt)).deleted.sort()).toEqual([
      'c1',
      'c2',
    ]);
    expect((await store.checkinTasks.changes('alice', recordsAt)).deleted).toEqual(['h1']);
  });

  it('never tells one user of another’s records or deletions', async () => {
    await store.accounts.create('alice', account('same'));
    await store.accounts.create('bob', account('same'));
    const { cursor } = await store.accounts.changes('bob', 0);
    await store.accounts.remove('alice', 'same');
    await store.accounts.create('alice', account('hers'));
    expect(await store.accounts.changes('bob', cursor)).toMatchObject({
      records: [],
      deleted: [],
    });
    expect((await store.accounts.changes('bob', 0)).records.map((r) => r.id)).toEqual(['same']);
  });

  it('a copy that catches up at any points ends equal to the store (random histories)', async () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('create' as const), id: fc.integer({ min: 0, max: 7 }) }),
      fc.record({
        kind: fc.constant('update' as const),
        id: fc.integer({ min: 0, max: 7 }),
        amount: fc.integer({ min: 1, max: 999 }),
      }),
      fc.record({ kind: fc.constant('remove' as const), id: fc.integer({ min: 0, max: 7 }) }),
      fc.record({ kind: fc.constant('sync' as const) }),
    );
    let user = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 40 }), async (ops) => {
        // A fresh user per history, so the histories do not see each other.
        const who = `u${++user}`;
        const copy = replica<Account>();
        for (const step of ops) {
          const id = 'id' in step ? `r${step.id}` : '';
          if (step.kind === 'create') await store.accounts.create(who, account(id));
          if (step.kind === 'update') await store.accounts.update(who, account(id, step.amount));
          if (step.kind === 'remove') await store.accounts.remove(who, id);
          if (step.kind === 'sync') copy.apply(await store.accounts.changes(who, copy.cursor));
        }
        copy.apply(await store.accounts.changes(who, copy.cursor));
        const truth = await store.accounts.list(who);
        expect([...copy.records.values()].sort((a, b) => a.id.localeCompare(b.id))).toEqual(
          truth.sort((a, b) => a.id.localeCompare(b.id)),
        );
      }),
      { numRuns: 60 },
    );
  });
});

describe('sqlite store: changes as JSON text', () => {
  it('parses to what changes returns', async () => {
    const store = openSqliteStore(join(dir, `changes-${++fileNo}.sqlite`));
    await store.accounts.createMany('alice', [account('a'), account('b'), account('c')]);
    const { cursor } = await store.accounts.changes('alice', 0);
    await store.accounts.update('alice', account('b', 7.5));
    await store.accounts.remove('alice', 'c');
    for (const since of [0, cursor]) {
      expect(JSON.parse(await store.accounts.changesJson!('alice', since))).toEqual(
        await store.accounts.changes('alice', since),
      );
    }
    store.close();
  });
});
