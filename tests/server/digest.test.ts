import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore, restartSyncHistory } from '../../server/db/sqlite-store';
import { createMemoryStore } from '../../server/memory-store';
import type { RecordStore, Store } from '../../server/store';
import { digestOf, recordHash } from '../../src/domain/digest';
import type { Account } from '../../src/domain/schemas/account';
import * as fixture from '../fixtures/records';
import { storedExpense } from '../fixtures/records';
import { utf8 } from './json-bytes';

// The server's digest of a kind (docs/architecture.md "The digest"): always the digest of what
// the store holds, for both stores. The SQLite store keeps each record's hash in its row
// (written with the record) and each user's count and XOR per kind in kind_digests (kept by
// triggers), so a digest reads one row, not every record.

const dir = mkdtempSync(join(tmpdir(), 'pms-digest-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileNo = 0;
const newFile = () => join(dir, `digest-${++fileNo}.sqlite`);

const implementations: [string, () => Store][] = [
  ['memory', createMemoryStore],
  ['sqlite', () => openSqliteStore(newFile())],
];

const stamp = fixture.STORED;
const account = (id: string, amount = 10): Account => storedExpense(id, { ...stamp, amount });

describe.each(implementations)('%s store: the digest of a kind', (_name, open) => {
  it('is the digest of what the store holds after creates, an update and a delete', async () => {
    const store = open();
    const holds = async () => digestOf(await store.accounts.list('ann'));

    expect(await store.accounts.digest('ann')).toMatchObject({
      count: 0,
      hash: '0000000000000000',
    });
    await store.accounts.createMany('ann', [account('a1'), account('a2'), account('a3')]);
    const three = await store.accounts.digest('ann');
    expect(three).toMatchObject(await holds());
    expect(three.count).toBe(3);
    expect(three.cursor).toBe((await store.accounts.changes('ann', 0)).cursor);

    // A write updates it.
    await store.accounts.update('ann', {
      ...account('a2', 99),
      updatedAt: '2024-03-02T08:00:00.000Z',
    });
    const afterUpdate = await store.accounts.digest('ann');
    expect(afterUpdate).toMatchObject(await holds());
    expect(afterUpdate.hash).not.toBe(three.hash);
    // A delete takes the record out: with a4 created and deleted, the digest is as before.
    await store.accounts.create('ann', account('a4'));
    expect((await store.accounts.digest('ann')).count).toBe(4);
    await store.accounts.remove('ann', 'a4');
    expect(await store.accounts.digest('ann')).toMatchObject({
      count: 3,
      hash: afterUpdate.hash,
    });
    await store.accounts.remove('ann', 'a1');
    expect(await store.accounts.digest('ann')).toMatchObject(await holds());
    expect((await store.accounts.digest('ann')).count).toBe(2);
    // Another user's records are not in it.
    await store.accounts.create('bob', account('b1'));
    expect(await store.accounts.digest('ann')).toMatchObject(await holds());
    expect(await store.accounts.digest('bob')).toMatchObject(
      digestOf(await store.accounts.list('bob')),
    );
  });

  it('names each record’s hash, and a change of any field changes the digest', async () => {
    const store = open();
    await store.accounts.createMany('ann', [account('a1'), account('a2')]);
    const before = await store.accounts.digest('ann', true);
    const list = await store.accounts.list('ann');
    expect(new Map(before.ids)).toEqual(new Map(list.map((r) => [r.id, recordHash(r)])));
    expect(before).toMatchObject(digestOf(list));
    await store.accounts.update('ann', { ...list[0]!, description: '晚餐' });
    const after = await store.accounts.digest('ann');
    expect(after.count).toBe(2);
    expect(after.hash).not.toBe(before.hash);
  });

  it('follows a 周期记账 template’s lastDate moved by the catch-up', async () => {
    const store = open();
    await store.recurring.create('ann', fixture.storedRent('t1', stamp));
    await store.recurring.markDone('ann', 't1', '2026-02-01');
    expect((await store.recurring.get('ann', 't1'))?.lastDate).toBe('2026-02-01');
    expect(await store.recurring.digest('ann')).toMatchObject(
      digestOf(await store.recurring.list('ann')),
    );
  });

  it('answers two requests at once alike', async () => {
    const store = open();
    await store.accounts.createMany('ann', [account('a1'), account('a2')]);
    const [one, two] = await Promise.all([
      store.accounts.digest('ann'),
      store.accounts.digest('ann', true),
    ]);
    const holds = digestOf(await store.accounts.list('ann'));
    expect(one).toMatchObject(holds);
    expect(two).toMatchObject(holds);
  });
});

describe('the two stores', () => {
  it('give the same digest and hashes for the same writes', async () => {
    const answers = [];
    for (const [, open] of implementations) {
      const store = open();
      await store.accounts.createMany('ann', [account('a1', 0.1), account('a2', 1234.56)]);
      await store.accounts.update('ann', { ...account('a1', 7), description: '早餐' });
      await store.accounts.remove('ann', 'a2');
      await store.accounts.create('ann', account('a3', 0.07));
      const { count, hash, ids } = await store.accounts.digest('ann', true);
      answers.push({ count, hash, ids: new Map(ids) });
    }
    expect(answers[0]).toEqual(answers[1]);
  });
});

/** The hash column of every row of `table`, by id, as hex. */
function hashColumn(file: string, table: string): Map<string, string | null> {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db
      .prepare(
        `SELECT id, CASE WHEN hash_hi IS NULL THEN NULL ELSE printf('%08x%08x', hash_hi, hash_lo) END FROM ${table}`,
      )
      .raw(true)
      .all() as [string, string | null][];
    return new Map(rows);
  } finally {
    db.close();
  }
}

/** Runs `sql` on the file with a connection of its own: a change made behind the store's back. */
function behindTheStore(file: string, sql: string) {
  const db = new Database(file);
  try {
    return db.prepare(sql).run().changes;
  } finally {
    db.close();
  }
}

// One record per kind, from the fixtures, with a field a property varies.
type Sample = (id: string, n: number, text: string) => { id: string };
const SAMPLES: [string, string, Sample][] = [
  ['accounts', 'accounts', (id, n, text) => storedExpense(id, { amount: n, description: text })],
  ['assets', 'assets', (id, n, text) => fixture.storedAsset(id, { amount: n, name: text || '卡' })],
  [
    'assetHistory',
    'asset_history',
    (id, n, text) => ({
      id,
      ...stamp,
      assetId: 'a1',
      assetName: text,
      action: 'update',
      oldData: fixture.storedAsset('a1', { amount: n }),
      newData: null,
      timestamp: '2024-01-02T03:04:05.000Z',
    }),
  ],
  [
    'workouts',
    'workouts',
    (id, n, text) => ({
      id,
      ...stamp,
      type: 'running',
      duration: 30,
      calories: n,
      notes: text,
      date: '2024-03-01',
      tags: ['旅行'],
      createdAt: '2024-03-01T08:00:00.000Z',
    }),
  ],
  [
    'timeRecords',
    'time_records',
    (id, n, text) => ({
      id,
      ...stamp,
      task: text,
      category: 'other',
      duration: Math.round(n),
      date: '2024-03-01',
      createdAt: '2024-03-01T08:00:00.000Z',
      taskId: '',
      tags: [],
    }),
  ],
  [
    'tasks',
    'tasks',
    (id, _n, text) =>
      fixture.storedReport(id, { ...stamp, description: text, subtasks: [], reminders: [15] }),
  ],
  ['checkinTasks', 'checkin_tasks', (id, n) => ({ ...fixture.everyFieldHabit(id), target: n })],
  [
    'recurring',
    'recurring',
    (id, n, text) => fixture.storedRent(id, { ...stamp, amount: n, description: text }),
  ],
  [
    'wallets',
    'wallets',
    (id, n, text) => fixture.storedWallet(id, { openingBalance: -n, name: text || '卡' }),
  ],
  [
    'transfers',
    'transfers',
    (id, n, text) => fixture.storedTransfer(id, { amount: n, fee: 0.07, note: text }),
  ],
  [
    'categories',
    'categories',
    (id, n, text) => fixture.storedCategory(id, { name: text || '宠物', order: Math.round(n) }),
  ],
];

describe('sqlite store: the hash column', () => {
  // Yuan with at most two decimals, as the schemas let through.
  const yuan = fc.integer({ min: 0, max: 10 ** 11 }).map((cents) => cents / 100);

  it('is recordHash of the record as the API answers it, for every kind', async () => {
    await fc.assert(
      fc.asyncProperty(yuan, fc.string({ maxLength: 12 }), async (n, text) => {
        const file = newFile();
        const store = openSqliteStore(file);
        try {
          // biome-ignore lint/suspicious/noExplicitAny: one table of cases over differently typed stores.
          const of = (kind: string) => (store as any)[kind] as RecordStore<{ id: string }>;
          await of('checkinTasks').create('ann', fixture.everyFieldHabit('h1'));
          await of('checkinRecords').create('ann', fixture.everyFieldCheckin('c1', 'h1'));
          const kinds: [string, string, Sample][] = [
            ...SAMPLES,
            ['checkinRecords', 'checkin_records', () => ({ id: 'c1' })],
          ];
          for (const [kind, , sample] of SAMPLES) {
            await of(kind).create('ann', sample('r1', n, text));
            await of(kind).createMany('ann', [sample('r2', n, text), sample('r3', 1, '')]);
            await of(kind).update('ann', sample('r3', n, `${text}改`));
          }
          for (const [kind, table] of kinds) {
            const column = hashColumn(file, table);
            const records = await of(kind).list('ann');
            expect(column.size).toBe(records.length);
            for (const record of records) {
              expect(column.get(record.id), `${kind} ${record.id}`).toBe(recordHash(record));
              expect(recordHash((await of(kind).get('ann', record.id))!)).toBe(
                column.get(record.id),
              );
            }
            // As a device downloads them: the JSON SQLite builds.
            const downloaded = JSON.parse(utf8(await of(kind).listJson!('ann'))) as {
              id: string;
            }[];
            expect(new Map(downloaded.map((r) => [r.id, recordHash(r)]))).toEqual(column);
            expect(await of(kind).digest('ann')).toMatchObject(digestOf(downloaded));
          }
        } finally {
          store.close();
        }
      }),
      { numRuns: 15 },
    );
  });

  it('is filled by every write through the store: a digest parses no row', async () => {
    const file = newFile();
    const store = openSqliteStore(file);
    await store.accounts.createMany(
      'ann',
      Array.from({ length: 50 }, (_, i) => account(`a${i}`, i)),
    );
    await store.accounts.update('ann', account('a7', 77));
    await store.recurring.create('ann', fixture.storedRent('t1', stamp));
    const column = hashColumn(file, 'accounts');
    expect([...column.values()].filter((h) => h === null)).toEqual([]);
    expect(hashColumn(file, 'recurring').get('t1')).toBe(
      recordHash((await store.recurring.get('ann', 't1'))!),
    );
    store.close();
  });

  it('is hashed afresh when a row is changed behind the store’s back', async () => {
    // The rule (docs/architecture.md "The digest"): an UPDATE that leaves the hash as it was
    // makes it NULL (a trigger), and the next digest hashes the row as it now is. The device's
    // copy then differs and is repaired from the server, as for any damage.
    const file = newFile();
    const store = openSqliteStore(file);
    await store.accounts.createMany('ann', [account('a1'), account('a2')]);
    const before = await store.accounts.digest('ann');
    expect(behindTheStore(file, "UPDATE accounts SET description = '改过' WHERE id = 'a1'")).toBe(
      1,
    );
    expect(hashColumn(file, 'accounts').get('a1')).toBeNull();
    const after = await store.accounts.digest('ann', true);
    const list = await store.accounts.list('ann');
    expect(list[0]!.description).toBe('改过');
    expect(after).toMatchObject(digestOf(list));
    expect(after.hash).not.toBe(before.hash);
    expect(new Map(after.ids)).toEqual(new Map(list.map((r) => [r.id, recordHash(r)])));
    store.close();
  });

  it('of rows from before (NULL) is filled at the first digest, in batches', async () => {
    const file = newFile();
    const store = openSqliteStore(file);
    await store.accounts.createMany(
      'ann',
      Array.from({ length: 4500 }, (_, i) => account(`p${i}`, 1 + (i % 50))),
    );
    const kept = await store.accounts.digest('ann');
    store.close();
    // As migration 0016 leaves older rows: counted, not hashed.
    expect(behindTheStore(file, 'UPDATE accounts SET hash_hi = NULL, hash_lo = NULL')).toBe(4500);
    const reopened = openSqliteStore(file);
    expect(await reopened.accounts.digest('ann')).toMatchObject({
      count: 4500,
      hash: kept.hash,
    });
    expect([...hashColumn(file, 'accounts').values()].filter((h) => h === null)).toEqual([]);
    reopened.close();
  });

  it('puts a kept digest gone wrong right when a device asks for the ids', async () => {
    const file = newFile();
    const store = openSqliteStore(file);
    await store.accounts.createMany('ann', [account('a1'), account('a2')]);
    const right = digestOf(await store.accounts.list('ann'));
    behindTheStore(file, "UPDATE kind_digests SET count = 7, hash_lo = 1 WHERE kind = 'accounts'");
    expect(await store.accounts.digest('ann')).toMatchObject({ count: 7 });
    expect(await store.accounts.digest('ann', true)).toMatchObject(right);
    expect(await store.accounts.digest('ann')).toMatchObject(right);
    store.close();
  });

  it('comes back with a restored backup: the digest is the restored file’s', async () => {
    const file = newFile();
    const store = openSqliteStore(file);
    await store.accounts.createMany('ann', [account('a1'), account('a2')]);
    await store.checkinTasks.create('ann', fixture.everyFieldHabit('h1'));
    await store.checkinRecords.create('ann', fixture.everyFieldCheckin('c1', 'h1'));
    store.close();
    const backup = `${file}.backup`;
    copyFileSync(file, backup);

    const later = openSqliteStore(file);
    await later.accounts.create('ann', account('a3'));
    await later.accounts.remove('ann', 'a1');
    // Deleting the habit cascades to its check-ins: the triggers count them out too.
    await later.checkinTasks.remove('ann', 'h1');
    expect(await later.checkinRecords.digest('ann')).toMatchObject({ count: 0 });
    const cursor = (await later.accounts.digest('ann')).cursor;
    later.close();

    copyFileSync(backup, file);
    rmSync(`${file}-wal`, { force: true });
    rmSync(`${file}-shm`, { force: true });
    restartSyncHistory(file, cursor + 1);
    const restored = openSqliteStore(file);
    const digest = await restored.accounts.digest('ann', true);
    expect(digest).toMatchObject(digestOf(await restored.accounts.list('ann')));
    expect(digest.ids?.map(([id]) => id).sort()).toEqual(['a1', 'a2']);
    expect(digest.cursor).toBeGreaterThan(cursor);
    expect(await restored.checkinRecords.digest('ann')).toMatchObject({ count: 1 });
    restored.close();
  });
});

describe('the digest of a record', () => {
  it('does not depend on the order of the fields or of the records', () => {
    const a = { id: 'x', amount: 1, tags: ['a', 'b'], nested: { b: 1, a: 2 } };
    const b = { nested: { a: 2, b: 1 }, tags: ['a', 'b'], amount: 1, id: 'x' };
    expect(recordHash(a)).toBe(recordHash(b));
    const c = { id: 'y', amount: 2 };
    expect(digestOf([a, c])).toEqual(digestOf([c, b]));
    expect(recordHash({ ...a, amount: 2 })).not.toBe(recordHash(a));
    expect(recordHash({ ...a, tags: ['b', 'a'] })).not.toBe(recordHash(a));
  });
});
