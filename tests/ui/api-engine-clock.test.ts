import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseStamp } from '../../src/domain/hlc';
import type { Task } from '../../src/domain/schemas/task';
import {
  answersLost,
  type Device,
  device,
  firstThrough,
  offline,
  seedTask,
  storedTask,
  task,
} from './engine-harness';
import { signIn, testServer } from './harness';

// Conflicts decided by a hybrid logical clock on a corrected device clock (docs/architecture.md,
// Decisions "Conflicts"): device A's clock runs a day fast, B's is right. A's stamps are its clock
// corrected by the offset measured from the server's answers, so A's earlier edit cannot win
// over B's later one; and an edit made after seeing another's stamp sorts after it.

const DAY = 86_400_000;
const { server, demo } = await testServer({ today: '2026-11-22', clear: ['tasks'] });
beforeEach(async () => {
  await signIn(demo);
});

/** A device whose own clock runs `ahead` ms fast. */
function skewed(ahead: number): Device {
  const d = device();
  d.engine.clock.deviceNow = () => Date.now() + ahead;
  return d;
}

const shown = async (d: Device) => {
  await d.engine.pull('tasks');
  return (await d.engine.list('tasks')).items.map((t: Task) => `${t.id}:${t.title}`);
};
const onServer = async () => (await demo.store.tasks.get('demo', 'shared')) as Task | undefined;

describe('device A a day fast, B right', () => {
  it('A edits offline, B edits the same task later online, A reconnects: B wins on both', async () => {
    await seedTask(demo, 'shared', '原来的');
    const a = skewed(DAY);
    const b = skewed(0);
    // Online: both hear the server's clock.
    await a.engine.list('tasks');
    await b.engine.list('tasks');
    offline(server);
    await a.engine.update('tasks', 'shared', task('A 离线时的修改'));
    await waitFor(() => expect(a.engine.status().reachable).toBe(false));
    await new Promise((r) => setTimeout(r, 5));
    server.resetHandlers();
    // Only B's write gets through until A reconnects.
    const release = firstThrough(server, (body) => body.title === 'B 较晚的修改');
    await b.engine.update('tasks', 'shared', task('B 较晚的修改'));
    await waitFor(() => expect(b.waiting()).toBe(0));
    release();
    a.engine.wake();
    await waitFor(() => expect(a.waiting()).toBe(0));
    expect((await onServer())?.title).toBe('B 较晚的修改');
    expect(await shown(a)).toEqual(['shared:B 较晚的修改']);
    expect(await shown(b)).toEqual(['shared:B 较晚的修改']);
    // A's edit is not lost: it is kept for the user.
    expect(a.engine.status().conflicts).toMatchObject([{ id: 'shared', reason: 'superseded' }]);
    // A's stamp is the server's time, not its own clock's.
    const stamp = parseStamp(a.engine.status().conflicts[0]!.lost.stamp);
    expect(Math.abs(stamp!.millis - Date.now())).toBeLessThan(60_000);
  });

  it('A edits online (its answer lost on the way back), B sees it and edits: B wins on both', async () => {
    await seedTask(demo, 'shared', '原来的');
    const a = skewed(DAY);
    const b = skewed(0);
    await a.engine.list('tasks');
    await b.engine.list('tasks');
    // The server stores A's edit; A never hears so and will send it again.
    const stored = answersLost(server, demo, 'put', /\/api\/tasks\/shared$/, 1);
    await a.engine.update('tasks', 'shared', task('A 的修改'));
    await waitFor(() => expect(stored()).toBe(1));
    await waitFor(() => expect(a.engine.status().reachable).toBe(false));
    expect(await shown(b)).toEqual(['shared:A 的修改']);
    await b.engine.update('tasks', 'shared', task('B 看到后的修改'));
    await waitFor(() => expect(b.waiting()).toBe(0));
    server.resetHandlers();
    a.engine.wake();
    await waitFor(() => expect(a.waiting()).toBe(0));
    const final = await onServer();
    expect(final?.title).toBe('B 看到后的修改');
    expect(await shown(a)).toEqual(['shared:B 看到后的修改']);
    expect(await shown(b)).toEqual(['shared:B 看到后的修改']);
    expect(a.notices.map((n) => n.message)).toEqual([
      '「A 的修改」在另一台设备上有较晚的修改，已采用它；本机的修改保存在“同步”中',
    ]);
  });

  it('a stamp received far ahead of the server’s clock moves the clock no further, and is said', async () => {
    const b = skewed(0);
    await b.engine.list('tasks');
    const ahead = new Date(Date.now() + DAY).toISOString();
    await demo.store.tasks.create('demo', {
      ...storedTask('far', '来自快钟'),
      stamp: `${ahead}-0000-00000000000000aa`,
    });
    await b.engine.pull('tasks');
    const next = parseStamp(b.engine.clock.stamp());
    expect(next!.millis - Date.now()).toBeLessThan(6 * 60_000);
    expect(b.notices.map((n) => n.message)).toEqual([
      expect.stringMatching(/^另一台设备的时钟快了/),
    ]);
  });
});
