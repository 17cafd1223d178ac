import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app';
import { openSqliteStore } from '../../server/db/sqlite-store';
import { createMemoryStore } from '../../server/memory-store';
import type { Store } from '../../server/store';
import { setUser } from '../../server/users';
import { createWebPasswordHasher } from '../../server/web-auth';
import { MAX_BATCH } from '../../src/domain/resources';

const dir = mkdtempSync(join(tmpdir(), 'pms-batch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const hasher = createWebPasswordHasher({ iterations: 1000 });

const stores: [string, () => Store][] = [
  ['memory', createMemoryStore],
  ['sqlite', () => openSqliteStore(join(dir, `${Math.random().toString(36).slice(2)}.sqlite`))],
];

async function setup(makeStore: () => Store) {
  const store = makeStore();
  const app = createApp({ store, auth: hasher });
  const tokens: Record<string, string> = {};
  for (const username of ['alice', 'bob']) {
    await setUser(store, hasher, {
      username,
      password: `${username}-password`,
      displayName: username,
    });
    const res = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: `${username}-password` }),
    });
    tokens[username] = ((await res.json()) as { token: string }).token;
  }
  const post = (user: string, path: string, body: unknown, method = 'POST') =>
    app.request(path, {
      method,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${tokens[user]}`,
        'x-user-id': user,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  return { store, post };
}

const expense = (id: string, amount: unknown = 12.5) => ({
  id,
  type: 'expense',
  amount,
  category: 'dining',
  description: '',
  date: '2026-11-21',
});

describe.each(stores)('POST /api/<resource>/batch (%s store)', (_name, makeStore) => {
  it('creates each valid record, reports each bad one, and repeats harmlessly', async () => {
    const { store, post } = await setup(makeStore);
    const res = await post('alice', '/api/accounts/batch', {
      records: [expense('a1'), expense('a2', -3), expense('a3', '12.5'), expense('a4')],
    });
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as {
      results: { id?: string; status: string; error?: string }[];
    };
    expect(results.map((r) => r.status)).toEqual(['created', 'invalid', 'invalid', 'created']);
    expect(results[1]!.error).toBe('amount: 金额必须大于 0');
    expect(results[2]!.error).toMatch(/^amount: /);
    expect((await store.accounts.list('alice')).map((a) => a.id)).toEqual(['a1', 'a4']);

    const again = await post('alice', '/api/accounts/batch', {
      records: [expense('a1'), expense('a4')],
    });
    const second = (await again.json()) as { results: { status: string }[] };
    expect(second.results.map((r) => r.status)).toEqual(['existing', 'existing']);
    expect(await store.accounts.list('alice')).toHaveLength(2);
    expect(await store.accounts.list('bob')).toHaveLength(0);
  });

  it('refuses check-in records whose task the caller does not have', async () => {
    const { store, post } = await setup(makeStore);
    await post('bob', '/api/checkin-tasks', { id: 'h1', name: '早起' });
    await post('alice', '/api/checkin-tasks', { id: 'mine', name: '阅读' });
    const res = await post('alice', '/api/checkin-records/batch', {
      records: [
        { id: 'r1', taskId: 'mine', date: '2026-11-20' },
        { id: 'r2', taskId: 'h1', date: '2026-11-20' },
      ],
    });
    const { results } = (await res.json()) as { results: { status: string; error?: string }[] };
    expect(results).toEqual([
      { id: 'r1', status: 'created' },
      { id: 'r2', status: 'invalid', error: '打卡任务不存在' },
    ]);
    expect(await store.checkinRecords.list('bob')).toHaveLength(0);
  });

  it('refuses a history snapshot nested 100 000 levels deep, and the others still land', async () => {
    const { store, post } = await setup(makeStore);
    const snapshot = {
      id: 'a1',
      type: 'asset',
      name: '招行',
      category: 'bank_deposit',
      amount: 1,
      date: '2026-11-01',
    };
    const entry = (id: string, newData: unknown) => ({
      id,
      assetId: 'a1',
      assetName: '招行',
      action: 'create',
      oldData: null,
      newData,
      timestamp: '2026-11-21T08:00:00.000Z',
    });
    // Built as text: JSON.stringify of the value itself would overflow this test's own stack.
    const deep = `${'{"x":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    const body = `{"records":[${JSON.stringify(entry('h1', snapshot))},${JSON.stringify(
      entry('h2', null),
    ).replace(
      '"newData":null',
      `"newData":${deep}`,
    )},${JSON.stringify(entry('h3', { ...snapshot, extra: { nested: [[[1]]] } }))}]}`;
    const res = await post('alice', '/api/assets/history/batch', body);
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as { results: { status: string; error?: string }[] };
    expect(results.map((r) => r.status)).toEqual(['created', 'invalid', 'created']);
    expect(results[1]!.error).toMatch(/^newData\./);
    const listed = await store.assetHistory.list('alice');
    expect(listed.map((h) => h.id)).toEqual(['h1', 'h3']);
    // Only the snapshot's own fields are kept: what is stored is flat, whatever was sent.
    expect(Object.keys(listed[1]!.newData!).sort()).toEqual(
      [
        'amount',
        'category',
        'date',
        'description',
        'effectiveDate',
        'id',
        'name',
        'originalId',
        'previousVersionId',
        'type',
        'version',
      ].sort(),
    );
  });

  it('stores the good records when the store refuses one, and reports that one', async () => {
    const { store, post } = await setup(makeStore);
    const create = store.accounts.create.bind(store.accounts);
    store.accounts.createMany = () =>
      Promise.reject(new RangeError('something only the store sees'));
    store.accounts.create = (userId, record) =>
      record.id === 'a2' ? Promise.reject(new RangeError('no')) : create(userId, record);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await post('alice', '/api/accounts/batch', {
      records: [expense('a1'), expense('a2'), expense('a3')],
    });
    errors.mockRestore();
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as { results: unknown[] };
    expect(results).toEqual([
      { id: 'a1', status: 'created' },
      { id: 'a2', status: 'invalid', error: '无法保存这条记录' },
      { id: 'a3', status: 'created' },
    ]);
    expect((await store.accounts.list('alice')).map((a) => a.id)).toEqual(['a1', 'a3']);
  });

  it('links asset versions only to a chain of the caller’s own', async () => {
    const { store, post } = await setup(makeStore);
    const asset = (
      id: string,
      version: number,
      originalId: string | null,
      previousVersionId: string | null,
    ) => ({
      id,
      type: 'asset',
      name: '招行',
      category: 'bank_deposit',
      amount: 1000 + version,
      date: '2026-11-01',
      version,
      originalId,
      previousVersionId,
    });
    expect((await post('bob', '/api/assets', asset('b1', 1, null, null))).status).toBe(201);
    expect((await post('alice', '/api/assets', asset('a1', 1, null, null))).status).toBe(201);
    const res = await post('alice', '/api/assets/batch', {
      records: [
        asset('a2', 2, 'a1', 'a1'),
        asset('x1', 2, 'b1', 'b1'),
        asset('x2', 1, 'a1', null),
        asset('x3', 3, 'a1', 'nowhere'),
        asset('x4', 2, 'a2', 'a2'),
        asset('x5', 2, 'x5', null),
      ],
    });
    const { results } = (await res.json()) as { results: { status: string; error?: string }[] };
    expect(results.map((r) => r.error ?? r.status)).toEqual([
      'created',
      'originalId: 所指的资产不存在',
      'originalId: 第 1 版不能指向其他版本',
      'previousVersionId: 所指的上一版本不存在',
      'originalId: 所指的资产不存在',
      'originalId: 不能指向自身',
    ]);
    expect((await store.assets.list('alice')).map((a) => a.id)).toEqual(['a1', 'a2']);
    // A PUT cannot graft a version onto another user's chain either.
    const put = await post('alice', '/api/assets/a2', asset('a2', 2, 'a1', 'b1'), 'PUT');
    expect(put.status).toBe(400);
    expect(await put.json()).toEqual({ error: 'previousVersionId: 所指的上一版本不存在' });
    expect((await store.assets.get('alice', 'a2'))?.previousVersionId).toBe('a1');
    // Nor link a version to itself when the id is in the path only.
    const { id: _, ...unnamed } = asset('a2', 2, 'a1', 'a2');
    const self = await post('alice', '/api/assets/a2', unnamed, 'PUT');
    expect(self.status).toBe(400);
    expect(await self.json()).toEqual({ error: 'previousVersionId: 不能指向自身' });
    expect((await store.assets.get('alice', 'a2'))?.previousVersionId).toBe('a1');
  });

  it('refuses a batch that is not an array or is too large, storing nothing', async () => {
    const { store, post } = await setup(makeStore);
    expect((await post('alice', '/api/workouts/batch', { records: 'x' })).status).toBe(400);
    const tooMany = Array.from({ length: MAX_BATCH + 1 }, (_, i) => expense(`x${i}`));
    const res = await post('alice', '/api/accounts/batch', { records: tooMany });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(
      `records: 一次最多上传 ${MAX_BATCH} 条记录`,
    );
    expect(await store.accounts.list('alice')).toHaveLength(0);
  });
});

describe('batch upload speed on SQLite', () => {
  it('stores 10 000 records in batches of 500 within a few seconds', async () => {
    const { store, post } = await setup(stores[1]![1]);
    const started = performance.now();
    for (let b = 0; b < 20; b++) {
      const records = Array.from({ length: MAX_BATCH }, (_, i) =>
        expense(`b${b}-${i}`, (i % 997) + 0.5),
      );
      expect((await post('alice', '/api/accounts/batch', { records })).status).toBe(200);
    }
    const seconds = (performance.now() - started) / 1000;
    expect(await store.accounts.list('alice')).toHaveLength(10_000);
    // ~110k records (docs/spec.md "Budgets") must upload in 30 s; 10k here leaves a wide margin for CI.
    expect(seconds).toBeLessThan(10);
  });
});
