import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetVersion } from '../fixtures/records';
import { client, login, type RunningServer, startServer } from './server-process';

// The HTTP contract of docs/spec.md §7 "Server contract" against a really started server (one for this file).

const scratch = mkdtempSync(join(tmpdir(), 'pms-http-'));
const USERS = [
  { username: 'alice', password: 'alice-password', displayName: '爱丽丝' },
  { username: 'bob', password: 'bob-password', displayName: '鲍勃' },
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let server: RunningServer;
let alice: ReturnType<typeof client>;
let bob: ReturnType<typeof client>;
let aliceToken: string;

beforeAll(async () => {
  const staticDir = join(scratch, 'dist');
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>个人管理系统</title>');
  writeFileSync(join(staticDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  server = await startServer({
    DATA_DIR: join(scratch, 'data'),
    PM_STATIC_DIR: staticDir,
    PM_USERS: JSON.stringify(USERS),
  });
  const a = await login(server.url, 'alice', 'alice-password');
  const b = await login(server.url, 'bob', 'bob-password');
  aliceToken = a.body.token;
  alice = client(server.url, 'alice', a.body.token);
  bob = client(server.url, 'bob', b.body.token);
  // Check-in records need a task of their own user.
  for (const [api, user] of [
    [alice, 'alice'],
    [bob, 'bob'],
  ] as const) {
    const res = await api('/api/checkin-tasks', {
      method: 'POST',
      body: { id: `task-${user}`, name: '早起' },
    });
    expect(res.status).toBe(201);
  }
});

afterAll(async () => {
  expect(await server?.stop()).toBe(0);
  rmSync(scratch, { recursive: true, force: true });
});

let day = 0;
const nextDate = () => {
  day++;
  return `2024-${String(1 + Math.floor(day / 28)).padStart(2, '0')}-${String(1 + (day % 28)).padStart(2, '0')}`;
};

type Body = Record<string, unknown>;
interface Case {
  path: string;
  sample: (user: string) => Body;
  /** Fields a PUT changes; undefined when the resource has no PUT. */
  change?: Body;
  /** Bodies that must be refused, with the field the error must name. */
  bad: [string, Body][];
}

const account = () => ({
  type: 'expense',
  amount: 12.5,
  category: 'dining',
  description: '午饭',
  date: nextDate(),
});
const asset = () => ({
  type: 'asset',
  name: '招商银行',
  category: 'bank_deposit',
  amount: 1000.01,
  description: '',
  date: '2024-01-01',
});
const history = () => ({
  assetId: 'a1',
  assetName: '招商银行',
  action: 'create',
  oldData: null,
  newData: assetVersion('a1'),
  timestamp: '2024-01-01T08:00:00.000Z',
});
const workout = () => ({
  type: 'running',
  duration: 30,
  calories: 200,
  notes: '',
  date: nextDate(),
});
const task = () => ({
  title: '写周报',
  description: '',
  priority: 'high',
  category: 'work',
  dueDate: '2024-03-05',
  completed: false,
});
const timeRecord = () => ({
  task: '专注时间',
  category: 'other',
  duration: 1500,
  date: nextDate(),
});
const checkinTask = () => ({
  name: '读书',
  description: '',
  type: 'weekly',
  frequency: 3,
  monthlyTarget: 12,
  category: 'habit',
});

const cases: Case[] = [
  {
    path: 'accounts',
    sample: account,
    change: { amount: 0.3, description: '晚饭' },
    bad: [
      ['amount', { ...account(), amount: -1 }],
      ['amount', { ...account(), amount: 0 }],
      ['amount', { ...account(), amount: 1.234 }],
      ['amount', { ...account(), amount: '12' }],
      ['category', { ...account(), type: 'income' }],
      ['type', { ...account(), type: 'loan' }],
      ['date', { ...account(), date: '2023-02-29' }],
      ['date', { ...account(), date: undefined }],
      ['description', { ...account(), description: 'x'.repeat(501) }],
      ['id', { ...account(), id: '../../etc' }],
    ],
  },
  {
    path: 'assets',
    sample: asset,
    change: { amount: 0, name: '工商银行' },
    bad: [
      ['name', { ...asset(), name: '   ' }],
      ['category', { ...asset(), category: 'credit_card' }],
      ['amount', { ...asset(), amount: -5 }],
      ['version', { ...asset(), version: 0 }],
      ['effectiveDate', { ...asset(), effectiveDate: 'tomorrow' }],
      ['originalId', { ...asset(), originalId: 'not an id' }],
    ],
  },
  {
    path: 'assets/history',
    sample: history,
    bad: [
      ['action', { ...history(), action: 'rename' }],
      ['timestamp', { ...history(), timestamp: 'yesterday' }],
      ['assetId', { ...history(), assetId: undefined }],
      ['oldData', { ...history(), oldData: 'snapshot' }],
    ],
  },
  {
    path: 'workouts',
    sample: workout,
    change: { duration: 45, calories: null },
    bad: [
      ['duration', { ...workout(), duration: 0 }],
      ['duration', { ...workout(), duration: 1.5 }],
      ['type', { ...workout(), type: 'flying' }],
      ['calories', { ...workout(), calories: -1 }],
    ],
  },
  {
    path: 'tasks',
    sample: task,
    change: { completed: true, completedAt: '2024-03-04T10:00:00.000Z' },
    bad: [
      ['title', { ...task(), title: '   ' }],
      ['priority', { ...task(), priority: 'urgent' }],
      ['completed', { ...task(), completed: 'yes' }],
      ['dueDate', { ...task(), dueDate: '2024-13-01' }],
    ],
  },
  {
    path: 'time-records',
    sample: timeRecord,
    change: { duration: 60 },
    bad: [
      ['duration', { ...timeRecord(), duration: 0 }],
      ['duration', { ...timeRecord(), duration: 86_401 }],
      ['category', { ...timeRecord(), category: 'sleep' }],
      ['task', { ...timeRecord(), task: '' }],
    ],
  },
  {
    path: 'checkin-tasks',
    sample: checkinTask,
    change: { name: '读书 30 分钟', monthlyTarget: 20 },
    bad: [
      ['frequency', { ...checkinTask(), frequency: 8 }],
      ['monthlyTarget', { ...checkinTask(), monthlyTarget: 32 }],
      ['name', { ...checkinTask(), name: '' }],
      ['category', { ...checkinTask(), category: 'fun' }],
    ],
  },
  {
    path: 'checkin-records',
    sample: (user) => ({ taskId: `task-${user}`, date: nextDate() }),
    // A measurable habit's value is corrected in place (issue 37).
    change: { value: 3 },
    bad: [
      ['date', { taskId: 'task-alice', date: '2024-3-1' }],
      ['taskId', { date: '2024-03-01' }],
      ['taskId', { taskId: 'bad id!', date: '2024-03-01' }],
    ],
  },
];

describe('auth', () => {
  it('logs in with the right password only', async () => {
    const ok = await login(server.url, 'alice', 'alice-password');
    expect(ok.status).toBe(200);
    expect(ok.body.user).toEqual({ username: 'alice', displayName: '爱丽丝' });
    expect(ok.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const [user, password] of [
      ['alice', 'wrong-password'],
      ['nobody', 'alice-password'],
    ]) {
      expect(await login(server.url, user!, password!)).toEqual({
        status: 401,
        body: { error: '用户名或密码错误' },
      });
    }
    const empty = await login(server.url, 'alice', '');
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/^password: /);
  });

  it('answers /api/auth/me with the session user', async () => {
    const res = await alice('/api/auth/me');
    expect(await res.json()).toEqual({ username: 'alice', displayName: '爱丽丝' });
  });

  it('refuses calls without a valid token with 401', async () => {
    // No header, an unknown token, and a real token without the Bearer scheme.
    const headers: Record<string, string>[] = [
      {},
      { authorization: 'Bearer not-a-real-token-at-all' },
      { authorization: aliceToken },
    ];
    for (const { path } of cases) {
      for (const h of headers) {
        const res = await fetch(`${server.url}/api/${path}`, {
          headers: { 'x-user-id': 'alice', ...h },
        });
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ error: '用户未登录' });
      }
    }
  });

  it('refuses an x-user-id that is not the session user with 403', async () => {
    for (const { path } of cases) {
      const forged = await alice(`/api/${path}`, { headers: { 'x-user-id': 'bob' } });
      expect(forged.status).toBe(403);
      expect(await forged.json()).toEqual({ error: '用户身份不匹配' });
      const missing = await fetch(`${server.url}/api/${path}`, {
        headers: { authorization: `Bearer ${aliceToken}` },
      });
      expect(missing.status).toBe(403);
    }
  });

  it('revokes the token on logout', async () => {
    const { body } = await login(server.url, 'alice', 'alice-password');
    const api = client(server.url, 'alice', body.token);
    expect((await api('/api/accounts')).status).toBe(200);
    expect((await api('/api/auth/logout', { method: 'POST' })).status).toBe(204);
    expect((await api('/api/accounts')).status).toBe(401);
    // Other sessions of the same user live on.
    expect((await alice('/api/accounts')).status).toBe(200);
  });

  it('throttles an account’s new devices after 5 failures, even for the right password', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login(server.url, 'bob', 'wrong-password')).status).toBe(401);
    }
    expect(await login(server.url, 'bob', 'bob-password')).toEqual({
      status: 429,
      body: { error: '登录失败次数过多，请 15 分钟后再试' },
    });
    // Sessions already open are not affected, nor are other users.
    expect((await bob('/api/accounts')).status).toBe(200);
    expect((await login(server.url, 'alice', 'alice-password')).status).toBe(200);
  });
});

describe.each(cases)('/api/$path', ({ path, sample, change, bad }) => {
  const url = `/api/${path}`;
  const count = async () => ((await (await alice(url)).json()) as unknown[]).length;

  it('creates, lists, reads, updates and deletes', async () => {
    const before = await count();
    const body = sample('alice');
    const res = await alice(url, { method: 'POST', body });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject(body);
    expect(created.id).toMatch(UUID);

    const list = await (await alice(url)).json();
    expect(list).toHaveLength(before + 1);
    expect(list).toContainEqual(created);
    expect(await (await alice(`${url}/${created.id}`)).json()).toEqual(created);

    const put = await alice(`${url}/${created.id}`, {
      method: 'PUT',
      body: { ...body, ...change },
    });
    if (change) {
      expect(put.status).toBe(200);
      const updated = await put.json();
      expect(updated).toMatchObject({ ...change, id: created.id });
      expect(await (await alice(`${url}/${created.id}`)).json()).toEqual(updated);
      const missing = await alice(`${url}/no-such-id`, { method: 'PUT', body });
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ error: '记录不存在' });
    } else {
      expect(put.status).toBe(404);
    }

    const del = await alice(`${url}/${created.id}`, { method: 'DELETE' });
    expect(del.status).toBe(204);
    expect(await del.text()).toBe('');
    const again = await alice(`${url}/${created.id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: '记录不存在' });
    expect((await alice(`${url}/${created.id}`)).status).toBe(404);
    expect(await count()).toBe(before);
  });

  it('answers a repeated client id with the stored record and writes nothing', async () => {
    const id = `client-${path.replace('/', '-')}`;
    const body = { ...sample('alice'), id };
    const first = await alice(url, { method: 'POST', body });
    expect(first.status).toBe(201);
    const stored = await first.json();
    expect(stored.id).toBe(id);
    const before = await count();
    const second = await alice(url, {
      method: 'POST',
      body: { ...sample('alice'), ...change, id },
    });
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(stored);
    expect(await count()).toBe(before);
  });

  it("keeps each user's records to that user", async () => {
    const created = await (await alice(url, { method: 'POST', body: sample('alice') })).json();
    const bobs = await (await bob(url)).json();
    expect(bobs.map((r: { id: string }) => r.id)).not.toContain(created.id);
    expect((await bob(`${url}/${created.id}`)).status).toBe(404);
    const body = { ...sample('bob'), ...change };
    expect((await bob(`${url}/${created.id}`, { method: 'PUT', body })).status).toBe(404);
    expect((await bob(`${url}/${created.id}`, { method: 'DELETE' })).status).toBe(404);
    expect(await (await alice(`${url}/${created.id}`)).json()).toEqual(created);
    // The same client id is a separate record for another user.
    const copy = await bob(url, { method: 'POST', body: { ...sample('bob'), id: created.id } });
    expect(copy.status).toBe(201);
    expect(await (await alice(`${url}/${created.id}`)).json()).toEqual(created);
  });

  it('refuses bad bodies with 400 naming the field, and stores nothing', async () => {
    const before = await count();
    for (const [field, body] of bad) {
      const res = await alice(url, { method: 'POST', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).error).toMatch(new RegExp(`^${field}: .+`));
    }
    for (const body of ['{"type":', 'null', '[]', '"text"', '']) {
      const res = await alice(url, { method: 'POST', body });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatch(/^请求体/);
    }
    const notJson = await alice(url, {
      method: 'POST',
      body: JSON.stringify(sample('alice')),
      headers: { 'content-type': 'text/plain' },
    });
    expect(notJson.status).toBe(415);
    expect(await notJson.json()).toHaveProperty('error');
    expect(await count()).toBe(before);

    if (change) {
      const created = await (await alice(url, { method: 'POST', body: sample('alice') })).json();
      for (const [, body] of bad) {
        const res = await alice(`${url}/${created.id}`, { method: 'PUT', body });
        expect(res.status).toBe(400);
      }
      const otherId = await alice(`${url}/${created.id}`, {
        method: 'PUT',
        body: { ...sample('alice'), id: 'another-id' },
      });
      expect(otherId.status).toBe(400);
      expect(await (await alice(`${url}/${created.id}`)).json()).toEqual(created);
    }
  });
});

describe('rules', () => {
  it('reports invalid JSON in Chinese', async () => {
    const res = await alice('/api/accounts', { method: 'POST', body: '{not json' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: '请求体不是有效的 JSON' });
  });

  it('refuses a body over 1 MB with 413', async () => {
    const before = (await (await alice('/api/accounts')).json()).length;
    const body = { ...account(), description: 'x'.repeat(1024 * 1024 + 1) };
    const res = await alice('/api/accounts', { method: 'POST', body });
    expect(res.status).toBe(413);
    expect(await res.json()).toHaveProperty('error');
    expect((await (await alice('/api/accounts')).json()).length).toBe(before);
  });

  it('deletes every version of an asset chain', async () => {
    const v1 = await (await alice('/api/assets', { method: 'POST', body: asset() })).json();
    const v2 = await (
      await alice('/api/assets', {
        method: 'POST',
        body: { ...asset(), version: 2, originalId: v1.id, previousVersionId: v1.id },
      })
    ).json();
    const v3 = await (
      await alice('/api/assets', {
        method: 'POST',
        body: { ...asset(), version: 3, originalId: v1.id, previousVersionId: v2.id },
      })
    ).json();
    const other = await (await alice('/api/assets', { method: 'POST', body: asset() })).json();
    expect((await alice(`/api/assets/${v3.id}`, { method: 'DELETE' })).status).toBe(204);
    const ids = (await (await alice('/api/assets')).json()).map((a: { id: string }) => a.id);
    expect(ids).not.toContain(v1.id);
    expect(ids).not.toContain(v2.id);
    expect(ids).toContain(other.id);
  });

  it('needs a check-in task of the caller for a check-in record', async () => {
    for (const taskId of ['no-such-task', 'task-bob']) {
      const res = await alice('/api/checkin-records', {
        method: 'POST',
        body: { taskId, date: '2024-05-01' },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: '打卡任务不存在' });
    }
  });

  it('keeps one check-in record per task and day', async () => {
    const body = { taskId: 'task-alice', date: '2025-01-01' };
    const first = await alice('/api/checkin-records', { method: 'POST', body });
    expect(first.status).toBe(201);
    const second = await alice('/api/checkin-records', { method: 'POST', body });
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(await first.json());
  });

  it('deletes the records of a deleted check-in task', async () => {
    const t = await (
      await alice('/api/checkin-tasks', { method: 'POST', body: checkinTask() })
    ).json();
    for (const date of ['2025-02-01', '2025-02-02']) {
      await alice('/api/checkin-records', { method: 'POST', body: { taskId: t.id, date } });
    }
    expect((await alice(`/api/checkin-tasks/${t.id}`, { method: 'DELETE' })).status).toBe(204);
    const records = await (await alice('/api/checkin-records')).json();
    expect(records.filter((r: { taskId: string }) => r.taskId === t.id)).toEqual([]);
  });

  it('sets createdAt and updatedAt on the server', async () => {
    const started = Date.now();
    const created = await (await alice('/api/tasks', { method: 'POST', body: task() })).json();
    expect(Date.parse(created.createdAt)).toBeGreaterThanOrEqual(started - 1000);
    expect(created.updatedAt).toBe(created.createdAt);
    const w = await (await alice('/api/workouts', { method: 'POST', body: workout() })).json();
    expect(Date.parse(w.createdAt)).toBeGreaterThanOrEqual(started - 1000);
    const kept = await (
      await alice('/api/time-records', {
        method: 'POST',
        body: { ...timeRecord(), createdAt: '2020-01-01T00:00:00.000Z' },
      })
    ).json();
    expect(kept.createdAt).toBe('2020-01-01T00:00:00.000Z');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await alice('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toHaveProperty('error');
  });
});

describe('responses', () => {
  it('carry security headers everywhere', async () => {
    for (const res of [
      await fetch(`${server.url}/health`),
      await alice('/api/accounts'),
      await fetch(`${server.url}/api/accounts`),
      await fetch(`${server.url}/`),
      await fetch(`${server.url}/assets/missing.js`),
    ]) {
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('serve the SPA with index.html for client routes', async () => {
    for (const path of ['/', '/tasks', '/checkin']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('个人管理系统');
    }
    const asset = await fetch(`${server.url}/assets/index-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404);
  });
});
