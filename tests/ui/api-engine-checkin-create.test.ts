import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CheckinRecord } from '../../src/domain/schemas/checkin';
import { type Device, device, offline } from './engine-harness';
import { seedHabit, signIn, testServer } from './harness';

// Two devices that both create the same day's check-in for one habit offline (issue 37): one
// record per habit per day, so the server answers the second create with the first's record.
// They converge as two edits of one record do: the later stamp wins on both devices, and the
// losing value is kept as a conflict.

const DAY = '2026-11-20';
const { server, demo } = await testServer({
  today: '2026-11-22',
  clear: ['checkinTasks', 'checkinRecords'],
});
beforeEach(async () => {
  await signIn(demo);
  await seedHabit(demo, 'water');
});

/** A device that holds the check-ins; its clock is not corrected (stamps follow the order made). */
async function ready(): Promise<Device> {
  const d = device();
  d.engine.clock.heard = () => {};
  await d.engine.list('checkinRecords');
  return d;
}
const untilRefused = (d: Device) => waitFor(() => expect(d.engine.status().reachable).toBe(false));
/** The day's check-ins a device shows: `id:value`. */
const shown = async (d: Device) =>
  ((await d.engine.list('checkinRecords')).items as readonly CheckinRecord[])
    .filter((r) => r.date === DAY)
    .map((r) => `${r.id}:${r.value}`);
const onServer = async () =>
  (await demo.store.checkinRecords.list('demo'))
    .filter((r) => r.date === DAY)
    .map((r) => `${r.id}:${r.value}`);
const checkIn = (d: Device, id: string, value: number) =>
  d.engine.create('checkinRecords', { id, taskId: 'water', date: DAY, value, skipped: false });

/** A and B check in offline, A's first; then `first` reconnects, then the other. */
async function bothOffline(first: 'a' | 'b') {
  const a = await ready();
  const b = await ready();
  offline(server);
  await checkIn(a, 'from-a', 3);
  await untilRefused(a);
  // B's check-in is the later one, by more than the clock's millisecond.
  await new Promise((resolve) => setTimeout(resolve, 5));
  await checkIn(b, 'from-b', 5);
  await untilRefused(b);
  server.resetHandlers();
  const [one, two] = first === 'a' ? [a, b] : [b, a];
  one.engine.wake();
  await waitFor(() => expect(one.waiting()).toBe(0));
  two.engine.wake();
  await waitFor(() => expect(two.waiting()).toBe(0));
  for (const d of [a, b]) await d.engine.pull('checkinRecords');
  return { a, b };
}

describe('the same day checked in on two devices offline', () => {
  it('the later check-in wins on both when it reaches the server second', async () => {
    const { a, b } = await bothOffline('a');
    // One record, under the id the server had first, with B's later value.
    expect(await onServer()).toEqual(['from-a:5']);
    expect(await shown(a)).toEqual(['from-a:5']);
    expect(await shown(b)).toEqual(['from-a:5']);
    expect(b.engine.status().conflicts).toEqual([
      expect.objectContaining({
        kind: 'checkinRecords',
        lost: expect.objectContaining({ value: 3 }),
      }),
    ]);
  });

  it('the later check-in wins on both when it reached the server first', async () => {
    const { a, b } = await bothOffline('b');
    expect(await onServer()).toEqual(['from-b:5']);
    expect(await shown(a)).toEqual(['from-b:5']);
    expect(await shown(b)).toEqual(['from-b:5']);
    // A's earlier value lost, and is kept on A.
    expect(a.engine.status().conflicts).toEqual([
      expect.objectContaining({
        kind: 'checkinRecords',
        lost: expect.objectContaining({ value: 3 }),
      }),
    ]);
  });

  it('two identical check-ins are one, with nothing kept as a conflict', async () => {
    const a = await ready();
    const b = await ready();
    offline(server);
    await checkIn(a, 'from-a', 1);
    await checkIn(b, 'from-b', 1);
    await untilRefused(b);
    server.resetHandlers();
    for (const d of [a, b]) {
      d.engine.wake();
      await waitFor(() => expect(d.waiting()).toBe(0));
    }
    for (const d of [a, b]) await d.engine.pull('checkinRecords');
    expect(await onServer()).toEqual(['from-a:1']);
    expect(await shown(b)).toEqual(['from-a:1']);
    expect(b.engine.status().conflicts).toEqual([]);
  });
});
