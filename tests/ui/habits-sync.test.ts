import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CheckinRecord } from '../../src/domain/schemas/checkin';
import { habit } from '../fixtures/records';
import { device, firstThrough, offline, SEEDED_AT } from './engine-harness';
import { signIn, testServer } from './harness';

// A measurable check-in is one record per habit per day whose value changes in place, so two
// devices editing one day meet in the record-level conflict rule (docs/architecture.md, "Conflicts"): the
// later edit wins on both, and the other value is kept as a conflict.

const TODAY = '2026-11-22';
const { server, demo } = await testServer({
  today: TODAY,
  clear: ['checkinTasks', 'checkinRecords'],
});
beforeEach(async () => {
  await signIn(demo);
  await demo.store.checkinTasks.create('demo', {
    ...habit({ id: 'water', name: '喝水' }),
    kind: 'measurable',
    unit: '杯',
    target: 8,
    targetType: 'atLeast',
    targetPeriod: 'day',
    updatedAt: SEEDED_AT,
    editedAt: SEEDED_AT,
  });
  await demo.store.checkinRecords.create('demo', {
    id: 'day',
    taskId: 'water',
    date: TODAY,
    value: 2,
    skipped: false,
    updatedAt: SEEDED_AT,
    editedAt: SEEDED_AT,
  });
});

const day = (value: number) => ({ taskId: 'water', date: TODAY, value, skipped: false });
const shown = async (d: ReturnType<typeof device>) =>
  ((await d.engine.list('checkinRecords')).items as CheckinRecord[]).map((r) => r.value);

describe('a measurable day edited on two devices', () => {
  it('offline on one device: the value waits and is sent on reconnect', async () => {
    const phone = device();
    await phone.engine.list('checkinRecords');
    offline(server);
    await phone.engine.update('checkinRecords', 'day', day(3));
    await phone.engine.update('checkinRecords', 'day', day(4));
    expect(await shown(phone)).toEqual([4]);
    await waitFor(() => expect(phone.engine.status().reachable).toBe(false));
    server.resetHandlers();
    phone.engine.wake();
    await waitFor(() => expect(phone.waiting()).toBe(0));
    expect(await demo.store.checkinRecords.list('demo')).toMatchObject([{ id: 'day', value: 4 }]);
  });

  it('converges to the later edit on both devices, and keeps the other as a conflict', async () => {
    const early = device();
    const late = device();
    await early.engine.list('checkinRecords');
    await late.engine.list('checkinRecords');
    offline(server);
    await early.engine.update('checkinRecords', 'day', day(3));
    await new Promise((r) => setTimeout(r, 5));
    await late.engine.update('checkinRecords', 'day', day(5));
    await waitFor(() => expect(late.engine.status().reachable).toBe(false));
    await waitFor(() => expect(early.engine.status().reachable).toBe(false));
    server.resetHandlers();
    // The earlier edit reaches the server first; the later one arrives over it.
    const release = firstThrough(server, (body) => (body as { value?: number }).value === 3);
    early.engine.wake();
    await waitFor(() => expect(early.waiting()).toBe(0));
    release();
    late.engine.wake();
    await waitFor(() => expect(late.waiting()).toBe(0));

    const stored = await demo.store.checkinRecords.list('demo');
    expect(stored).toMatchObject([{ id: 'day', value: 5 }]);
    expect(await shown(late)).toEqual([5]);
    expect(late.engine.status().conflicts).toMatchObject([
      { kind: 'checkinRecords', id: 'day', reason: 'superseded', lost: { value: 3 } },
    ]);
    // The early device catches up by its next pull.
    await early.engine.pull('checkinRecords');
    await waitFor(async () => expect(await shown(early)).toEqual([5]));
  });
});
