import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../server/db/sqlite-store';
import { createMemoryStore } from '../../server/memory-store';
import type { Store } from '../../server/store';
import { setUser } from '../../server/users';
import { createWebPasswordHasher } from '../../server/web-auth';
import { clockedApp } from './clocked-app';

// 标签 (issue 63) through the API, over both stores: written with a record, read back by list,
// get and delta, checked as the schemas say, and absent (none) on a write from before tags.

const hasher = createWebPasswordHasher({ iterations: 1000 });
const dir = mkdtempSync(join(tmpdir(), 'pms-tags-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const stores: [string, () => Store][] = [
  ['memory', createMemoryStore],
  ['sqlite', () => openSqliteStore(join(dir, `tags-${Math.random()}.sqlite`))],
];

const BODIES = {
  '/api/accounts': { type: 'expense', amount: 12.5, category: 'dining', date: '2024-03-01' },
  '/api/tasks': { title: '订机票' },
  '/api/workouts': { type: 'hiking', duration: 90, date: '2024-03-01' },
  '/api/time-records': { task: '查攻略', category: 'study', duration: 1800, date: '2024-03-01' },
} as const;

async function signedIn(store: Store) {
  const { app } = clockedApp(store, hasher);
  await setUser(store, hasher, {
    username: 'alice',
    password: 'alice-pass',
    displayName: '爱丽丝',
  });
  const request = (path: string, init: RequestInit = {}) =>
    app.fetch(new Request(`http://localhost${path}`, init));
  const login = await request('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-test-ip': '127.0.0.1' },
    body: JSON.stringify({ username: 'alice', password: 'alice-pass' }),
  });
  const { token } = (await login.json()) as { token: string };
  return (path: string, method = 'GET', body?: unknown) =>
    request(path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'x-user-id': 'alice',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
}

describe.each(stores)('tags over the %s store', (_name, open) => {
  it.each(Object.entries(BODIES))('%s keeps tags, trimmed and once each', async (path, body) => {
    const call = await signedIn(open());
    const res = await call(path, 'POST', { ...body, tags: [' 旅行 ', '#成都', '旅行'] });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: string; tags: string[] };
    expect(created.tags).toEqual(['旅行', '成都']);
    expect(await (await call(`${path}/${created.id}`)).json()).toMatchObject({
      tags: ['旅行', '成都'],
    });
    const list = (await (await call(path)).json()) as { tags: string[] }[];
    expect(list.map((r) => r.tags)).toEqual([['旅行', '成都']]);
    // Renamed as 标签 → 重命名 does: an ordinary replacement.
    const put = await call(`${path}/${created.id}`, 'PUT', { ...body, tags: ['出差'] });
    expect(((await put.json()) as { tags: string[] }).tags).toEqual(['出差']);
  });

  it.each(Object.entries(BODIES))(
    '%s without tags (a client from before them) has none',
    async (path, body) => {
      const call = await signedIn(open());
      const created = (await (await call(path, 'POST', body)).json()) as { tags: string[] };
      expect(created.tags).toEqual([]);
    },
  );

  it.each([
    [['有 空格'], '标签不能包含空格或 #'],
    [['a#b'], '标签不能包含空格或 #'],
    [['一二三四五六七八九十一二三四五六七八九十一'], '标签最多 20 个字'],
    [['   '], '标签不能为空'],
    [Array.from({ length: 11 }, (_, i) => `t${i}`), '标签最多 10 个'],
  ])('refuses %j with 「%s」', async (tags, message) => {
    const call = await signedIn(open());
    const res = await call('/api/accounts', 'POST', { ...BODIES['/api/accounts'], tags });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(message);
  });
});
