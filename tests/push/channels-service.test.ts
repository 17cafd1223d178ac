import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { wallAt } from '../../server/push/clock';
import { client, login, type RunningServer, startServer } from '../server/server-process';
import { type Received, startFakeBark, startFakeNtfy, startFakeSmtp } from './fake-channels';

// Issue 62's must-show: the real server process sends reminders to a fake ntfy server, a fake
// Bark server and an SMTP sink (smtp-server), all on 127.0.0.1, at real whole minutes: on
// time and once per channel, once again after a kill -9 a second before, held by 免打扰 while
// the inbox has it, 记账提醒 only on a day without entries, and 10 failures switching a
// channel off. About 3–4 minutes: npm run test:push, not npm test.

const ZONE = 'Asia/Shanghai';
const NTFY_TOKEN = 'tk_channels_test';
const dir = mkdtempSync(join(tmpdir(), 'pms-channels-service-'));
const dataDir = join(dir, 'data');
const USERS = ['alice', 'bob', 'carol', 'dave'] as const;
type User = (typeof USERS)[number];
let ntfy: Awaited<ReturnType<typeof startFakeNtfy>>;
let bark: Awaited<ReturnType<typeof startFakeBark>>;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let server: RunningServer;
let env: NodeJS.ProcessEnv;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const nextMinute = (lead: number) => Math.ceil((Date.now() + lead) / 60_000) * 60_000;

/** Each user's topic, device key and address; bob's are the ones the fakes refuse. */
const targets = (user: User) => ({
  ntfy: `pms-${user}-topic`,
  bark: `${user}BarkKey01`,
  email: `${user}@example.com`,
});

async function as(user: User) {
  const { body } = await login(server.url, user, `${user}-pass-1`);
  return client(server.url, user, body.token);
}

async function channelsOn(user: User) {
  const api = await as(user);
  for (const [channel, target] of Object.entries(targets(user))) {
    const res = await api(`/api/push/channels/${channel}`, {
      method: 'PUT',
      body: { target, enabled: true },
    });
    expect(res.status, `${user} ${channel}`).toBe(200);
  }
  return api;
}

type Api = Awaited<ReturnType<typeof as>>;

async function addTask(api: Api, id: string, title: string, due: number) {
  const { date, time } = wallAt(due, ZONE);
  const body = { id, title, dueDate: date, dueTime: time, reminders: [0] };
  expect((await api('/api/tasks', { method: 'POST', body })).status).toBe(201);
}

async function putNotifications(api: Api, change: Record<string, unknown>) {
  const settings = await (await api('/api/settings')).json();
  const notifications = { ...settings.notifications, timeZone: ZONE, ...change };
  const res = await api('/api/settings', { method: 'PUT', body: { ...settings, notifications } });
  expect(res.status).toBe(200);
}

/** What each channel received for `user`, as [channel, title, ms after due]. */
function receivedBy(user: User, due: number) {
  const t = targets(user);
  const of = (channel: string, list: Received[], to: string) =>
    list.filter((r) => r.to === to).map((r) => [channel, r.title, r.at - due] as const);
  return [
    ...of('ntfy', ntfy.received, t.ntfy),
    ...of('bark', bark.received, t.bark),
    ...of('email', smtp.received, t.email),
  ];
}

function expectOnTime(got: readonly (readonly [string, string, number])[]) {
  for (const [channel, title, late] of got) {
    expect(late, `${channel} ${title}`).toBeGreaterThanOrEqual(0);
    expect(late, `${channel} ${title}`).toBeLessThanOrEqual(35_000);
  }
}

const titles = (got: readonly (readonly [string, string, number])[]) =>
  got.map(([channel, title]) => `${channel} ${title}`).sort();

const everyChannel = (title: string) => [`bark ${title}`, `email ${title}`, `ntfy ${title}`];

beforeAll(async () => {
  ntfy = await startFakeNtfy(NTFY_TOKEN);
  bark = await startFakeBark(USERS.map((u) => targets(u).bark));
  smtp = await startFakeSmtp();
  for (const refused of Object.values(targets('bob'))) {
    ntfy.refuse.add(refused);
    bark.refuse.add(refused);
    smtp.refuse.add(refused);
  }
  env = {
    DATA_DIR: dataDir,
    TZ: ZONE,
    PM_USERS: JSON.stringify(
      USERS.map((u) => ({ username: u, password: `${u}-pass-1`, displayName: u })),
    ),
    NTFY_URL: ntfy.url,
    NTFY_TOKEN,
    BARK_URL: bark.url,
    SMTP_URL: smtp.url,
    SMTP_FROM: 'pms@example.com',
    APP_URL: 'https://pms.example.com',
  };
  server = await startServer(env);
});
afterAll(async () => {
  await server?.stop();
  await Promise.all([ntfy?.close(), bark?.close(), smtp?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

it('on time, once per channel; 记账提醒 only without entries; 10 failures switch off', async () => {
  const alice = await channelsOn('alice');
  const bob = await channelsOn('bob');
  const carol = await channelsOn('carol');
  const dave = await channelsOn('dave');

  const due = nextMinute(20_000);
  const { date, time } = wallAt(due, ZONE);
  await addTask(alice, 'rent', '交房租', due);
  // Bob's channels all refuse: ten reminders at once are ten failures in a row on each.
  for (let i = 0; i < 10; i++) await addTask(bob, `b${i}`, `任务 ${i}`, due);
  // 记账提醒 at the same minute: Carol has recorded nothing that day, Dave has.
  for (const api of [carol, dave]) await putNotifications(api, { ledger: true, ledgerTime: time });
  const entry = { type: 'expense', amount: 18, category: 'dining', description: '午饭', date };
  expect((await dave('/api/accounts', { method: 'POST', body: entry })).status).toBe(201);

  while (Date.now() < due + 40_000) await sleep(500);

  const alices = receivedBy('alice', due);
  console.log('alice, received after due (ms):', alices);
  expect(titles(alices)).toEqual(everyChannel(`交房租 · ${time} 到期`));
  expectOnTime(alices);
  // The UTF-8 title as sent, the tap's screen, Bark's group, the mail's HTML part.
  expect(ntfy.received.find((r) => r.to === targets('alice').ntfy)?.url).toBe(
    'https://pms.example.com/tasks',
  );
  expect(bark.received.find((r) => r.to === targets('alice').bark)?.raw).toMatchObject({
    group: '个人管理系统',
    url: 'https://pms.example.com/tasks',
  });
  expect(smtp.received.find((r) => r.to === targets('alice').email)?.raw.mail).toMatch(
    /text\/html/,
  );

  const carols = receivedBy('carol', due);
  console.log('carol 记账提醒, received after due (ms):', carols);
  expect(titles(carols)).toEqual(everyChannel('今天还没记账'));
  expectOnTime(carols);
  expect(receivedBy('dave', due)).toEqual([]);

  expect(ntfy.refused + bark.refused + smtp.refused).toBe(30);
  const list = (await (await bob('/api/push/channels')).json()) as {
    channels: { channel: string; enabled: boolean; failures: number }[];
  };
  expect(list.channels.map((c) => [c.channel, c.enabled, c.failures])).toEqual([
    ['ntfy', false, 10],
    ['bark', false, 10],
    ['email', false, 10],
  ]);
  const inbox = (await (await bob('/api/push/inbox')).json()) as {
    items: { kind: string; title: string }[];
  };
  expect(
    inbox.items
      .filter((i) => i.kind === 'channel')
      .map((i) => i.title)
      .sort(),
  ).toEqual(['Bark提醒已关闭', 'ntfy提醒已关闭', '邮件提醒已关闭']);
  // 发送测试 once the service answers again: 已送达, and the channel is on.
  ntfy.refuse.delete(targets('bob').ntfy);
  const test = await bob('/api/push/channels/ntfy/test', { method: 'POST' });
  expect(await test.json()).toMatchObject({ delivered: true, channel: { enabled: true } });
});

it('a kill -9 a second before due delivers once per channel; 免打扰 holds one, the inbox has it', async () => {
  const alice = await as('alice');
  const since = {
    ntfy: ntfy.received.length,
    bark: bark.received.length,
    smtp: smtp.received.length,
  };
  const due = nextMinute(80_000);
  const { time } = wallAt(due, ZONE);
  const early = due - 60_000;
  // 免打扰 from now until `due`: the reminder at `due - 1 min` waits for their end.
  await putNotifications(alice, { quietStart: wallAt(Date.now(), ZONE).time, quietEnd: time });
  await addTask(alice, 'crash', '备份服务器', due);
  await addTask(alice, 'quiet', '安静时段的任务', early);

  while (Date.now() < early + 5_000) await sleep(250);
  const inbox = (await (await alice('/api/push/inbox')).json()) as {
    items: { title: string }[];
  };
  const held = `安静时段的任务 · ${wallAt(early, ZONE).time} 到期`;
  expect(inbox.items.map((i) => i.title)).toContain(held);
  expect(ntfy.received.length + bark.received.length + smtp.received.length).toBe(
    since.ntfy + since.bark + since.smtp,
  );

  while (Date.now() < due - 1000) await sleep(50);
  await server.kill9();
  server = await startServer(env);
  while (Date.now() < due + 40_000) await sleep(500);

  const fresh = receivedBy('alice', due).filter(([, title]) => !title.startsWith('交房租'));
  console.log('after kill -9 / quiet hours, received after due (ms):', fresh);
  expect(titles(fresh)).toEqual(
    [...everyChannel(`备份服务器 · ${time} 到期`), ...everyChannel(held)].sort(),
  );
  expectOnTime(fresh);
});
