import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { type Location, MemoryRouter, useLocation } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import type { DemoServer } from '../../mocks/demo-server';
import { createTestServer } from '../../mocks/node';
import { stopEngine } from '../../src/api/engine';
import { openLocalDb } from '../../src/api/engine/local-db';
import { saveSession } from '../../src/api/session';
import { AppProviders } from '../../src/app/App';
import { createAppClients, createQueryClient } from '../../src/app/query-client';
import { AppRoutes } from '../../src/app/router';
import type { ResourceName } from '../../src/domain/resources';
import { habit } from '../fixtures/records';

/** The memory store's loader (server/memory-store.ts): what it is given replaces its own. */
interface Forgetful {
  load(data: { records: object; deleted: Record<string, object> }): void;
}

/**
 * The real app behind msw for one test file (mocks/node.ts): listening while the file runs,
 * its handlers reset after each test, and the `clear` kinds emptied for the demo user so that
 * every test starts from the records it seeds itself.
 */
export async function testServer({ today, clear = [] }: { today: string; clear?: ResourceName[] }) {
  const { server, ...demo } = await createTestServer({ today, seed: false });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(async () => {
    server.resetHandlers();
    for (const name of clear) {
      const store = demo.store[name];
      for (const record of await store.list('demo')) await store.remove('demo', record.id);
      // Without their tombstones, as on a new server: tests use the same ids over again (a
      // device's are random), and a create sent again of a deleted id is refused.
      (store as unknown as Forgetful).load({ records: {}, deleted: { demo: {} } });
    }
  });
  afterAll(() => server.close());
  return { server, demo };
}

/** Signs `username` in against the app itself and stores the session as the login screen would. */
export async function signIn(demo: DemoServer, username = 'demo', password = 'demo1234') {
  const res = await demo.app.request('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  const body = (await res.json()) as {
    token: string;
    user: { username: string; displayName: string };
  };
  saveSession(body);
  return body;
}

/** The app's own provider tree around `children`, with fresh clients unless some are given. */
export function Providers({
  children,
  clients = createAppClients(),
}: {
  children: ReactNode;
  clients?: ReturnType<typeof createAppClients>;
}) {
  return <AppProviders clients={clients}>{children}</AppProviders>;
}

function LocationProbe({ onChange }: { onChange: (location: Location) => void }) {
  onChange(useLocation());
  return null;
}

// Each rendered app's data layer is stopped after its test, so that no engine of an earlier
// test replays or retries into a later one.
const rendered: ReturnType<typeof createAppClients>[] = [];
afterEach(async () => {
  for (const clients of rendered.splice(0)) await stopEngine(clients.queryClient, null);
});

const hookClients: QueryClient[] = [];
afterEach(async () => {
  for (const client of hookClients.splice(0)) await stopEngine(client, null);
});

/**
 * A fresh query client for a hook test, as the app makes it (one MutationCache handler that
 * reports each failure's docs/spec.md §8 message: `report` is what would be toasted), with `wrapper`
 * for renderHook; its data layer is stopped after the test.
 */
export function hookClient() {
  const report = vi.fn<(message: string) => void>();
  const client = createQueryClient(report);
  hookClients.push(client);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, report, wrapper };
}

/** The whole app at `path` in a memory router; `router.state.location` is where it is now. */
export function renderApp(path: string) {
  const clients = createAppClients();
  rendered.push(clients);
  const router = { state: { location: undefined as unknown as Location } };
  const view = render(
    <Providers clients={clients}>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe
          onChange={(location) => {
            router.state.location = location;
          }}
        />
        <Suspense fallback={null}>
          <AppRoutes />
        </Suspense>
      </MemoryRouter>
    </Providers>,
  );
  return { ...view, router, queryClient: clients.queryClient };
}

/**
 * A copy of `kind` already on the device, as a previous visit would have left it: current to
 * change number `cursor` (1 is before anything the test's server stores).
 */
export async function seedDeviceCopy(
  kind: ResourceName,
  records: readonly unknown[],
  {
    username = 'demo',
    cursor = 1,
    shape,
  }: { username?: string; cursor?: number; shape?: string } = {},
) {
  const db = await openLocalDb(username);
  await db.put('lists', { kind, cursor, json: JSON.stringify(records), shape });
  db.close();
}

/**
 * Records which stored lists are read back from IndexedDB (each read deserialises a whole
 * list, the cost the engine avoids where it can) until `restore` is called.
 */
export function watchListReads() {
  const reads: unknown[] = [];
  const get = IDBObjectStore.prototype.get;
  IDBObjectStore.prototype.get = function (this: IDBObjectStore, key: IDBValidKey) {
    if (this.name === 'lists') reads.push(key);
    return get.call(this, key);
  };
  const restore = () => {
    IDBObjectStore.prototype.get = get;
  };
  return { reads, restore };
}

/** Records which lists are stored to IndexedDB (each write serialises a whole list). */
export function watchListWrites() {
  const writes: string[] = [];
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (
    this: IDBObjectStore,
    value: unknown,
    key?: IDBValidKey,
  ) {
    if (this.name === 'lists') writes.push((value as { kind: string }).kind);
    return put.call(this, value, key);
  };
  const restore = () => {
    IDBObjectStore.prototype.put = put;
  };
  return { writes, restore };
}

/** A daily habit (打卡任务) called `id`, stored on the server for the demo user. */
export async function seedHabit(demo: DemoServer, id: string) {
  const { record } = await demo.store.checkinTasks.create('demo', habit({ id, name: id }));
  return record;
}

/**
 * An IntersectionObserver that reports every observed element in view at once, for a test of
 * rows that draw only near the viewport (WhenNear): happy-dom's never reports one.
 */
export function everythingInView() {
  class InView {
    constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
    observe() {
      queueMicrotask(() => this.callback([{ isIntersecting: true }]));
    }
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', InView);
  return () => {
    vi.unstubAllGlobals();
  };
}
