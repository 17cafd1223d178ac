import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../server/memory-store';
import { habit } from '../fixtures/records';

describe('memory store snapshot (the demo across a reload)', () => {
  it('a store built from a snapshot holds the same records, users and sessions', async () => {
    const store = createMemoryStore();
    await store.users.upsert({ username: 'demo', displayName: '演示', passwordHash: 'h' });
    await store.sessions.create({
      tokenHash: 'abc',
      username: 'demo',
      createdAt: '2026-11-21T00:00:00.000Z',
      expiresAt: '2026-12-21T00:00:00.000Z',
    });
    await store.checkinTasks.create('demo', habit({ id: 'h1' }));
    await store.checkinRecords.create('demo', { id: 'r1', taskId: 'h1', date: '2026-11-21' });
    await store.accounts.create('guest', {
      id: 'a1',
      type: 'income',
      amount: 8000,
      category: 'salary',
      description: '',
      date: '2026-11-10',
      templateId: null,
      reimbursed: false,
      reimbursedBy: null,
    });

    const copy = createMemoryStore(JSON.parse(JSON.stringify(store.snapshot())));
    expect(await copy.accounts.list('guest')).toEqual(await store.accounts.list('guest'));
    expect(await copy.checkinRecords.list('demo')).toEqual([
      { id: 'r1', taskId: 'h1', date: '2026-11-21' },
    ]);
    expect(await copy.users.get('demo')).toMatchObject({ displayName: '演示' });
    expect(await copy.sessions.get('abc')).toMatchObject({ username: 'demo' });

    // The copy keeps the rules too: deleting the habit deletes its records.
    await copy.checkinTasks.remove('demo', 'h1');
    expect(await copy.checkinRecords.list('demo')).toEqual([]);
    expect(await store.checkinRecords.list('demo')).toHaveLength(1);
  });
});
