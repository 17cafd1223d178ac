import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { openSqliteStore } from '../../server/db/sqlite-store';
import { signAction, subscriptionTag } from '../../server/push/action';
import { instantOf } from '../../server/push/clock';
import { openPushDb, type PushDb, type Subscription } from '../../server/push/db';
import { endpointProblem, isPublicAddress } from '../../server/push/endpoint';
import { pushActionRoute, pushRoutes } from '../../server/push/routes';
import { PushScheduler } from '../../server/push/scheduler';
import type { SendOutcome } from '../../server/push/sender';
import type { Store } from '../../server/store';
import { setUser } from '../../server/users';

// Web Push in process: the routes (subscriptions, SSRF guard, isolation, buttons) and the
// scheduler with a moved clock and a recording sender. The real push service over https,
// VAPID and encryption: tests/push/push-service.test.ts (npm run test:push).

const dir = mkdtempSync(join(tmpdir(), 'pms-push-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileNo = 0;

const ZONE = 'Asia/Shanghai';
const SECRET = 'test-secret';

function fakeSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}

interface Sent {
  endpoint: string;
  payload: {
    title: string;
    body: string;
    kind: string;
    actions: { action: string; token: string }[];
  };
}

let store: Store;
let db: PushDb;
let clock: number;
let sent: Sent[];
let answer: (sub: Subscription) => SendOutcome;
let scheduler: PushScheduler;
let app: ReturnType<typeof createApp>;
const tokens: Record<string, string> = {};

beforeEach(async () => {
  const file = join(dir, `push-${++fileNo}.sqlite`);
  store = openSqliteStore(file);
  // Sign-in is not under test: a hasher that costs nothing.
  const hasher = {
    hash: async (p: string) => `plain:${p}`,
    verify: async (p: string, s: string) => s === `plain:${p}`,
  };
  for (const username of ['alice', 'bob']) {
    await setUser(store, hasher, {
      username,
      password: `${username}-pass-1`,
      displayName: username,
    });
  }
  db = openPushDb(file);
  clock = Date.parse('2026-11-27T06:00:00Z');
  sent = [];
  answer = () => 'sent';
  scheduler = new PushScheduler({
    db,
    store,
    actionSecret: SECRET,
    now: () => clock,
    send: async (sub, text) => {
      sent.push({ endpoint: sub.endpoint, payload: JSON.parse(text) });
      return answer(sub);
    },
  });
  const deps = {
    db,
    store,
    scheduler,
    publicKey: 'BPUBLIC',
    actionSecret: SECRET,
    allowOrigin: 'https://127.0.0.1:9443',
    now: () => new Date(clock),
  };
  app = createApp({
    store,
    auth: hasher,
    loginRefusalDelayMs: 0,
    now: () => new Date(clock),
    push: { routes: pushRoutes(deps), action: pushActionRoute(deps) },
  });
  for (const username of ['alice', 'bob']) {
    const res = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: `${username}-pass-1` }),
    });
    tokens[username] = ((await res.json()) as { token: string }).token;
  }
  // Times below are wall-clock in Shanghai, whatever TZ the test runs in.
  for (const username of ['alice', 'bob']) {
    await call(username, '/api/settings', 'PUT', { notifications: { timeZone: ZONE } });
  }
});
afterEach(() => {
  scheduler.stop();
  db.close();
  store.close();
});

function call(user: string, path: string, method = 'GET', body?: unknown) {
  return app.request(path, {
    method,
    headers: {
      authorization: `Bearer ${tokens[user]}`,
      'x-user-id': user,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const shanghai = (date: string, time: string) => instantOf(date, time, ZONE);

/** A task with reminders, as the tasks screen will save it (the fields are written to the table). */
async function addTask(
  user: string,
  id: string,
  {
    dueDate,
    dueTime = '',
    reminders = [0],
  }: { dueDate: string; dueTime?: string; reminders?: number[] },
) {
  const res = await call(user, '/api/tasks', 'POST', { id, title: `任务 ${id}`, dueDate });
  expect(res.status).toBe(201);
  db.sqlite
    .prepare('UPDATE tasks SET due_time = ?, reminders = ? WHERE user_id = ? AND id = ?')
    .run(dueTime, JSON.stringify(reminders), user, id);
}

describe('the endpoint check (SSRF)', () => {
  it.each([
    'http://10.0.0.1/push/abc',
    'https://127.0.0.1/push/abc',
    'https://localhost/push/abc',
    'https://LOCALHOST./push',
    'https://api.localhost/push',
    'https://2130706433/push',
    'https://0x7f.0.0.1/push',
    'https://017700000001/push',
    'https://10.1.2.3/push',
    'https://[::1]/push',
    'https://[fe80::1]/push',
    'https://[::ffff:127.0.0.1]/push',
    'https://printer/push',
    'https://nas.local/push',
    'https://fcm.googleapis.com:8443/fcm/send/x',
    'https://user:pw@fcm.googleapis.com/fcm/send/x',
    'ftp://fcm.googleapis.com/x',
    'https://127.0.0.1:9444/push',
    'not a url',
    // The legacy url.parse, which resolves what it reads, ends the host at these characters
    // (and at `%`); WHATWG URL reads a name that looks public (issue 57).
    ...[';', "'", '"', '{', '}', '`', '%', '%2e'].map((c) => `https://127.0.0.1${c}.example.com/x`),
    'https://0x7f000001;.example.com/x',
    'https://10.0.0.1;.fcm.googleapis.com/fcm/send/x',
    'https://169.254.169.254%2f.example.com/x',
    'https://push_service.example.com/x',
  ])('refuses %s with a 400 naming the field', async (endpoint) => {
    const res = await call('alice', '/api/push/subscriptions', 'POST', fakeSubscription(endpoint));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/^endpoint: /);
    expect(db.subscriptions('alice')).toEqual([]);
  });

  it('takes push services and exactly the one allowed origin', () => {
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/abc')).toBeUndefined();
    expect(endpointProblem('https://updates.push.services.mozilla.com/wpush/v2/x')).toBeUndefined();
    expect(endpointProblem('https://web.push.apple.com/QGx')).toBeUndefined();
    expect(endpointProblem('https://127.0.0.1:9443/p', 'https://127.0.0.1:9443')).toBeUndefined();
    expect(endpointProblem('https://127.0.0.1/p', 'https://127.0.0.1:9443')).toMatch(/IP/);
    expect(endpointProblem('https://127.0.0.1:9443/p')).toMatch(/endpoint/);
  });

  it('refuses private addresses a name resolves to', () => {
    for (const a of [
      '10.0.0.1',
      '127.0.0.1',
      '169.254.169.254',
      '192.168.1.1',
      '172.20.0.1',
      '::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '100.64.0.1',
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    for (const a of ['142.250.72.10', '17.253.144.10', '2a00:1450:4001:80b::200a']) {
      expect(isPublicAddress(a), a).toBe(true);
    }
  });
});

describe('subscriptions', () => {
  const endpoint = 'https://fcm.googleapis.com/fcm/send/alice-phone';

  it('answers 201, then 200 for the same subscription, and DELETE removes it', async () => {
    const sub = { ...fakeSubscription(endpoint), expirationTime: null, deviceName: '我的手机' };
    expect((await call('alice', '/api/push/subscriptions', 'POST', sub)).status).toBe(201);
    expect((await call('alice', '/api/push/subscriptions', 'POST', sub)).status).toBe(200);
    expect(db.subscriptions('alice')).toHaveLength(1);
    expect(await (await call('alice', '/api/push/public-key')).json()).toEqual({
      publicKey: 'BPUBLIC',
    });
    expect((await call('alice', '/api/push/subscriptions', 'DELETE', { endpoint })).status).toBe(
      204,
    );
    expect((await call('alice', '/api/push/subscriptions', 'DELETE', { endpoint })).status).toBe(
      404,
    );
  });

  it('refuses keys that are not a P-256 key and a 16-byte secret', async () => {
    const sub = fakeSubscription(endpoint);
    const res = await call('alice', '/api/push/subscriptions', 'POST', {
      ...sub,
      keys: { ...sub.keys, auth: 'AAAA' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/^keys\.auth: /);
  });

  it('keeps users apart: no listing, removing or triggering another user’s', async () => {
    await call('alice', '/api/push/subscriptions', 'POST', fakeSubscription(endpoint));
    await call('alice', '/api/push/one-offs/pomo1', 'PUT', {
      at: new Date(clock + 60_000).toISOString(),
      title: '专注结束',
    });
    expect(await (await call('bob', '/api/push/subscriptions')).json()).toEqual([]);
    expect((await call('bob', '/api/push/subscriptions', 'DELETE', { endpoint })).status).toBe(404);
    expect((await call('bob', '/api/push/one-offs/pomo1', 'DELETE')).status).toBe(404);
    expect(await (await call('bob', '/api/push/test', 'POST')).json()).toEqual({
      devices: 0,
      delivered: 0,
    });
    expect(sent).toEqual([]);
    expect(db.subscriptions('alice')).toHaveLength(1);
    clock += 61_000;
    await scheduler.tick();
    expect(sent.map((s) => [s.endpoint, s.payload.title])).toEqual([[endpoint, '专注结束']]);
    // Bob's inbox holds his own test notification only.
    const bobs = (await (await call('bob', '/api/push/inbox')).json()) as {
      items: { title: string }[];
    };
    expect(bobs.items.map((i) => i.title)).toEqual(['测试通知']);
    const inbox = (await (await call('alice', '/api/push/inbox')).json()) as { unread: number };
    expect(inbox.unread).toBe(1);
    // A button token names its user; Bob's token cannot act on Alice's habit.
    await call('alice', '/api/checkin-tasks', 'POST', { id: 'read', name: '阅读' });
    const forged = signAction('another-secret', {
      u: 'alice',
      a: 'checkin',
      id: 'read',
      d: '2026-11-27',
      s: subscriptionTag(endpoint),
      x: clock + 1e6,
    });
    expect(
      (
        await app.request('/api/push/action', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token: forged }),
        })
      ).status,
    ).toBe(401);
    // Signed by the server for Bob, naming Alice's device: Bob has no such subscription.
    const bobsToken = signAction(SECRET, {
      u: 'bob',
      a: 'checkin',
      id: 'read',
      d: '2026-11-27',
      s: subscriptionTag(endpoint),
      x: clock + 1e6,
    });
    expect(
      (
        await app.request('/api/push/action', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token: bobsToken }),
        })
      ).status,
    ).toBe(401);
    expect(await store.checkinRecords.list('alice')).toEqual([]);
  });
});

describe('caps', () => {
  it('keeps 20 subscriptions a user: a 21st replaces the oldest', async () => {
    for (let i = 1; i <= 21; i++) {
      clock += 1000;
      const endpoint = `https://fcm.googleapis.com/fcm/send/phone-${i}`;
      expect(
        (await call('alice', '/api/push/subscriptions', 'POST', fakeSubscription(endpoint))).status,
      ).toBe(201);
    }
    const kept = db.subscriptions('alice').map((s) => s.endpoint.split('/').pop());
    expect(kept).toHaveLength(20);
    expect(kept).not.toContain('phone-1');
    expect(kept).toContain('phone-21');
  });

  it('waits 500 one-off reminders a user; the 501st is a 409, moving one still works', async () => {
    const put = (id: string) =>
      call('alice', `/api/push/one-offs/${id}`, 'PUT', {
        at: new Date(clock + 3_600_000).toISOString(),
        title: '专注结束',
      });
    for (let i = 0; i < 500; i++) expect((await put(`p${i}`)).status).toBe(200);
    const refused = await put('p500');
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe(
      '待发送的提醒已有 500 个，请先取消一些再添加',
    );
    expect((await put('p7')).status).toBe(200);
    // Bob has his own 500.
    expect(
      (
        await call('bob', '/api/push/one-offs/b1', 'PUT', {
          at: new Date(clock).toISOString(),
          title: 'x',
        })
      ).status,
    ).toBe(200);
  });
});

describe('a subscription ends with the session that made it', () => {
  async function signIn(user: string) {
    const res = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user, password: `${user}-pass-1` }),
    });
    return ((await res.json()) as { token: string }).token;
  }
  const as = (token: string, user: string, path: string, method = 'GET', body?: unknown) =>
    app.request(path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'x-user-id': user,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const act = async (token: string) =>
    (
      await app.request('/api/push/action', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      })
    ).status;
  const endpoints = (user = 'alice') =>
    db.subscriptions(user).map((s) => s.endpoint.split('/').pop());

  /** Alice on three browsers, each subscribed, and a habit reminder sent to all three. */
  async function threeBrowsers() {
    const sessions = {
      phone: await signIn('alice'),
      laptop: await signIn('alice'),
      shared: await signIn('alice'),
    };
    for (const [name, token] of Object.entries(sessions)) {
      const sub = fakeSubscription(`https://fcm.googleapis.com/fcm/send/${name}`);
      expect((await as(token, 'alice', '/api/push/subscriptions', 'POST', sub)).status).toBe(201);
    }
    await call('alice', '/api/checkin-tasks', 'POST', {
      id: 'read',
      name: '阅读',
      reminderTime: '14:00',
    });
    clock = shanghai('2026-11-27', '14:00');
    await scheduler.tick();
    const tokens = Object.fromEntries(
      sent.map((s) => [s.endpoint.split('/').pop(), s.payload.actions[0]!.token]),
    );
    expect(Object.keys(tokens).sort()).toEqual(['laptop', 'phone', 'shared']);
    return { sessions, tokens };
  }

  it('退出登录 removes that browser’s subscription, and its buttons stop working', async () => {
    const { sessions, tokens } = await threeBrowsers();
    expect((await as(sessions.shared, 'alice', '/api/auth/logout', 'POST')).status).toBe(204);
    expect(endpoints().sort()).toEqual(['laptop', 'phone']);
    expect(await act(tokens.shared!)).toBe(401);
    expect(await act(tokens.phone!)).toBe(200);
    // 登录设备 → 退出 one session: the same.
    const list = (await (await as(sessions.phone, 'alice', '/api/auth/sessions')).json()) as {
      id: string;
      current: boolean;
    }[];
    const laptop = list.filter((s) => !s.current).at(-1)!;
    expect(
      (await as(sessions.phone, 'alice', `/api/auth/sessions/${laptop.id}`, 'DELETE')).status,
    ).toBe(204);
    expect(endpoints()).toEqual(['phone']);
    expect(await act(tokens.laptop!)).toBe(401);
  });

  it('退出其他设备 and a password change that signs out others keep only this one', async () => {
    const { sessions, tokens } = await threeBrowsers();
    expect(
      (await as(sessions.phone, 'alice', '/api/auth/sessions/sign-out-others', 'POST')).status,
    ).toBe(204);
    expect(endpoints()).toEqual(['phone']);
    expect(await act(tokens.laptop!)).toBe(401);
    expect(await act(tokens.shared!)).toBe(401);
    expect(await act(tokens.phone!)).toBe(200);

    const laptop = await signIn('alice');
    await as(
      laptop,
      'alice',
      '/api/push/subscriptions',
      'POST',
      fakeSubscription('https://fcm.googleapis.com/fcm/send/laptop'),
    );
    expect(
      (
        await as(sessions.phone, 'alice', '/api/auth/password', 'POST', {
          currentPassword: 'alice-pass-1',
          newPassword: 'alice-pass-2',
          signOutOthers: true,
        })
      ).status,
    ).toBe(204);
    expect(endpoints()).toEqual(['phone']);
  });

  it('npm run user -- set (every session ends) removes them all; Bob’s stay', async () => {
    const { tokens } = await threeBrowsers();
    await call(
      'bob',
      '/api/push/subscriptions',
      'POST',
      fakeSubscription('https://fcm.googleapis.com/fcm/send/bob'),
    );
    const hasher = {
      hash: async (p: string) => `plain:${p}`,
      verify: async (p: string, h: string) => h === `plain:${p}`,
    };
    expect(await setUser(store, hasher, { username: 'alice', password: 'alice-pass-3' })).toBe(
      'updated',
    );
    expect(endpoints()).toEqual([]);
    expect(await act(tokens.phone!)).toBe(401);
    expect(endpoints('bob')).toEqual(['bob']);
  });

  it('one stored before subscriptions had a session goes at the first sign-out of the others', async () => {
    const { sessions } = await threeBrowsers();
    // As migration 0007 leaves a subscription of an older version: no session.
    db.sqlite
      .prepare("UPDATE push_subscriptions SET session_hash = NULL WHERE endpoint LIKE '%/shared'")
      .run();
    // Its own browser's 退出登录 finds it by its endpoint (the app sends DELETE first).
    expect((await as(sessions.laptop, 'alice', '/api/auth/logout', 'POST')).status).toBe(204);
    expect(endpoints().sort()).toEqual(['phone', 'shared']);
    expect(
      (await as(sessions.phone, 'alice', '/api/auth/sessions/sign-out-others', 'POST')).status,
    ).toBe(204);
    expect(endpoints()).toEqual(['phone']);
  });
});

describe('the scheduler', () => {
  const endpoint = 'https://fcm.googleapis.com/fcm/send/alice-phone';
  beforeEach(async () => {
    await call('alice', '/api/push/subscriptions', 'POST', fakeSubscription(endpoint));
  });
  const titles = () => sent.map((s) => s.payload.title);

  it('sends a task reminder once at its time, with the due time in the title', async () => {
    clock = shanghai('2026-11-27', '14:00');
    await addTask('alice', 'rent', { dueDate: '2026-11-27', dueTime: '15:00', reminders: [0, 30] });
    expect(await scheduler.tick()).toBe(shanghai('2026-11-27', '14:30'));
    expect(sent).toEqual([]);
    clock = shanghai('2026-11-27', '14:30');
    await scheduler.tick();
    await scheduler.tick();
    expect(titles()).toEqual(['任务 rent · 15:00 到期']);
    clock = shanghai('2026-11-27', '15:00') + 5_000;
    await scheduler.tick();
    expect(titles()).toEqual(['任务 rent · 15:00 到期', '任务 rent · 15:00 到期']);
    expect(sent[1]!.payload.actions.map((a) => a.action)).toEqual(['complete', 'snooze']);
    await scheduler.tick();
    expect(sent).toHaveLength(2);
  });

  it('reminds a task without a due time at 09:00 of its due date', async () => {
    clock = shanghai('2026-11-27', '08:00');
    await addTask('alice', 't', { dueDate: '2026-11-27' });
    expect(await scheduler.tick()).toBe(shanghai('2026-11-27', '09:00'));
    clock = shanghai('2026-11-27', '09:00');
    await scheduler.tick();
    expect(titles()).toEqual(['任务 t · 今天到期']);
  });

  it('never sends a completed task’s reminder, and a moved due time moves it', async () => {
    clock = shanghai('2026-11-27', '14:00');
    await addTask('alice', 'a', { dueDate: '2026-11-27', dueTime: '15:00' });
    await addTask('alice', 'b', { dueDate: '2026-11-27', dueTime: '15:00' });
    const task = (await store.tasks.get('alice', 'a'))!;
    await call('alice', '/api/tasks/a', 'PUT', {
      ...task,
      completed: true,
      completedAt: new Date(clock).toISOString(),
    });
    db.sqlite.prepare(`UPDATE tasks SET due_time = '16:00' WHERE id = 'b'`).run();
    clock = shanghai('2026-11-27', '15:00');
    await scheduler.tick();
    expect(sent).toEqual([]);
    clock = shanghai('2026-11-27', '16:00');
    await scheduler.tick();
    expect(titles()).toEqual(['任务 b · 16:00 到期']);
  });

  it('reminds a habit not checked in, and not one checked in before its time', async () => {
    clock = shanghai('2026-11-27', '20:00');
    for (const id of ['read', 'run']) {
      await call('alice', '/api/checkin-tasks', 'POST', {
        id,
        name: id === 'read' ? '阅读 30 分钟' : '跑步',
      });
      db.sqlite
        .prepare(
          `UPDATE checkin_tasks SET reminder_time = '21:00', updated_at = '2026-11-01T00:00:00Z' WHERE id = ?`,
        )
        .run(id);
    }
    await call('alice', '/api/checkin-records', 'POST', { taskId: 'run', date: '2026-11-27' });
    clock = shanghai('2026-11-27', '21:00');
    await scheduler.tick();
    expect(titles()).toEqual(['今天还没打卡：阅读 30 分钟']);
    // 打卡 from the notification, twice (a repeated tap, a retried queue): one check-in.
    const token = sent[0]!.payload.actions.find((a) => a.action === 'checkin')!.token;
    for (const created of [true, false]) {
      const res = await app.request('/api/push/action', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      expect(await res.json()).toEqual({ done: 'checkin', created });
    }
    expect(
      (await store.checkinRecords.list('alice')).filter((r) => r.taskId === 'read'),
    ).toHaveLength(1);
  });

  it('完成 completes the task once; 推迟1小时 rings it again an hour later, once', async () => {
    clock = shanghai('2026-11-27', '14:00');
    await addTask('alice', 'rent', { dueDate: '2026-11-27', dueTime: '15:00' });
    await addTask('alice', 'call', { dueDate: '2026-11-27', dueTime: '15:00' });
    clock = shanghai('2026-11-27', '15:00');
    await scheduler.tick();
    const tokenOf = (title: string, action: string) =>
      sent
        .find((s) => s.payload.title.startsWith(title))!
        .payload.actions.find((a) => a.action === action)!.token;
    const act = async (token: string) =>
      (
        await app.request('/api/push/action', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token }),
        })
      ).json();
    const complete = tokenOf('任务 rent', 'complete');
    expect(await act(complete)).toEqual({ done: 'complete', created: true });
    expect(await act(complete)).toEqual({ done: 'complete', created: false });
    expect((await store.tasks.get('alice', 'rent'))?.completed).toBe(true);
    const snooze = tokenOf('任务 call', 'snooze');
    expect(await act(snooze)).toEqual({ done: 'snooze', created: true });
    expect(await act(snooze)).toEqual({ done: 'snooze', created: false });
    sent = [];
    clock += 59 * 60_000;
    await scheduler.tick();
    expect(sent).toEqual([]);
    clock += 60_000;
    await scheduler.tick();
    await scheduler.tick();
    expect(sent.map((s) => s.payload.title)).toEqual(['任务 call · 稍后提醒']);
  });

  it('a focus phase end rings once at its time; a cancelled one never; a moved one when moved', async () => {
    const put = (id: string, at: number, title: string) =>
      call('alice', `/api/push/one-offs/${id}`, 'PUT', {
        at: new Date(at).toISOString(),
        title,
        body: '番茄钟 · 休息一下吧',
      });
    const start = clock;
    expect((await put('pomo-end-a-0', start + 25 * 60_000, '专注结束')).status).toBe(200);
    expect((await put('pomo-end-b-0', start + 25 * 60_000, '专注结束 b')).status).toBe(200);
    expect((await put('pomo-end-c-0', start + 25 * 60_000, '休息结束')).status).toBe(200);
    // b stopped, c paused five minutes (moved), before they were due.
    expect((await call('alice', '/api/push/one-offs/pomo-end-b-0', 'DELETE')).status).toBe(204);
    expect((await put('pomo-end-c-0', start + 30 * 60_000, '休息结束')).status).toBe(200);
    clock = start + 25 * 60_000 - 1_000;
    await scheduler.tick();
    expect(sent).toEqual([]);
    clock = start + 25 * 60_000;
    await scheduler.tick();
    await scheduler.tick();
    clock += 60_000;
    await scheduler.tick();
    expect(titles()).toEqual(['专注结束']);
    expect(sent[0]!.payload).toMatchObject({ kind: 'focus', body: '番茄钟 · 休息一下吧' });
    clock = start + 30 * 60_000;
    await scheduler.tick();
    await scheduler.tick();
    expect(titles()).toEqual(['专注结束', '休息结束']);
    clock += 3_600_000;
    await scheduler.tick();
    expect(sent).toHaveLength(2);
  });

  it('holds a reminder in quiet hours, in the inbox at once, and sends it when they end', async () => {
    await call('alice', '/api/settings', 'PUT', {
      notifications: { timeZone: ZONE, quietStart: '22:30', quietEnd: '07:30' },
    });
    clock = shanghai('2026-11-27', '22:00');
    await addTask('alice', 'late', { dueDate: '2026-11-27', dueTime: '23:00' });
    // It wakes at 23:00 to put the reminder in 通知中心, then at the end of 免打扰.
    expect(await scheduler.tick()).toBe(shanghai('2026-11-27', '23:00'));
    clock = shanghai('2026-11-27', '23:00');
    expect(await scheduler.tick()).toBe(shanghai('2026-11-28', '07:30'));
    const inbox = (await (await call('alice', '/api/push/inbox')).json()) as {
      items: { title: string }[];
      unread: number;
    };
    expect(inbox.items.map((i) => i.title)).toEqual(['任务 late · 23:00 到期']);
    expect(inbox.unread).toBe(1);
    clock = shanghai('2026-11-28', '07:29');
    await scheduler.tick();
    expect(sent).toEqual([]);
    clock = shanghai('2026-11-28', '07:30');
    await scheduler.tick();
    expect(titles()).toEqual(['任务 late · 昨天 23:00 到期']);
  });

  it('a kind turned off does not ring', async () => {
    await call('alice', '/api/settings', 'PUT', { notifications: { timeZone: ZONE, task: false } });
    clock = shanghai('2026-11-27', '14:00');
    await addTask('alice', 't', { dueDate: '2026-11-27', dueTime: '15:00' });
    clock = shanghai('2026-11-27', '15:00');
    await scheduler.tick();
    expect(sent).toEqual([]);
  });

  it('sends a reminder missed while down if < 12 h late, and drops an older one', async () => {
    clock = shanghai('2026-11-26', '08:00');
    await addTask('alice', 'recent', { dueDate: '2026-11-27', dueTime: '02:00' });
    await addTask('alice', 'old', { dueDate: '2026-11-26', dueTime: '20:00' });
    clock = shanghai('2026-11-27', '10:00');
    await scheduler.tick();
    expect(titles()).toEqual(['任务 recent · 02:00 到期']);
  });

  it('sends a delivery recorded but not marked sent (a crash) again at the next start', async () => {
    clock = shanghai('2026-11-27', '14:00');
    await addTask('alice', 't', { dueDate: '2026-11-27', dueTime: '15:00' });
    clock = shanghai('2026-11-27', '15:00');
    // The process died after the record was committed, before the send.
    answer = () => {
      throw new Error('killed');
    };
    await scheduler.tick();
    expect(db.pending()).toHaveLength(1);
    answer = () => 'sent';
    sent = [];
    await scheduler.tick();
    expect(titles()).toEqual(['任务 t · 15:00 到期']);
    expect(db.pending()).toEqual([]);
    await scheduler.tick();
    expect(sent).toHaveLength(1);
  });

  it('drops a subscription the push service answers 410 for', async () => {
    answer = () => 'gone';
    const res = await call('alice', '/api/push/test', 'POST');
    expect(await res.json()).toEqual({ devices: 0, delivered: 0 });
    expect(sent).toHaveLength(1);
    expect(db.subscriptions('alice')).toEqual([]);
  });

  it('发送测试通知 says how many push services took it, not how many are stored', async () => {
    answer = () => 'failed';
    let res = await call('alice', '/api/push/test', 'POST');
    expect(await res.json()).toEqual({ devices: 1, delivered: 0 });
    answer = () => 'sent';
    res = await call('alice', '/api/push/test', 'POST');
    expect(await res.json()).toEqual({ devices: 1, delivered: 1 });
  });

  it('keeps a delivery pending while every device fails for a passing reason', async () => {
    answer = () => 'failed';
    clock = shanghai('2026-11-27', '14:00');
    await addTask('alice', 't', { dueDate: '2026-11-27', dueTime: '15:00' });
    clock = shanghai('2026-11-27', '15:00');
    await scheduler.tick();
    expect(db.pending()).toHaveLength(1);
    answer = () => 'sent';
    clock += 30_000;
    await scheduler.tick();
    expect(db.pending()).toEqual([]);
    expect(sent).toHaveLength(2);
  });

  it('rings a budget the first time in a month it passes 80 % and 100 %', async () => {
    clock = shanghai('2026-11-27', '12:00');
    await call('alice', '/api/settings', 'PUT', {
      monthlyBudget: 1000,
      notifications: { timeZone: ZONE },
    });
    const spend = (id: string, amount: number) =>
      call('alice', '/api/accounts', 'POST', {
        id,
        type: 'expense',
        amount,
        category: 'dining',
        description: '',
        date: '2026-11-27',
      });
    await spend('a', 700);
    await scheduler.tick();
    await spend('b', 150);
    await scheduler.tick();
    await scheduler.tick();
    await spend('c', 200);
    await scheduler.tick();
    expect(titles()).toEqual(['本月支出已达预算的 80%', '本月支出已超出预算']);
  });

  it('counts a budget from 每月起始日: last month’s spending after pay day counts', async () => {
    // Pay day the 25th: on 12-06 the budget month runs 11-25 → 12-24.
    clock = shanghai('2026-12-06', '12:00');
    const res = await call('alice', '/api/settings', 'PUT', {
      monthlyBudget: 1000,
      monthStartDay: 25,
      notifications: { timeZone: ZONE },
    });
    expect((await res.json()).monthStartDay).toBe(25);
    const spend = (id: string, amount: number, date: string) =>
      call('alice', '/api/accounts', 'POST', {
        id,
        type: 'expense',
        amount,
        category: 'dining',
        description: '',
        date,
      });
    await spend('before', 900, '2026-11-24');
    await spend('after', 500, '2026-11-25');
    await scheduler.tick();
    expect(titles()).toEqual([]);
    await spend('today', 350, '2026-12-06');
    await scheduler.tick();
    expect(titles()).toEqual(['本月支出已达预算的 80%']);
  });

  it('rings the day before a recurring entry books, at 09:00', async () => {
    clock = shanghai('2026-11-30', '08:00');
    await call('alice', '/api/recurring', 'POST', {
      id: 'rent',
      type: 'expense',
      amount: 3000,
      category: 'housing',
      description: '交房租',
      every: 1,
      unit: 'month',
      startDate: '2026-01-01',
      endDate: '',
      paused: false,
      lastDate: '2026-11-01',
    });
    clock = shanghai('2026-11-30', '09:00');
    await scheduler.tick();
    expect(titles()).toEqual(['明天记账：交房租 ¥3,000.00']);
  });
});

describe('habit reminders follow the habit as the check-in screen judges it', () => {
  const endpoint = 'https://fcm.googleapis.com/fcm/send/alice-phone';
  // 2026-11-27 is a Friday (weekday 5); the reminders ring at 21:00.
  const TODAY = '2026-11-27';
  beforeEach(async () => {
    await call('alice', '/api/push/subscriptions', 'POST', fakeSubscription(endpoint));
    clock = shanghai('2026-11-20', '08:00');
  });

  async function habit(id: string, fields: Record<string, unknown> = {}) {
    const res = await call('alice', '/api/checkin-tasks', 'POST', {
      id,
      name: id,
      reminderTime: '21:00',
      ...fields,
    });
    expect(res.status).toBe(201);
  }
  async function record(taskId: string, date: string, fields: Record<string, unknown> = {}) {
    const res = await call('alice', '/api/checkin-records', 'POST', { taskId, date, ...fields });
    expect(res.status).toBe(201);
  }
  async function rung() {
    clock = shanghai(TODAY, '21:00');
    await scheduler.tick();
    return sent.map((s) => s.payload.title).sort();
  }

  it('rings on scheduled weekdays only, by the schedule in force that day', async () => {
    await habit('fri', { schedule: [{ from: '2026-11-01', weekdays: [1, 3, 5] }] });
    await habit('notfri', { schedule: [{ from: '2026-11-01', weekdays: [1, 3] }] });
    // Friday dropped from today on, and Friday added only from tomorrow on.
    await habit('dropped', {
      schedule: [
        { from: '2026-11-01', weekdays: [5] },
        { from: TODAY, weekdays: [1] },
      ],
    });
    await habit('later', {
      schedule: [
        { from: '2026-11-01', weekdays: [1] },
        { from: '2026-11-28', weekdays: [5] },
      ],
    });
    expect(await rung()).toEqual(['今天还没打卡：fri']);
  });

  it('never rings for an archived habit', async () => {
    await habit('kept');
    await habit('archived', { archived: true });
    expect(await rung()).toEqual(['今天还没打卡：kept']);
  });

  it('never rings on a skipped day or during a vacation', async () => {
    await habit('skipped');
    await habit('away', { vacations: [{ start: '2026-11-25', end: '2026-11-29' }] });
    await habit('back', { vacations: [{ start: '2026-11-20', end: '2026-11-26' }] });
    await record('skipped', TODAY, { value: 0, skipped: true });
    expect(await rung()).toEqual(['今天还没打卡：back']);
  });

  it('a measurable per-day 至少 target rings until it is met; a 至多 day once logged', async () => {
    const water = { kind: 'measurable', unit: '杯', target: 8, targetType: 'atLeast' };
    await habit('water', water);
    await habit('water-met', water);
    await habit('coffee', { kind: 'measurable', unit: '杯', target: 2, targetType: 'atMost' });
    await habit('coffee-unlogged', { kind: 'measurable', target: 2, targetType: 'atMost' });
    await record('water', TODAY, { value: 3 });
    await record('water-met', TODAY, { value: 8 });
    await record('coffee', TODAY, { value: 1 });
    expect(await rung()).toEqual(['今天还没打卡：coffee-unlogged', '今天还没达标：water（3/8杯）']);
    // A measurable day is typed in the app: no 打卡 button that would record a 1.
    expect(sent.every((s) => s.payload.actions.length === 0)).toBe(true);
  });

  it('a weekly target met earlier in the week asks nothing more; one not met does', async () => {
    const run = { kind: 'measurable', unit: '公里', target: 20, targetPeriod: 'week' };
    await habit('run-done', run);
    await habit('run-short', run);
    await habit('gym', { type: 'weekly', frequency: 2 });
    // The week of Monday 2026-11-23.
    await record('run-done', '2026-11-23', { value: 12 });
    await record('run-done', '2026-11-25', { value: 8 });
    await record('run-short', '2026-11-25', { value: 10 });
    await record('gym', '2026-11-24');
    await record('gym', '2026-11-26');
    expect(await rung()).toEqual(['今天还没打卡：run-short']);
  });

  it('a value recorded that day counts as checked in toward a weekly total', async () => {
    await habit('read', { kind: 'measurable', target: 100, targetPeriod: 'week' });
    await record('read', TODAY, { value: 5 });
    expect(await rung()).toEqual([]);
  });
});
