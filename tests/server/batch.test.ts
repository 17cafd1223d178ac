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
  const post = (user: string, path: string, body: unknown) =>
    app.request(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${tokens[user]}`,
        'x-user-id': user,
      },
      body: JSON.stringify(body),
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
    // ~110k records (DESIGN §6) must upload in 30 s; 10k here leaves a wide margin for CI.
    expect(seconds).toBeLessThan(10);
  });
});
