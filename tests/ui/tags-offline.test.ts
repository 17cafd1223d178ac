import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { deleteTagEverywhere, renameTagEverywhere } from '../../src/api/tags';
import { type Device, device, offline } from './engine-harness';
import { signIn, testServer } from './harness';

// 标签 (issue 63): renaming or deleting a tag is one ordinary edit per record, in the outbox.
// Made offline it shows at once, survives a reload, and reaches the server on reconnect, in
// every module; records without the tag are not touched.

const TODAY = '2026-11-22';
const { server, demo } = await testServer({
  today: TODAY,
  clear: ['accounts', 'tasks', 'workouts', 'timeRecords'],
});
let sent: string[];
server.events.on('request:start', ({ request }) => {
  if (request.method !== 'GET') sent.push(`${request.method} ${new URL(request.url).pathname}`);
});
beforeEach(async () => {
  sent = [];
  await signIn(demo);
});

/** Records tagged 旅行 in four modules, and one tagged 论文 only, on the server. */
async function seed(d: Device) {
  // Lists read first, as the screens do: the device then keeps a copy of each.
  for (const kind of ['accounts', 'tasks', 'workouts', 'timeRecords'] as const) {
    await d.engine.list(kind);
  }
  await d.engine.create('accounts', {
    id: 'a1',
    type: 'expense',
    amount: 3240,
    category: 'transport',
    description: '机票',
    date: TODAY,
    tags: ['旅行', '成都'],
  });
  await d.engine.create('tasks', { id: 't1', title: '订酒店', tags: ['旅行'] });
  await d.engine.create('workouts', {
    id: 'w1',
    type: 'hiking',
    duration: 90,
    date: TODAY,
    tags: ['旅行'],
  });
  await d.engine.create('timeRecords', {
    id: 'r1',
    task: '查攻略',
    category: 'study',
    duration: 1800,
    date: TODAY,
    tags: ['旅行'],
  });
  await d.engine.create('timeRecords', {
    id: 'r2',
    task: '写论文',
    category: 'study',
    duration: 600,
    date: TODAY,
    tags: ['论文'],
  });
  await waitFor(() => expect(d.waiting()).toBe(0));
}

const onServer = async () => ({
  accounts: (await demo.store.accounts.get('demo', 'a1'))?.tags,
  tasks: (await demo.store.tasks.get('demo', 't1'))?.tags,
  workouts: (await demo.store.workouts.get('demo', 'w1'))?.tags,
  timeRecords: (await demo.store.timeRecords.get('demo', 'r1'))?.tags,
  other: (await demo.store.timeRecords.get('demo', 'r2'))?.tags,
});

const onDevice = async (d: Device) => ({
  accounts: (await d.engine.list('accounts')).items.find((r) => r.id === 'a1')?.tags,
  tasks: (await d.engine.list('tasks')).items.find((r) => r.id === 't1')?.tags,
  workouts: (await d.engine.list('workouts')).items.find((r) => r.id === 'w1')?.tags,
  timeRecords: (await d.engine.list('timeRecords')).items.find((r) => r.id === 'r1')?.tags,
  other: (await d.engine.list('timeRecords')).items.find((r) => r.id === 'r2')?.tags,
});

/** Until the device has tried to send and found the server unreachable. */
const untilRefused = (d: Device) => waitFor(() => expect(d.engine.status().reachable).toBe(false));

describe('a tag renamed or deleted offline', () => {
  it('renames it on every record, after a reload and a reconnect', async () => {
    const a = device();
    await seed(a);
    offline(server);
    expect(await renameTagEverywhere(a.engine, '旅行', '出游')).toBe(4);
    const renamed = {
      accounts: ['出游', '成都'],
      tasks: ['出游'],
      workouts: ['出游'],
      timeRecords: ['出游'],
      other: ['论文'],
    };
    expect(await onDevice(a)).toEqual(renamed);
    await untilRefused(a);
    expect((await onServer()).accounts).toEqual(['旅行', '成都']);
    // A reload: the four edits wait in the outbox.
    await a.stop();
    const reloaded = device(a.idb);
    expect(await onDevice(reloaded)).toEqual(renamed);
    expect(reloaded.waiting()).toBe(4);
    server.resetHandlers();
    reloaded.engine.wake();
    await waitFor(() => expect(reloaded.waiting()).toBe(0));
    expect(await onServer()).toEqual(renamed);
    // Edits, not new records or deletions; the untagged record was left alone.
    expect(sent.filter((s) => !s.startsWith('PUT')).every((s) => s.startsWith('POST'))).toBe(true);
    expect(sent).not.toContain('PUT /api/time-records/r2');
  });

  it('deletes it from every record and keeps the records', async () => {
    const a = device();
    await seed(a);
    offline(server);
    expect(await deleteTagEverywhere(a.engine, '旅行')).toBe(4);
    const removed = {
      accounts: ['成都'],
      tasks: [],
      workouts: [],
      timeRecords: [],
      other: ['论文'],
    };
    expect(await onDevice(a)).toEqual(removed);
    await untilRefused(a);
    server.resetHandlers();
    a.engine.wake();
    await waitFor(() => expect(a.waiting()).toBe(0));
    expect(await onServer()).toEqual(removed);
    expect(await demo.store.tasks.get('demo', 't1')).toMatchObject({ title: '订酒店' });
  });
});
