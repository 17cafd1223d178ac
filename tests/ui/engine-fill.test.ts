import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type FillEvent, Filler } from '../../src/api/engine/worker/fill';
import { RESOURCE_NAMES, RESOURCES } from '../../src/domain/resources';
import { device, offline, onDeviceDb, seedTask, task } from './engine-harness';
import { signIn, testServer } from './harness';

// Completing the device's copy after sign-in (src/api/engine/device-fill.ts, worker/fill.ts): one
// owner per kind at a time, one writer of IndexedDB (the page), nothing of the outbox touched, a
// failing worker harmless. jsdom has no
// Worker: the engine runs the filler on the page, the code the worker runs.

const TODAY = '2026-11-22';
const { server, demo } = await testServer({ today: TODAY, clear: ['tasks'] });
let fullDownloads: string[];
server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  if (
    request.method === 'GET' &&
    url.searchParams.get('since') === '0' &&
    !url.searchParams.has('after')
  ) {
    fullDownloads.push(url.pathname);
  }
});
beforeEach(async () => {
  fullDownloads = [];
  await signIn(demo);
});

const storedKinds = (d: ReturnType<typeof device>) =>
  onDeviceDb(d, async (db) => (await db.getAllKeys('lists')).sort());

describe('completing the device’s copy', () => {
  it('a list a screen opens meanwhile is downloaded once, by one owner', async () => {
    await seedTask(demo, 'a', '甲');
    const d = device();
    const filling = d.engine.holdEverything();
    const shown = await d.engine.list('tasks');
    await filling;
    expect(shown.items.map((t) => t.title)).toEqual(['甲']);
    expect(await storedKinds(d)).toEqual([...RESOURCE_NAMES].sort());
    expect(fullDownloads.filter((p) => p === RESOURCES.tasks.path)).toHaveLength(1);
    expect(new Set(fullDownloads).size).toBe(fullDownloads.length);
  });

  it('a kind claimed while it is being filled is answered once it is stored', async () => {
    const d = device();
    await d.engine.holds([]);
    const events: FillEvent[] = [];
    const first = RESOURCE_NAMES[0]!;
    let claimed = () => {};
    const asked = new Promise<void>((resolve) => {
      claimed = resolve;
    });
    const filler = new Filler({
      store: d.engine.store,
      emit: (event) => events.push(event),
      pause: async () => {},
    });
    const onAsk = () => claimed();
    server.events.on('request:start', onAsk);
    const run = filler.run();
    await asked;
    server.events.removeListener('request:start', onAsk);
    filler.claim(first);
    // Claimed before it was reached: answered at once, and never stored by the filler.
    filler.claim(RESOURCE_NAMES[2]!);
    await run;
    const about = (kind: string) => events.filter((e) => e.type !== 'done' && e.kind === kind);
    expect(about(first).map((e) => e.type)).toEqual(['stored']);
    expect(about(RESOURCE_NAMES[2]!).map((e) => e.type)).toEqual(['released']);
    expect(events.at(-1)).toEqual({ type: 'done', complete: true });
    // The filler hands its lists over and writes nothing itself: the page is the one writer
    // of IndexedDB (device-fill.ts), and this host stored none of them.
    expect(await storedKinds(d)).toEqual([]);
    const handed = events.flatMap((e) => (e.type === 'stored' ? [e.kind] : []));
    expect(handed).not.toContain(RESOURCE_NAMES[2]);
    expect(handed).toHaveLength(RESOURCE_NAMES.length - 1);
  });

  it('a worker that fails ends the fill and loses nothing that waits', async () => {
    const d = device();
    offline(server);
    await d.engine.create('tasks', task('离线写的'));
    server.resetHandlers();
    class Broken {
      onerror: ((event: { message: string; preventDefault(): void }) => void) | null = null;
      constructor() {
        setTimeout(() => this.onerror?.({ message: 'boom', preventDefault: () => {} }), 0);
      }
      postMessage() {}
      terminate() {}
    }
    vi.stubGlobal('Worker', Broken);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await d.engine.holdEverything();
    } finally {
      vi.unstubAllGlobals();
      warn.mockRestore();
    }
    expect(d.waiting()).toBe(1);
    await d.engine.flush();
    expect((await demo.store.tasks.list('demo')).map((t) => t.title)).toEqual(['离线写的']);
  });

  it('stops at sign-out: nothing more is asked or stored', async () => {
    const d = device();
    await d.engine.holds([]);
    const filling = d.engine.holdEverything();
    await d.stop();
    await filling;
    const after = fullDownloads.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fullDownloads.length).toBe(after);
    expect(fullDownloads.length).toBeLessThan(RESOURCE_NAMES.length);
  });
});
