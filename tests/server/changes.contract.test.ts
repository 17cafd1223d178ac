import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore, restartSyncHistory } from '../../server/db/sqlite-store';
import { createMemoryStore } from '../../server/memory-store';
import type { Changes, Page, RecordStore, Store } from '../../server/store';
import type { Account } from '../../src/domain/schemas/account';
import type { Asset } from '../../src/domain/schemas/asset';
import type { RecurringTemplate } from '../../src/domain/schemas/recurring';
import {
  habit,
  storedAsset,
  storedCategory,
  storedExpense,
  storedRent,
  storedTransfer,
  storedWallet,
  weeklyHabit,
} from '../fixtures/records';
import { utf8 } from './json-bytes';

// The delta protocol's store side (docs/architecture.md, Decisions "Local-first"): "what changed since change
// number N" must let a copy that applies it end up equal to the store, however long it was
// away, for both implementations.

const dir = mkdtempSync(join(tmpdir(), 'pms-changes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileNo = 0;

const implementations: [string, () => Store][] = [
  ['memory', createMemoryStore],
  ['sqlite', () => openSqliteStore(join(dir, `changes-${++fileNo}.sqlite`))],
];

const stamp = {
  updatedAt: '2024-03-01T08:00:00.000Z',
  editedAt: '2024-03-01T08:00:00.000Z',
  stamp: '',
};
const account = (id: string, amount = 10): Account => storedExpense(id, { ...stamp, amount });
const asset = (id: string, version: number, originalId: string | null): Asset =>
  storedAsset(id, {
    ...stamp,
    name: '现金',
    category: 'cash',
    amount: 100 * version,
    version,
    originalId,
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

/**
 * A full download in pages of `limit`, as a device makes it (see Page): from `since`, then
 * after each page's last key, up to its cursor; `between` runs after page n (1, 2, …). A store
 * with changesJson must answer each page the same as text.
 */
async function download<T extends { id: string }>(
  records: RecordStore<T>,
  who: string,
  limit: number,
  { since = 0, between }: { since?: number; between?: (n: number) => Promise<void> } = {},
) {
  const got: T[] = [];
  let page: Page = { limit };
  let asked = since;
  let reset: true | undefined;
  for (let n = 1; ; n++) {
    const answer = await records.changes(who, asked, page);
    if (records.changesJson) {
      expect(JSON.parse(utf8(await records.changesJson(who, asked, page)))).toEqual(answer);
    }
    expect(answer.records.length).toBeLessThanOrEqual(limit);
    // Only the first page of a download (or of one started over) says reset.
    if (answer.reset) {
      got.length = 0;
      reset = true;
    }
    got.push(...answer.records);
    if (!answer.more) {
      expect(answer).not.toHaveProperty('after');
      return { records: got, cursor: answer.cursor, pages: n, reset };
    }
    await between?.(n);
    const dot = answer.after!.indexOf('.');
    page = {
      limit,
      after: { rev: Number(answer.after!.slice(0, dot)), id: answer.after!.slice(dot + 1) },
      upto: answer.cursor,
    };
    asked = 0;
  }
}

/** Ids in an order unlike insertion order, so that the id tie-break within a number is tested. */
const scattered = (n: number, prefix = 'r') =>
  Array.from({ length: n }, (_, i) => `${prefix}${String((i * 7919) % 10007).padStart(5, '0')}`);

describe.each(implementations)('%s store: changes since a cursor', (_name, open) => {
  let store: Store;
  beforeEach(() => {
    store = open();
  });
  afterEach(() => store.close());

  // Issue 39: one counter for everyone let any user watch when and how much the others wrote.
  it('moves a user’s cursor with their own writes only, in every kind', async () => {
    const answers = async (who: string, since: number) => {
      const out = [];
      for (const kind of ['accounts', 'assets', 'checkinTasks', 'recurring'] as const) {
        const records = store[kind] as RecordStore<{ id: string }>;
        out.push(await records.changes(who, since));
        if (records.changesJson) out.push(JSON.parse(utf8(await records.changesJson(who, since))));
        out.push(await records.changes(who, 0, { limit: 10 }));
      }
      return out;
    };
    await store.accounts.create('alice', account('a1'));
    await store.accounts.create('bob', account('b0'));
    const alice = (await store.accounts.changes('alice', 0)).cursor;
    const bob = (await store.accounts.changes('bob', 0)).cursor;
    const aliceSees = await answers('alice', alice);
    const bobSees = await answers('bob', bob);

    // Bob writes every way there is; alice's answers do not move at all.
    await store.accounts.createMany('bob', [account('b1'), account('b2')]);
    await store.accounts.update('bob', account('b1', 99));
    await store.accounts.remove('bob', 'b2');
    await store.assets.create('bob', asset('s1', 1, null));
    await store.assets.removeChain('bob', 's1');
    await store.checkinTasks.create('bob', weeklyHabit({ id: 't1', ...stamp }));
    await store.checkinTasks.remove('bob', 't1');
    expect(await answers('alice', alice)).toEqual(aliceSees);

    // And the other way round.
    const bobNow = (await store.accounts.changes('bob', 0)).cursor;
    expect(bobNow).toBeGreaterThan(bob);
    const bobSeesNow = await answers('bob', bobNow);
    await store.accounts.create('alice', account('a2'));
    await store.accounts.remove('alice', 'a1');
    expect(await answers('bob', bobNow)).toEqual(bobSeesNow);
    expect(bobSees).not.toEqual(bobSeesNow);
    // Alice's own delta has her changes, under numbers that follow hers.
    const mine = await store.accounts.changes('alice', alice);
    expect(mine).toMatchObject({ records: [account('a2')], deleted: ['a1'], cursor: alice + 2 });
  });

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

  // Issue 61's kinds, each with the tombstone triggers migrations 0014 and 0015 wrote by hand.
  it.each([
    ['wallets', (id: string) => storedWallet(id), (r: { id: string }) => ({ ...r, name: '零钱' })],
    [
      'transfers',
      (id: string) => storedTransfer(id),
      (r: { id: string }) => ({ ...r, amount: 0.5 }),
    ],
    [
      'categories',
      (id: string) => storedCategory(id),
      (r: { id: string }) => ({ ...r, hidden: true }),
    ],
  ] as const)(
    'sends %s created, replaced and deleted after the cursor',
    async (kind, make, edit) => {
      const records = store[kind] as unknown as RecordStore<{ id: string }>;
      await records.create('alice', make('kept'));
      await records.create('alice', make('edited'));
      await records.create('alice', make('gone'));
      const { cursor } = await records.changes('alice', 0);
      await records.update('alice', edit(make('edited')));
      await records.remove('alice', 'gone');
      await records.create('alice', make('new'));
      const since = await records.changes('alice', cursor);
      expect(since.records).toEqual([edit(make('edited')), make('new')]);
      expect(since.deleted).toEqual(['gone']);
      // And nothing of it to another user.
      expect((await records.changes('bob', 0)).records).toEqual([]);
    },
  );

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
    await store.checkinTasks.create('alice', habit({ id: 'h1', ...stamp }));
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

  it('sends a template whose lastDate a catch-up moved, and a deleted template', async () => {
    const rent: RecurringTemplate = {
      ...storedRent('rent', { startDate: '2024-01-01' }),
      ...stamp,
    };
    await store.recurring.create('alice', rent);
    const { cursor } = await store.recurring.changes('alice', 0);

    await store.recurring.markDone('alice', 'rent', '2024-03-01');
    const moved = await store.recurring.changes('alice', cursor);
    // A new change, the same version: lastDate is the server's, which no edit overwrites.
    expect(moved.records).toEqual([{ ...rent, lastDate: '2024-03-01' }]);
    expect(moved.cursor).toBeGreaterThan(cursor);
    // lastDate never moves back, and not moving is no change.
    await store.recurring.markDone('alice', 'rent', '2024-02-01');
    await store.recurring.markDone('alice', 'rent', '2024-03-01');
    expect((await store.recurring.changes('alice', moved.cursor)).records).toEqual([]);

    await store.recurring.remove('alice', 'rent');
    expect(await store.recurring.changes('alice', moved.cursor)).toMatchObject({
      records: [],
      deleted: ['rent'],
    });
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

  it('a cursor it never handed out (ahead of it) is answered with everything and reset', async () => {
    await store.accounts.createMany('alice', [account('a'), account('b')]);
    await store.accounts.remove('alice', 'b');
    const { cursor } = await store.accounts.changes('alice', 0);
    expect(await store.accounts.changes('alice', cursor + 5)).toEqual({
      records: [account('a')],
      deleted: [],
      cursor,
      reset: true,
    });
    expect(await store.accounts.changes('alice', cursor)).not.toHaveProperty('reset');
  });

  it('pages a full download: every record once, even when hundreds share a number', async () => {
    const batch = scattered(450);
    await store.accounts.createMany(
      'alice',
      batch.map((id) => account(id)),
    );
    for (const id of ['s3', 's1', 's2']) await store.accounts.create('alice', account(id));
    const second = scattered(300, 'q');
    await store.accounts.createMany(
      'alice',
      second.map((id) => account(id)),
    );
    const whole = await store.accounts.changes('alice', 0);
    const all = [...batch, 's3', 's1', 's2', ...second];
    for (const limit of [1, 7, 100, 449, 450, 451, 753, 5000]) {
      const paged = await download(store.accounts, 'alice', limit);
      const ids = paged.records.map((r) => r.id);
      expect(new Set(ids).size, `limit ${limit}`).toBe(ids.length);
      expect([...ids].sort(), `limit ${limit}`).toEqual([...all].sort());
      expect(paged.pages).toBe(Math.max(1, Math.ceil(all.length / limit)));
      expect(paged.cursor).toBe(whole.cursor);
      expect(paged.reset).toBeUndefined();
    }
    // Nothing at all is one page, with nothing more, at the number nobody's would be anyway.
    expect(await store.accounts.changes('nobody', 0, { limit: 10 })).toEqual({
      records: [],
      deleted: [],
      cursor: (await store.accounts.changes('nobody', 0)).cursor,
      more: false,
    });
  });

  it('a record edited, deleted or added while paging ends right after the delta from upto', async () => {
    const ids = scattered(500);
    await store.accounts.createMany(
      'alice',
      ids.map((id) => account(id)),
    );
    const copy = replica<Account>();
    const sent = new Set<string>();
    const paged = await download(store.accounts, 'alice', 120, {
      between: async (n) => {
        if (n !== 2) return;
        const { records } = await store.accounts.changes('alice', 0, { limit: 240 });
        for (const r of records) sent.add(r.id);
        const early = records[3]!.id;
        const late = ids.find((id) => !sent.has(id))!;
        const lateGone = ids.filter((id) => !sent.has(id)).at(-1)!;
        await store.accounts.update('alice', account(early, 1));
        await store.accounts.update('alice', account(late, 2));
        await store.accounts.remove('alice', records[5]!.id);
        await store.accounts.remove('alice', lateGone);
        await store.accounts.create('alice', account('new'));
      },
    });
    // The pages are the snapshot at upto: what changed after it is left to the delta.
    const pagedIds = paged.records.map((r) => r.id);
    expect(new Set(pagedIds).size).toBe(pagedIds.length);
    expect(pagedIds).not.toContain('new');
    copy.apply({ records: paged.records, deleted: [], cursor: paged.cursor });
    copy.apply(await store.accounts.changes('alice', copy.cursor));
    const truth = await store.accounts.list('alice');
    expect([...copy.records.values()].sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      truth.sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(truth).toHaveLength(500 - 2 + 1);
  });

  it('never pages another user’s records', async () => {
    await store.accounts.createMany(
      'alice',
      scattered(30).map((id) => account(id)),
    );
    await store.accounts.createMany(
      'bob',
      scattered(40).map((id) => account(id, 3)),
    );
    await store.accounts.create('alice', account('hers'));
    const bob = await download(store.accounts, 'bob', 6);
    expect(bob.records).toHaveLength(40);
    expect(bob.records.every((r) => r.amount === 3)).toBe(true);
    expect((await download(store.accounts, 'alice', 6)).records).toHaveLength(31);
  });

  it('a delta ignores the page; a cursor or an upto never handed out pages from the start with reset', async () => {
    await store.accounts.createMany(
      'alice',
      scattered(10).map((id) => account(id)),
    );
    const { cursor } = await store.accounts.changes('alice', 0);
    await store.accounts.create('alice', account('later'));
    const delta = await store.accounts.changes('alice', cursor, { limit: 1 });
    expect(delta.records.map((r) => r.id)).toEqual(['later']);
    expect(delta).not.toHaveProperty('more');

    const reset = await download(store.accounts, 'alice', 4, { since: cursor + 50 });
    expect(reset.reset).toBe(true);
    expect(reset.records).toHaveLength(11);
    const first = await store.accounts.changes('alice', 0, { limit: 4 });
    const restarted = await store.accounts.changes('alice', 0, {
      limit: 4,
      after: { rev: 1_000, id: 'zzz' },
      upto: cursor + 50,
    });
    expect(restarted).toEqual({ ...first, reset: true });
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
    for (const since of [0, cursor, cursor + 100]) {
      expect(JSON.parse(utf8(await store.accounts.changesJson!('alice', since)))).toEqual(
        await store.accounts.changes('alice', since),
      );
    }
    store.close();
  });
});

describe('sqlite store: a file restored from a backup starts a new history', () => {
  it('answers every cursor of the replaced history with everything, and its own ones as before', async () => {
    const file = join(dir, `changes-${++fileNo}.sqlite`);
    let store = openSqliteStore(file);
    await store.accounts.createMany('alice', [account('a'), account('b')]);
    const before = (await store.accounts.changes('alice', 0)).cursor;
    store.close();
    // The replaced file went on to hand out numbers up to 50 that this one never saw.
    expect(restartSyncHistory(file, 50)).toBe(50);
    // A floor is never below the file's own numbers.
    expect(restartSyncHistory(file, 3)).toBe(51);

    store = openSqliteStore(file);
    for (const old of [1, before, 20, 50, 1_000]) {
      const answer = await store.accounts.changes('alice', old);
      expect(answer, `cursor ${old}`).toEqual({
        records: [account('a'), account('b')],
        deleted: [],
        cursor: 51,
        reset: true,
      });
      expect(JSON.parse(utf8(await store.accounts.changesJson!('alice', old)))).toEqual(answer);
    }
    expect(await store.accounts.changes('alice', 51)).toEqual({
      records: [],
      deleted: [],
      cursor: 51,
    });
    // Writes go on above the floor, and a copy of the new history gets them as deltas.
    await store.accounts.remove('alice', 'b');
    await store.accounts.create('alice', account('c'));
    const after = await store.accounts.changes('alice', 51);
    expect(after).toMatchObject({ records: [account('c')], deleted: ['b'] });
    expect(after).not.toHaveProperty('reset');
    expect(after.cursor).toBe(53);
    store.close();
  });
});
