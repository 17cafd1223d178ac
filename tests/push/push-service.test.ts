import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { wallAt } from '../../server/push/clock';
import { client, login, type RunningServer, startServer } from '../server/server-process';
import { makeCertificate, startFakePushService } from './fake-push-service';

// Issue 38's must-show: the real server process sends real Web Push (web-push: VAPID JWT,
// aes128gcm) to a local push service over https, which it trusts through NODE_EXTRA_CA_CERTS
// and may reach through PUSH_ALLOW_ENDPOINT. Reminders are set at whole minutes and waited for.

const ZONE = 'Asia/Shanghai';
const dir = mkdtempSync(join(tmpdir(), 'pms-push-service-'));
const dataDir = join(dir, 'data');
const certs = makeCertificate(dir);
let service: Awaited<ReturnType<typeof startFakePushService>>;
let server: RunningServer;
let env: NodeJS.ProcessEnv;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The next whole minute at least `lead` ms away. */
function nextMinute(lead: number) {
  return Math.ceil((Date.now() + lead) / 60_000) * 60_000;
}

async function signIn() {
  const { body } = await login(server.url, 'alice', 'alice-pass-1');
  return client(server.url, 'alice', body.token);
}

/**
 * Writes a reminder field straight into the table: the tasks and habits screens' own fields
 * (dueTime, reminders, reminderTime) arrive with their issues; the POST bodies carry them too.
 */
function setColumns(table: string, id: string, values: Record<string, string>) {
  const db = new Database(join(dataDir, 'pms.sqlite'));
  db.pragma('busy_timeout = 5000');
  const sets = Object.keys(values)
    .map((k) => `${k} = @${k}`)
    .join(', ');
  db.prepare(`UPDATE ${table} SET ${sets} WHERE user_id = 'alice' AND id = @id`).run({
    ...values,
    id,
  });
  db.close();
}

beforeAll(async () => {
  service = await startFakePushService(certs);
  env = {
    DATA_DIR: dataDir,
    TZ: ZONE,
    PM_USERS: JSON.stringify([
      { username: 'alice', password: 'alice-pass-1', displayName: 'Alice' },
    ]),
    NODE_EXTRA_CA_CERTS: certs.cert,
    PUSH_ALLOW_ENDPOINT: service.origin,
  };
  server = await startServer(env);
});
afterAll(async () => {
  await server?.stop();
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('keeps its VAPID keys private in DATA_DIR and prints none', async () => {
  const api = await signIn();
  const { publicKey } = (await (await api('/api/push/public-key')).json()) as { publicKey: string };
  expect(publicKey).toMatch(/^[\w-]{87}$/);
  service.expectKey(publicKey);
  expect(statSync(join(dataDir, 'push-keys.json')).mode & 0o777).toBe(0o600);
  expect(server.output()).not.toMatch(/privateKey|actionSecret/);
});

it('rings on time, once; not for a completed task or a habit done early; drops a 410', async () => {
  const api = await signIn();
  const phone = service.subscribe('phone');
  const gone = service.subscribe('old-laptop', 410);
  expect((await api('/api/push/subscriptions', { method: 'POST', body: phone.json })).status).toBe(
    201,
  );
  expect((await api('/api/push/subscriptions', { method: 'POST', body: phone.json })).status).toBe(
    200,
  );
  expect((await api('/api/push/subscriptions', { method: 'POST', body: gone.json })).status).toBe(
    201,
  );

  const due = nextMinute(20_000);
  const { date, time } = wallAt(due, ZONE);
  for (const id of ['rent', 'done']) {
    const title = id === 'rent' ? '交房租' : '已完成的任务';
    const body = { id, title, dueDate: date, dueTime: time, reminders: [0] };
    expect((await api('/api/tasks', { method: 'POST', body })).status).toBe(201);
    setColumns('tasks', id, { due_time: time, reminders: '[0]' });
  }
  const done = await (await api('/api/tasks/done')).json();
  const completed = { ...done, completed: true, completedAt: new Date().toISOString() };
  expect((await api('/api/tasks/done', { method: 'PUT', body: completed })).status).toBe(200);
  for (const [id, name] of [
    ['read', '阅读 30 分钟'],
    ['run', '跑步'],
  ] as const) {
    const body = { id, name, reminderTime: time };
    expect((await api('/api/checkin-tasks', { method: 'POST', body })).status).toBe(201);
    setColumns('checkin_tasks', id, { reminder_time: time });
  }
  // 跑步 is checked in before its time: no reminder.
  const checkin = { taskId: 'run', date };
  expect((await api('/api/checkin-records', { method: 'POST', body: checkin })).status).toBe(201);

  while (Date.now() < due + 40_000) await sleep(500);
  expect(service.problems).toEqual([]);
  const mine = service.received.filter((r) => r.name === 'phone');
  expect(mine.map((r) => r.payload.title).sort()).toEqual([
    `交房租 · ${time} 到期`,
    '今天还没打卡：阅读 30 分钟',
  ]);
  console.log(
    'received after due (ms):',
    mine.map((r) => [r.payload.title, r.at - due]),
  );
  for (const r of mine) {
    expect(r.at - due).toBeGreaterThanOrEqual(0);
    expect(r.at - due).toBeLessThanOrEqual(35_000);
  }
  const subs = (await (await api('/api/push/subscriptions')).json()) as { endpoint: string }[];
  expect(subs.map((s) => s.endpoint)).toEqual([phone.json.endpoint]);
  const inbox = (await (await api('/api/push/inbox')).json()) as { unread: number };
  expect(inbox.unread).toBe(2);
});

it('a kill -9 a second before due still delivers once; quiet hours hold one until they end', async () => {
  const api = await signIn();
  service.received.length = 0;
  const due = nextMinute(80_000);
  const { date, time } = wallAt(due, ZONE);
  const early = wallAt(due - 60_000, ZONE);
  // 免打扰 from now until `due`: the reminder at `due - 1 min` waits for their end.
  const settings = await (await api('/api/settings')).json();
  const notifications = {
    ...settings.notifications,
    quietStart: wallAt(Date.now(), ZONE).time,
    quietEnd: time,
  };
  expect(
    (await api('/api/settings', { method: 'PUT', body: { ...settings, notifications } })).status,
  ).toBe(200);
  for (const [id, title, at] of [
    ['crash', '备份服务器', time],
    ['quiet', '安静时段的任务', early.time],
  ] as const) {
    const body = { id, title, dueDate: date, dueTime: at, reminders: [0] };
    expect((await api('/api/tasks', { method: 'POST', body })).status).toBe(201);
    setColumns('tasks', id, { due_time: at, reminders: '[0]' });
  }
  while (Date.now() < due - 55_000) await sleep(250);
  expect(service.received).toEqual([]);

  while (Date.now() < due - 1000) await sleep(50);
  await server.kill9();
  server = await startServer(env);
  while (Date.now() < due + 40_000) await sleep(500);

  expect(service.problems).toEqual([]);
  const got = service.received.map((r) => [r.payload.title, r.at - due]);
  expect(got.map(([t]) => t).sort()).toEqual([
    `备份服务器 · ${time} 到期`,
    `安静时段的任务 · ${early.time} 到期`,
  ]);
  console.log('after kill -9 / quiet hours, received after due (ms):', got);
  for (const [, late] of got) {
    expect(late as number).toBeGreaterThanOrEqual(0);
    expect(late as number).toBeLessThanOrEqual(35_000);
  }
});
