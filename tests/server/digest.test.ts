import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../server/db/sqlite-store';
import { KindDigests } from '../../server/digests';
import { createMemoryStore } from '../../server/memory-store';
import type { RecordStore, Store } from '../../server/store';
import { digestOf, recordHash } from '../../src/domain/digest';
import type { Account } from '../../src/domain/schemas/account';
import { storedExpense } from '../fixtures/records';

// The server's digest of a kind (server/digests.ts, docs/architecture.md "The digest"): always
// the digest of what the store holds, for both stores, and kept up to date from what changed
// since the change number it covers, not from every row on every request.

const dir = mkdtempSync(join(tmpdir(), 'pms-digest-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileNo = 0;

const implementations: [string, () => Store][] = [
  ['memory', createMemoryStore],
  ['sqlite', () => openSqliteStore(join(dir, `digest-${++fileNo}.sqlite`))],
];

const stamp = {
  updatedAt: '2024-03-01T08:00:00.000Z',
  editedAt: '2024-03-01T08:00:00.000Z',
  stamp: '',
};
const account = (id: string, amount = 10): Account => storedExpense(id, { ...stamp, amount });

/** `records` with a count of the rows each `changes` call has read. */
function counted<T extends { id: string }>(records: RecordStore<T>) {
  const reads: number[] = [];
  const wrapped: RecordStore<T> = {
    ...records,
    changes: async (userId, since, page) => {
      const answer = await records.changes(userId, since, page);
      reads.push(answer.records.length);
      return answer;
    },
  };
  return { wrapped, reads };
}

describe.each(implementations)('%s store: the digest of a kind', (_name, open) => {
  it('is built in pages the first time: no read holds the whole kind', async () => {
    const store = open();
    const many = Array.from({ length: 4500 }, (_, i) => account(`p${i}`, 1 + (i % 50)));
    await store.accounts.createMany('ann', many);
    const { wrapped, reads } = counted(store.accounts);
    const digests = new KindDigests(wrapped);
    expect(await digests.digest('ann')).toMatchObject(digestOf(await store.accounts.list('ann')));
    expect(reads).toEqual([2000, 2000, 500]);
    // Then only what changed since is read.
    await store.accounts.update('ann', { ...account('p7', 77) });
    expect(await digests.digest('ann')).toMatchObject(digestOf(await store.accounts.list('ann')));
    expect(reads.slice(3)).toEqual([1]);
  });

  it('is the digest of what the store holds after creates, an update and a delete', async () => {
    const store = open();
    const { wrapped, reads } = counted(store.accounts);
    const digests = new KindDigests(wrapped);
    const holds = async () => digestOf(await store.accounts.list('ann'));

    expect(await digests.digest('ann')).toMatchObject({ count: 0, hash: '0000000000000000' });
    await store.accounts.createMany('ann', [account('a1'), account('a2'), account('a3')]);
    expect(await digests.digest('ann')).toMatchObject(await holds());
    expect((await digests.digest('ann')).count).toBe(3);

    await store.accounts.update('ann', {
      ...account('a2', 99),
      updatedAt: '2024-03-02T08:00:00.000Z',
    });
    const afterUpdate = await digests.digest('ann');
    expect(afterUpdate).toMatchObject(await holds());
    await store.accounts.remove('ann', 'a1');
    expect(await digests.digest('ann')).toMatchObject(await holds());
    expect((await digests.digest('ann')).count).toBe(2);
    // Another user's records are not in it.
    await store.accounts.create('bob', account('b1'));
    expect(await digests.digest('ann')).toMatchObject(await holds());

    // Only what changed is read: nothing when nothing did, one row after one write.
    reads.length = 0;
    await digests.digest('ann');
    expect(reads).toEqual([0]);
    await store.accounts.update('ann', {
      ...account('a3', 7),
      updatedAt: '2024-03-03T08:00:00.000Z',
    });
    await digests.digest('ann');
    expect(reads).toEqual([0, 1]);
  });

  it('names each record’s hash, and a change of any field changes the digest', async () => {
    const store = open();
    const digests = new KindDigests(store.accounts);
    await store.accounts.createMany('ann', [account('a1'), account('a2')]);
    const before = await digests.digest('ann', true);
    const list = await store.accounts.list('ann');
    expect(new Map(before.ids)).toEqual(new Map(list.map((r) => [r.id, recordHash(r)])));
    await store.accounts.update('ann', { ...list[0]!, description: '晚餐' });
    const after = await digests.digest('ann');
    expect(after.count).toBe(2);
    expect(after.hash).not.toBe(before.hash);
  });

  it('answers two requests at once as one: the records are not counted twice', async () => {
    const store = open();
    const digests = new KindDigests(store.accounts);
    await store.accounts.createMany('ann', [account('a1'), account('a2')]);
    const [one, two] = await Promise.all([digests.digest('ann'), digests.digest('ann')]);
    const holds = digestOf(await store.accounts.list('ann'));
    expect(one).toMatchObject(holds);
    expect(two).toMatchObject(holds);
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
