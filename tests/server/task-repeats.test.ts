import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { openSqliteStore } from '../../server/db/sqlite-store';
import { createMemoryStore } from '../../server/memory-store';
import type { Store } from '../../server/store';
import { setUser } from '../../server/users';
import { createWebPasswordHasher } from '../../server/web-auth';
import { occurrenceId } from '../../src/domain/recurrence';
import { noRepeat } from '../fixtures/records';

// Issue 36's task fields through the API, over both stores: old payloads store a plain task,
// the new fields round-trip, and an occurrence posted twice (two devices) is kept once.

const hasher = createWebPasswordHasher({ iterations: 1000 });
const dir = mkdtempSync(join(tmpdir(), 'pms-task-repeats-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileNo = 0;

const stores: [string, () => Store][] = [
  ['memory', () => createMemoryStore()],
  ['sqlite', () => openSqliteStore(join(dir, `t-${++fileNo}.sqlite`))],
];

async function setup(store: Store) {
  const app = createApp({ store, auth: hasher, loginRefusalDelayMs: 0 });
  await setUser(store, hasher, { username: 'alice', password: 'alice-pass', displayName: 'A' });
  const request = (path: string, init: RequestInit = {}) =>
    app.fetch(new Request(`http://localhost${path}`, init));
  const login = await request('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'alice', password: 'alice-pass' }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = {
    authorization: `Bearer ${token}`,
    'x-user-id': 'alice',
    'content-type': 'application/json',
  };
  return {
    post: (body: unknown) =>
      request('/api/tasks', { method: 'POST', headers, body: JSON.stringify(body) }),
    list: async () => (await (await request('/api/tasks', { headers })).json()) as unknown[],
  };
}

describe.each(stores)('tasks with repeats over the %s store', (_, open) => {
  it('a POST without the new fields stores a plain task', async () => {
    const { post } = await setup(open());
    const res = await post({ title: '交房租', dueDate: '2026-12-01' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ title: '交房租', ...noRepeat() });
  });

  it('stores and lists the new fields as sent', async () => {
    const { post, list } = await setup(open());
    const body = {
      id: 'series-1',
      title: '倒垃圾',
      dueDate: '2026-12-07',
      dueTime: '20:30',
      repeat: 'FREQ=WEEKLY;BYDAY=MO;COUNT=10',
      repeatFrom: 'completion',
      seriesId: 'series-1',
      subtasks: [
        { id: 'a', title: '厨余', done: true },
        { id: 'b', title: '可回收', done: false },
      ],
      reminders: [30, 0],
    };
    expect((await post(body)).status).toBe(201);
    const [stored] = await list();
    expect(stored).toMatchObject({ ...body, reminders: [0, 30] });
  });

  it('refuses a rule it cannot repeat by, with a Chinese message', async () => {
    const { post, list } = await setup(open());
    const res = await post({ title: '每小时', repeat: 'FREQ=HOURLY' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('重复规则无效');
    expect(await list()).toEqual([]);
  });

  it('keeps one record when two devices post the same next occurrence', async () => {
    const { post, list } = await setup(open());
    const id = occurrenceId('series-1', '2026-12-14');
    const occurrence = {
      id,
      title: '倒垃圾',
      dueDate: '2026-12-14',
      repeat: 'FREQ=WEEKLY;BYDAY=MO',
      seriesId: 'series-1',
    };
    expect((await post(occurrence)).status).toBe(201);
    const again = await post({ ...occurrence, title: '另一台设备' });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ id, title: '倒垃圾' });
    const all = await list();
    expect(all).toHaveLength(1);
  });
});
