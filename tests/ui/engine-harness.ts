import { IDBFactory } from 'fake-indexeddb';
import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import { afterEach } from 'vitest';
import type { DemoServer } from '../../mocks/demo-server';
import { engineFor, type Notice, stopEngine } from '../../src/api/engine';
import { type LocalDb, openLocalDb } from '../../src/api/engine/local-db';
import { createQueryClient } from '../../src/app/query-client';
import type { Task } from '../../src/domain/schemas/task';

// What the engine tests share (engine.test.ts and tests/ui/api-engine-*): browsers with their
// own IndexedDB, a server that cannot be reached, and tasks as the server stores them.

export interface Device {
  idb: IDBFactory;
  client: ReturnType<typeof createQueryClient>;
  engine: ReturnType<typeof engineFor>;
  /** What the data layer told the user after the fact. */
  notices: Notice[];
  waiting: () => number;
  stop: () => Promise<void>;
}

const devices: Device[] = [];
afterEach(async () => {
  for (const d of devices.splice(0)) await d.stop();
});

/**
 * One browser: its own IndexedDB (pass another device's `idb` for a reload or a second tab)
 * and app, signed in as whoever the stored session names; stopped after the test.
 */
export function device(idb = new IDBFactory()): Device {
  const client = createQueryClient();
  const previous = globalThis.indexedDB;
  globalThis.indexedDB = idb;
  const engine = engineFor(client);
  globalThis.indexedDB = previous;
  const notices: Notice[] = [];
  engine.onNotice((n) => notices.push(n));
  const d: Device = {
    idb,
    client,
    engine,
    notices,
    waiting: () => engine.status().waiting.length,
    stop: () => stopEngine(client, null),
  };
  devices.push(d);
  return d;
}

/** Runs `fn` on the device's own database (what a reload would read). */
export async function onDeviceDb<T>(d: Device, fn: (db: LocalDb) => Promise<T>): Promise<T> {
  const previous = globalThis.indexedDB;
  globalThis.indexedDB = d.idb;
  const db = await openLocalDb('demo');
  globalThis.indexedDB = previous;
  try {
    return await fn(db);
  } finally {
    db.close();
  }
}

/** The server can't be reached (the network is gone, or the server is down). */
export function offline(server: SetupServer) {
  server.use(
    http.post(/\/api\//, () => HttpResponse.error()),
    http.put(/\/api\//, () => HttpResponse.error()),
    http.delete(/\/api\//, () => HttpResponse.error()),
    http.get(/\/api\//, () => HttpResponse.error()),
  );
}

/**
 * Until the returned release is called, the server takes only the writes `first` picks by
 * their body (reads pass). A device whose write failed retries by itself a second later, and
 * on a loaded machine that retry could overtake the write a test means to arrive first (CI,
 * 2026-11-26).
 */
export function firstThrough(server: SetupServer, first: (body: { title?: string }) => boolean) {
  let released = false;
  server.use(
    http.all(/\/api\//, async ({ request }) => {
      if (released || request.method === 'GET') return undefined;
      const body = (await request
        .clone()
        .json()
        .catch(() => ({}))) as { title?: string } | null;
      return first(body ?? {}) ? undefined : HttpResponse.error();
    }),
  );
  return () => {
    released = true;
  };
}

type Method = 'post' | 'put';

/**
 * The server stores each `method` request to `path` but its answer never arrives (the network
 * went on the way back); only the first `times` of them, when given. How many it stored.
 */
export function answersLost(
  server: SetupServer,
  demo: DemoServer,
  method: Method,
  path: RegExp,
  times = Number.POSITIVE_INFINITY,
): () => number {
  let stored = 0;
  server.use(
    http[method](path, async ({ request }) => {
      if (stored >= times) return undefined;
      await demo.app.fetch(request);
      stored += 1;
      return HttpResponse.error();
    }),
  );
  return () => stored;
}

/**
 * The first `method` request to `path` stays on the wire for `ms` before the server has it;
 * resolves as it leaves the device (a change made then is made while it is on its way).
 */
export function firstHeld(
  server: SetupServer,
  demo: DemoServer,
  method: Method,
  path: RegExp,
  ms = 30,
): Promise<void> {
  let first = true;
  return new Promise<void>((left) => {
    server.use(
      http[method](path, async ({ request }) => {
        if (first) {
          first = false;
          left();
          await new Promise((resolve) => setTimeout(resolve, ms));
        }
        return demo.app.fetch(request);
      }),
    );
  });
}

/** What a task dialog sends. */
export const task = (title: string) => ({
  title,
  priority: 'medium' as const,
  category: 'work' as const,
});

export const SEEDED_AT = '2026-11-20T08:00:00.000Z';

/** A task as the server stores it, made at `at`. */
export const storedTask = (id: string, title = id, at = SEEDED_AT): Task => ({
  id,
  title,
  description: '',
  priority: 'medium',
  category: 'work',
  dueDate: '',
  completed: false,
  completedAt: null,
  createdAt: at,
  updatedAt: at,
  editedAt: at,
});

/** A task made on 2026-01-01 titled `id`, with `fields` over it, stored for the demo user. */
export async function seedTaskWith(demo: DemoServer, id: string, fields: Partial<Task> = {}) {
  await demo.store.tasks.create('demo', {
    ...storedTask(id, id, '2026-01-01T00:00:00.000Z'),
    ...fields,
  });
}

/** A task stored on the server for the demo user. */
export async function seedTask(demo: DemoServer, id: string, title = id): Promise<Task> {
  const { record } = await demo.store.tasks.create('demo', storedTask(id, title));
  return record;
}
