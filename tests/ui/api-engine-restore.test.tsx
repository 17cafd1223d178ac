import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDemoServer, type DemoServer } from '../../mocks/demo-server';
import { engineFor } from '../../src/api/engine';
import { device, task } from './engine-harness';
import { renderApp, signIn, testServer } from './harness';

// After the server is restored from a backup (issue 39 item 5): what a browser still holds that
// the restored server lacks is offered for upload, not dropped.

const TODAY = '2026-11-22';
const { server, demo } = await testServer({ today: TODAY, clear: ['tasks'] });
/** The server the requests reach: the test's, or one restored from a snapshot of it. */
let current: DemoServer;
beforeEach(async () => {
  current = demo;
  await signIn(demo);
  server.use(http.all(/\/api\//, ({ request }) => current.app.fetch(request)));
});

/** Until the device has caught up with its own writes (as its next visit or focus does). */
const caughtUp = (engine: { pull(kind: 'tasks'): Promise<void> }) => engine.pull('tasks');

/** The server as a restore from `snapshot` leaves it (the same accounts and sessions). */
async function restore(snapshot: ReturnType<DemoServer['store']['snapshot']>) {
  // As a backup file holds it: nothing shared with the store it was taken from.
  current = await createDemoServer({ today: TODAY, snapshot: structuredClone(snapshot) });
}
const serverTitles = async () =>
  (await current.store.tasks.list('demo')).map((t) => t.title).sort();

describe('a server restored from a backup', () => {
  it('offers what the device holds that it lacks; uploaded, the server has it', async () => {
    const d = device();
    await d.engine.list('tasks');
    const { seq } = await d.engine.create('tasks', task('备份前'));
    await d.engine.settled(seq);
    const snapshot = demo.store.snapshot();
    for (const title of ['备份后一', '备份后二']) {
      await d.engine.settled((await d.engine.create('tasks', task(title))).seq);
    }
    // One made after the backup and deleted again: not offered.
    const gone = await d.engine.create('tasks', task('删掉的'));
    await d.engine.settled(gone.seq);
    await d.engine.settled((await d.engine.remove('tasks', gone.record)).seq);
    expect(await serverTitles()).toEqual(['备份前', '备份后一', '备份后二']);
    await caughtUp(d.engine);

    await restore(snapshot);
    expect(await serverTitles()).toEqual(['备份前']);
    await d.engine.pull('tasks');
    // The device follows the server, but keeps what it lacks on offer.
    expect(d.engine.status().offered).toBe(2);
    expect(d.notices.at(-1)?.message).toBe(
      '服务器的数据比本机旧（可能已从备份恢复）。本机有 2 条记录服务器上没有',
    );
    // A reload does not lose the offer.
    await d.stop();
    const again = device(d.idb);
    await waitFor(() => expect(again.engine.status().offered).toBe(2));
    await again.engine.answerOffer(true);
    expect(again.engine.status().offered).toBe(0);
    await waitFor(() => expect(again.waiting()).toBe(0));
    expect(await serverTitles()).toEqual(['备份前', '备份后一', '备份后二']);
    expect((await again.engine.list('tasks')).items.map((t) => t.title).sort()).toEqual([
      '备份前',
      '备份后一',
      '备份后二',
    ]);
  });

  it('let go, the records are gone from the device and nothing is sent', async () => {
    const d = device();
    await d.engine.list('tasks');
    const snapshot = demo.store.snapshot();
    await d.engine.settled((await d.engine.create('tasks', task('备份后'))).seq);
    await caughtUp(d.engine);
    await restore(snapshot);
    await d.engine.pull('tasks');
    expect(d.engine.status().offered).toBe(1);
    await d.engine.answerOffer(false);
    expect(d.engine.status().offered).toBe(0);
    expect(d.waiting()).toBe(0);
    expect(await serverTitles()).toEqual([]);
    expect((await d.engine.list('tasks')).items).toEqual([]);
  });

  it('asks in a dialog: 上传 sends the records to the server', async () => {
    const { queryClient } = renderApp('/tasks');
    const engine = engineFor(queryClient);
    await engine.list('tasks');
    const snapshot = demo.store.snapshot();
    await engine.settled((await engine.create('tasks', task('备份后'))).seq);
    await caughtUp(engine);
    await restore(snapshot);
    await engine.pull('tasks');
    const dialog = await screen.findByRole('alertdialog', { name: '服务器的数据比本机旧' });
    expect(dialog).toHaveTextContent(
      '服务器的数据比本机旧（可能已从备份恢复）。本机有 1 条记录服务器上没有，上传这些记录？',
    );
    await userEvent.setup().click(within(dialog).getByRole('button', { name: '上传' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(async () => expect(await serverTitles()).toEqual(['备份后']));
  });
});
