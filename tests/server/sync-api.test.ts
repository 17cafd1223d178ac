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
import { fromColumns } from '../../src/domain/columns';

// The HTTP side of the "Local-first" and "Conflicts" decisions (docs/architecture.md): lists by delta (?since=),
// updates that name their base (If-Match) and the dashboard's sums (GET /api/summary).

const hasher = createWebPasswordHasher({ iterations: 1000 });
const dir = mkdtempSync(join(tmpdir(), 'pms-sync-api-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileNo = 0;

const stores: [string, () => Store][] = [
  ['memory', createMemoryStore],
  ['sqlite', () => openSqliteStore(join(dir, `sync-${++fileNo}.sqlite`))],
];

async function setup(store: Store) {
  let time = Date.parse('2026-11-22T08:00:00.000Z');
  const app = createApp({ store, auth: hasher, now: () => new Date(time) });
  const tokens: Record<string, string> = {};
  for (const username of ['alice', 'bob']) {
    await setUser(store, hasher, { username, password: `${username}-pass`, displayName: username });
    const res = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: `${username}-pass` }),
    });
    tokens[username] = ((await res.json()) as { token: string }).token;
  }
  const call = (user: string, method: string, path: string, body?: unknown, headers = {}) =>
    app.request(path, {
      method,
      headers: {
        authorization: `Bearer ${tokens[user]}`,
        'x-user-id': user,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    call,
    json: async (user: string, method: string, path: string, body?: unknown, headers = {}) => {
      const res = await call(user, method, path, body, headers);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    advance: (ms: number) => {
      time += ms;
    },
  };
}

const task = (title: string, extra = {}) => ({ title, priority: 'high', ...extra });

describe.each(stores)('%s store behind the API', (_name, open) => {
  it('GET ?since= sends changes, deletions and a cursor; without it, the plain list', async () => {
    const { call, json } = await setup(open());
    await call('alice', 'POST', '/api/tasks', task('一', { id: 't1' }));
    await call('alice', 'POST', '/api/tasks', task('二', { id: 't2' }));
    const full = await json('alice', 'GET', '/api/tasks?since=0');
    expect((full.body.records as { id: string }[]).map((r) => r.id)).toEqual(['t1', 't2']);
    expect(full.body.deleted).toEqual([]);
    const cursor = full.body.cursor as number;

    await call('alice', 'PUT', '/api/tasks/t1', task('一改'));
    await call('alice', 'DELETE', '/api/tasks/t2');
    const delta = await json('alice', 'GET', `/api/tasks?since=${cursor}`);
    expect(delta.body).toMatchObject({ records: [{ id: 't1', title: '一改' }], deleted: ['t2'] });
    expect(delta.body.cursor).toBeGreaterThan(cursor);

    const plain = await (await call('alice', 'GET', '/api/tasks')).json();
    expect(plain).toMatchObject([{ id: 't1', title: '一改' }]);
    // Another user's delta is empty: nothing of alice's travels to bob.
    expect((await json('bob', 'GET', `/api/tasks?since=${cursor}`)).body).toMatchObject({
      records: [],
      deleted: [],
    });
    expect((await call('alice', 'GET', '/api/tasks?since=-1')).status).toBe(400);
    expect((await call('alice', 'GET', '/api/tasks?since=abc')).status).toBe(400);
  });

  it('GET ?since=0&limit= pages a full download; malformed page params are 400', async () => {
    const { call, json } = await setup(open());
    const ids = Array.from({ length: 25 }, (_, i) => `t${String((i * 7) % 25).padStart(2, '0')}`);
    await call('alice', 'POST', '/api/tasks/batch', { records: ids.map((id) => task(id, { id })) });
    await call('alice', 'POST', '/api/tasks', task('后', { id: 'a-late' }));
    await call('bob', 'POST', '/api/tasks', task('他的', { id: 'bobs' }));
    const got: string[] = [];
    let path = '/api/tasks?since=0&limit=10';
    let cursor: number | undefined;
    for (let pages = 1; ; pages++) {
      const { status, body } = await json('alice', 'GET', path);
      expect(status).toBe(200);
      expect(body.deleted).toEqual([]);
      cursor ??= body.cursor as number;
      expect(body.cursor).toBe(cursor);
      got.push(...(body.records as { id: string }[]).map((r) => r.id));
      if (body.more === false) {
        expect(pages).toBe(3);
        break;
      }
      expect(body.more).toBe(true);
      path = `/api/tasks?since=0&limit=10&after=${encodeURIComponent(body.after as string)}&upto=${cursor}`;
    }
    expect(got.sort()).toEqual([...ids, 'a-late'].sort());
    // Without limit, the whole list in one answer, as before paging.
    const whole = await json('alice', 'GET', '/api/tasks?since=0');
    expect(whole.body).not.toHaveProperty('more');
    expect(whole.body.records).toHaveLength(26);

    for (const query of [
      'since=0&limit=0',
      'since=0&limit=5001',
      'since=0&limit=x',
      'since=0&limit=-1',
      'since=0&after=1.a&upto=3',
      'since=0&upto=3',
      'limit=10',
      'since=0&limit=10&after=1.a',
      'since=0&limit=10&after=x&upto=3',
      'since=0&limit=10&after=1.a&upto=0',
      'since=0&limit=10&after=1.a&upto=abc',
    ]) {
      const res = await json('alice', 'GET', `/api/tasks?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toMatch(/limit|after|upto/);
    }
    expect((await call('alice', 'GET', '/api/tasks?since=0&limit=5000')).status).toBe(200);
  });

  // shape=columns: the SQLite store answers with columns, a store without its own text (the
  // demo's memory store) with records; a client reads either, and gets the same records.
  it('GET ?since=…&shape=columns|packed: the same records, in columns where the store builds them', async () => {
    const { call, json } = await setup(open());
    await call('alice', 'POST', '/api/tasks/batch', {
      records: ['t1', 't2', 't3'].map((id) => task(id, { id, completed: id === 't2' })),
    });
    await call('bob', 'POST', '/api/tasks', task('他的', { id: 'bobs' }));
    const read = (body: Record<string, unknown>) =>
      body.columns === undefined ? body.records : fromColumns(body.columns);
    const rows = await json('alice', 'GET', '/api/tasks?since=0&limit=2');
    const columns = await json('alice', 'GET', '/api/tasks?since=0&limit=2&shape=columns');
    expect(columns.status).toBe(200);
    if (_name === 'sqlite') expect(columns.body).not.toHaveProperty('records');
    const { records, ...rest } = rows.body;
    expect({ ...columns.body, records: read(columns.body) }).toMatchObject({ ...rest, records });
    expect(read(columns.body)).toHaveLength(2);
    // shape=packed: the same columns packed (src/domain/columns.ts), the same records again.
    const packed = await json('alice', 'GET', '/api/tasks?since=0&limit=2&shape=packed');
    expect(packed.status).toBe(200);
    expect({ ...packed.body, records: read(packed.body) }).toMatchObject({ ...rest, records });
    if (_name === 'sqlite') expect(packed.body.columns).toHaveProperty('updatedAt.ms');

    const { cursor } = (await json('alice', 'GET', '/api/tasks?since=0')).body;
    await call('alice', 'DELETE', '/api/tasks/t1');
    await call('alice', 'PUT', '/api/tasks/t3', task('三改'));
    const delta = await json('alice', 'GET', `/api/tasks?since=${cursor}&shape=columns`);
    expect(delta.body.deleted).toEqual(['t1']);
    expect(read(delta.body)).toMatchObject([{ id: 't3', title: '三改' }]);
    const bobs = await json('bob', 'GET', `/api/tasks?since=${cursor}&shape=columns`);
    expect(read(bobs.body)).toEqual([]);
    expect(bobs.body.deleted).toEqual([]);

    // A delta packed reads back to the same records.
    const packedDelta = await json('alice', 'GET', `/api/tasks?since=${cursor}&shape=packed`);
    expect(packedDelta.body.deleted).toEqual(['t1']);
    expect(read(packedDelta.body)).toEqual(read(delta.body));

    for (const query of ['since=0&shape=rows', 'since=0&shape=', 'shape=columns', 'shape=packed']) {
      const res = await json('alice', 'GET', `/api/tasks?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toMatch(/^shape: /);
    }
  });

  it('stamps updatedAt (only ever growing) and keeps the editor’s editedAt', async () => {
    const { json, advance } = await setup(open());
    const created = await json('alice', 'POST', '/api/tasks', task('一', { id: 't1' }));
    expect(created.body).toMatchObject({
      updatedAt: '2026-11-22T08:00:00.000Z',
      editedAt: '2026-11-22T08:00:00.000Z',
    });
    // Two writes in the same millisecond still get two versions.
    const again = await json('alice', 'PUT', '/api/tasks/t1', {
      ...task('二'),
      editedAt: '2026-11-21T23:00:00.000Z',
    });
    expect(again.body).toMatchObject({
      updatedAt: '2026-11-22T08:00:00.001Z',
      editedAt: '2026-11-21T23:00:00.000Z',
    });
    advance(60_000);
    const later = await json('alice', 'PUT', '/api/tasks/t1', task('三'));
    expect(later.body.updatedAt).toBe('2026-11-22T08:01:00.000Z');
  });

  it('a PUT from a stale base gets 409 with the current record and changes nothing', async () => {
    const { json } = await setup(open());
    const created = await json('alice', 'POST', '/api/tasks', task('原', { id: 't1' }));
    const base = created.body.updatedAt as string;

    const first = await json('alice', 'PUT', '/api/tasks/t1', task('甲'), {
      'if-match': `"${base}"`,
    });
    expect(first.status).toBe(200);
    const stale = await json('alice', 'PUT', '/api/tasks/t1', task('乙'), {
      'if-match': `"${base}"`,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      error: '记录已在另一台设备上修改',
      current: { id: 't1', title: '甲', updatedAt: first.body.updatedAt },
    });
    // From the current base it goes through.
    const retried = await json('alice', 'PUT', '/api/tasks/t1', task('乙'), {
      'if-match': `"${first.body.updatedAt}"`,
    });
    expect(retried.status).toBe(200);
    expect(retried.body.title).toBe('乙');
  });

  it('a create sent again (?retry=1) of a record deleted since gets 410; a plain one brings it back', async () => {
    const { call, json } = await setup(open());
    await call('alice', 'POST', '/api/tasks', task('原', { id: 't1' }));
    await call('alice', 'DELETE', '/api/tasks/t1');
    const again = await json('alice', 'POST', '/api/tasks?retry=1', task('原', { id: 't1' }));
    expect(again).toEqual({ status: 410, body: { error: '记录已在另一台设备上删除' } });
    expect((await json('alice', 'GET', '/api/tasks/t1')).status).toBe(404);
    // Another user's tombstone of the same id is not alice's, nor is an id never deleted.
    await call('bob', 'POST', '/api/tasks', task('乙', { id: 't2' }));
    await call('bob', 'DELETE', '/api/tasks/t2');
    expect(
      (await call('alice', 'POST', '/api/tasks?retry=1', task('二', { id: 't2' }))).status,
    ).toBe(201);
    expect(
      (await call('alice', 'POST', '/api/tasks?retry=1', task('二', { id: 't2' }))).status,
    ).toBe(200);
    // In a batch, per record: the deleted one is said, the others are taken.
    const batch = await json('alice', 'POST', '/api/tasks/batch?retry=1', {
      records: [task('原', { id: 't1' }), task('三', { id: 't3' })],
    });
    expect(batch.body.results).toEqual([
      { id: 't1', status: 'deleted' },
      { id: 't3', status: 'created' },
    ]);
    expect((await json('alice', 'GET', '/api/tasks/t1')).status).toBe(404);
    // Without ?retry=1 (a kept edit applied again, an export imported) it comes back.
    const plain = await json('alice', 'POST', '/api/tasks', task('原', { id: 't1' }));
    expect(plain.status).toBe(201);
    expect((await json('alice', 'GET', '/api/tasks/t1')).body.title).toBe('原');
  });

  it('GET /api/summary gives the dashboard’s sums for the caller’s day, and only theirs', async () => {
    const { call, json } = await setup(open());
    const post = (user: string, path: string, body: unknown) => call(user, 'POST', path, body);
    await post('alice', '/api/accounts', {
      type: 'income',
      amount: 8000,
      category: 'salary',
      date: '2026-11-01',
    });
    await post('alice', '/api/accounts', {
      type: 'expense',
      amount: 35.5,
      category: 'dining',
      date: '2026-11-22',
    });
    await post('alice', '/api/accounts', {
      type: 'expense',
      amount: 0.1,
      category: 'dining',
      date: '2026-11-22',
    });
    await post('alice', '/api/workouts', { type: 'running', duration: 30, date: '2026-11-22' });
    await post(
      'alice',
      '/api/tasks',
      task('a', { completed: true, completedAt: '2026-11-22T07:00:00.000Z' }),
    );
    await post('alice', '/api/tasks', task('b'));
    for (const [category, duration, date] of [
      ['work', 1800, '2026-11-22'],
      ['work', 1200, '2026-11-22'],
      ['reading', 600, '2026-11-22'],
      ['work', 9999, '2026-11-21'],
    ] as const) {
      await post('alice', '/api/time-records', { task: 'x', category, duration, date });
    }
    await post('alice', '/api/assets', {
      id: 'cash',
      type: 'asset',
      name: '现金',
      category: 'cash',
      amount: 100,
      date: '2026-11-01',
    });
    await post('alice', '/api/assets', {
      id: 'cash2',
      type: 'asset',
      name: '现金',
      category: 'cash',
      amount: 250,
      date: '2026-11-01',
      version: 2,
      originalId: 'cash',
      previousVersionId: 'cash',
    });
    await post('alice', '/api/assets', {
      type: 'liability',
      name: '房贷',
      category: 'mortgage',
      amount: 50,
      date: '2026-11-01',
    });
    await post('bob', '/api/accounts', {
      type: 'expense',
      amount: 999,
      category: 'dining',
      date: '2026-11-22',
    });

    const summary = await json('alice', 'GET', '/api/summary?today=2026-11-22');
    expect(summary.body).toEqual({
      incomeCents: 800_000,
      expenseCents: 3560,
      todayIncomeCents: 0,
      todayExpenseCents: 3560,
      todayWorkouts: 1,
      tasksTotal: 2,
      tasksCompleted: 1,
      focusSecondsToday: { work: 3000, reading: 600 },
      assetsCents: 25_000,
      liabilitiesCents: 5000,
    });
    expect((await call('alice', 'GET', '/api/summary?today=2026-13-01')).status).toBe(400);
    expect((await call('alice', 'GET', '/api/summary')).status).toBe(400);
  });
});

describe('a DELETE that names its base', () => {
  it('gets 409 when the record changed since, and goes through from the current version', async () => {
    const { json, call } = await setup(createMemoryStore());
    const created = await json('alice', 'POST', '/api/tasks', task('原', { id: 't1' }));
    const edited = await json('alice', 'PUT', '/api/tasks/t1', task('改'));
    const stale = await call('alice', 'DELETE', '/api/tasks/t1', undefined, {
      'if-match': `"${created.body.updatedAt}"`,
    });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { current: { title: string } }).current.title).toBe('改');
    const fresh = await call('alice', 'DELETE', '/api/tasks/t1', undefined, {
      'if-match': `"${edited.body.updatedAt}"`,
    });
    expect(fresh.status).toBe(204);
  });
});
