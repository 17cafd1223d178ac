import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { channelConfig } from '../../server/config';
import { openSqliteStore } from '../../server/db/sqlite-store';
import {
  type ChannelMessage,
  type ChannelName,
  type ChannelOutcome,
  channelSender,
} from '../../server/push/channels';
import { instantOf } from '../../server/push/clock';
import { openPushDb, type PushDb } from '../../server/push/db';
import { pushActionRoute, pushRoutes } from '../../server/push/routes';
import { PushScheduler } from '../../server/push/scheduler';
import type { Store } from '../../server/store';
import { setUser } from '../../server/users';
import { startFakeBark, startFakeNtfy, startFakeSmtp } from '../push/fake-channels';

// 提醒渠道 (issue 62) in process, on a fixed clock: the scheduler's tick() with a recording
// channel sender (who gets what, once; 免打扰; 记账提醒; 每日概览; 10 failures), the routes,
// and the real senders against local fakes of ntfy, Bark and SMTP on 127.0.0.1. The real
// server process waiting for real minutes: tests/push/channels-service.test.ts.

const dir = mkdtempSync(join(tmpdir(), 'pms-channels-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileNo = 0;

const ZONE = 'Asia/Shanghai';
const shanghai = (date: string, time: string) => instantOf(date, time, ZONE);
const ALL: ChannelName[] = ['ntfy', 'bark', 'email'];

interface Sent {
  channel: ChannelName;
  target: string;
  message: ChannelMessage;
}

let file: string;
let store: Store;
let db: PushDb;
let clock: number;
let sent: Sent[];
let answer: (channel: ChannelName) => ChannelOutcome | Promise<ChannelOutcome>;
let scheduler: PushScheduler;
let app: ReturnType<typeof createApp>;
const tokens: Record<string, string> = {};
const hasher = {
  hash: async (p: string) => `plain:${p}`,
  verify: async (p: string, s: string) => s === `plain:${p}`,
};

function build(offered: ChannelName[] = ALL) {
  const send = async (channel: ChannelName, target: string, message: ChannelMessage) => {
    sent.push({ channel, target, message });
    return answer(channel);
  };
  scheduler = new PushScheduler({
    db,
    store,
    actionSecret: 'secret',
    now: () => clock,
    send: async () => 'sent',
    channels: { send, offered, appUrl: 'https://pms.example.com' },
  });
  const deps = {
    db,
    store,
    scheduler,
    publicKey: 'BPUBLIC',
    actionSecret: 'secret',
    now: () => new Date(clock),
    channels: {
      send,
      offered,
      config: { ntfy: { url: 'https://ntfy.example.com' }, bark: { url: 'https://api.day.app' } },
    },
  };
  app = createApp({
    store,
    auth: hasher,
    loginRefusalDelayMs: 0,
    now: () => new Date(clock),
    push: { routes: pushRoutes(deps), action: pushActionRoute(deps) },
  });
}

beforeEach(async () => {
  file = join(dir, `channels-${++fileNo}.sqlite`);
  store = openSqliteStore(file);
  for (const username of ['alice', 'bob']) {
    await setUser(store, hasher, {
      username,
      password: `${username}-pass-1`,
      displayName: username,
    });
  }
  db = openPushDb(file);
  clock = shanghai('2026-11-27', '14:00');
  sent = [];
  answer = () => ({ ok: true });
  build();
  for (const username of ['alice', 'bob']) {
    const res = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: `${username}-pass-1` }),
    });
    tokens[username] = ((await res.json()) as { token: string }).token;
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

/** Every channel on for the user: a topic, a key, an address. */
async function allOn(user = 'alice') {
  const targets = { ntfy: `${user}-topic`, bark: `${user}Key123`, email: `${user}@example.com` };
  for (const channel of ALL) {
    const res = await call(user, `/api/push/channels/${channel}`, 'PUT', {
      target: targets[channel],
      enabled: true,
    });
    expect(res.status).toBe(200);
  }
}

async function addTask(id: string, dueDate: string, dueTime: string, user = 'alice') {
  const res = await call(user, '/api/tasks', 'POST', {
    id,
    title: `任务 ${id}`,
    dueDate,
    dueTime,
    reminders: [0],
  });
  expect(res.status).toBe(201);
}

const got = () => sent.map((s) => `${s.channel} ${s.target} ${s.message.title}`).sort();

async function inbox(user = 'alice') {
  return (await (await call(user, '/api/push/inbox')).json()) as {
    items: { title: string; kind: string; body: string }[];
    unread: number;
  };
}

describe('提醒渠道 routes', () => {
  it('lists the offered channels only, with a random ntfy topic that stays', async () => {
    const list = async (user: string) =>
      (
        (await (await call(user, '/api/push/channels')).json()) as {
          channels: { channel: string; target: string; enabled: boolean; server?: string }[];
        }
      ).channels;
    const first = await list('alice');
    expect(first.map((c) => c.channel)).toEqual(['ntfy', 'bark', 'email']);
    const topic = first[0]!.target;
    expect(topic).toMatch(/^pms-[A-Za-z0-9_-]{22}$/);
    expect(first[0]).toMatchObject({ enabled: false, server: 'https://ntfy.example.com' });
    expect((await list('alice'))[0]!.target).toBe(topic);
    expect((await list('bob'))[0]!.target).not.toBe(topic);

    build(['ntfy']);
    expect((await list('alice')).map((c) => c.channel)).toEqual(['ntfy']);
    const res = await call('alice', '/api/push/channels/email', 'PUT', {
      target: 'a@example.com',
      enabled: true,
    });
    expect(res.status).toBe(404);
  });

  it('a server without channels lists none', async () => {
    const deps = { db, store, scheduler, publicKey: 'B', actionSecret: 'secret' };
    app = createApp({
      store,
      auth: hasher,
      loginRefusalDelayMs: 0,
      now: () => new Date(clock),
      push: { routes: pushRoutes(deps), action: pushActionRoute(deps) },
    });
    expect(await (await call('alice', '/api/push/channels')).json()).toEqual({ channels: [] });
    expect((await call('alice', '/api/push/channels/ntfy/test', 'POST')).status).toBe(404);
  });

  it('the push test (发送测试通知) is for devices: no channel gets it', async () => {
    await allOn();
    expect((await call('alice', '/api/push/test', 'POST')).status).toBe(200);
    await scheduler.tick();
    expect(sent).toEqual([]);
  });

  it('takes a topic, a key and an address, never a URL, and refuses switching on an empty one', async () => {
    const put = (channel: string, target: string, enabled = true) =>
      call('alice', `/api/push/channels/${channel}`, 'PUT', { target, enabled });
    for (const [channel, bad] of [
      ['ntfy', 'https://evil.example.com/topic'],
      ['ntfy', '主题'],
      ['bark', 'http://127.0.0.1/push'],
      ['email', 'not-an-address'],
      ['email', ''],
    ] as const) {
      const res = await put(channel, bad);
      expect(res.status, `${channel} ${bad}`).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/^target: /);
    }
    expect((await put('email', '', false)).status).toBe(200);
    expect((await put('email', 'me@example.com')).status).toBe(200);
    expect(db.channels('alice').find((c) => c.channel === 'email')).toMatchObject({
      target: 'me@example.com',
      enabled: true,
    });
    // Bob sees none of it.
    const bobs = (await (await call('bob', '/api/push/channels')).json()) as {
      channels: { target: string }[];
    };
    expect(bobs.channels[2]!.target).toBe('');
  });

  it('发送测试 says 已送达 or the error, and a delivered test switches the channel on', async () => {
    await call('alice', '/api/push/channels/bark', 'PUT', {
      target: 'aliceKey123',
      enabled: false,
    });
    answer = () => ({
      ok: false,
      error: '服务器拒绝（400）：failed to get device token',
      permanent: true,
    });
    let res = await call('alice', '/api/push/channels/bark/test', 'POST');
    expect(await res.json()).toEqual({
      delivered: false,
      error: '服务器拒绝（400）：failed to get device token',
    });
    expect(db.channels('alice')[0]!.enabled).toBe(false);
    answer = () => ({ ok: true });
    res = await call('alice', '/api/push/channels/bark/test', 'POST');
    expect(await res.json()).toMatchObject({ delivered: true, channel: { enabled: true } });
    expect(sent.at(-1)).toMatchObject({
      channel: 'bark',
      target: 'aliceKey123',
      message: { title: '测试提醒', url: 'https://pms.example.com/settings?section=notifications' },
    });
    // Nothing saved yet for e-mail: nothing to test.
    expect((await call('alice', '/api/push/channels/email/test', 'POST')).status).toBe(400);
  });
});

describe('the scheduler and the channels', () => {
  it('sends a due task to each channel switched on, once, with its title and screen', async () => {
    await allOn();
    await call('bob', '/api/push/channels/ntfy', 'PUT', { target: 'bob-topic', enabled: false });
    await addTask('rent', '2026-11-27', '15:00');
    await addTask('rent', '2026-11-27', '15:00', 'bob');
    clock = shanghai('2026-11-27', '14:59');
    await scheduler.tick();
    expect(sent).toEqual([]);
    clock = shanghai('2026-11-27', '15:00');
    await scheduler.tick();
    expect(got()).toEqual([
      'bark aliceKey123 任务 rent · 15:00 到期',
      'email alice@example.com 任务 rent · 15:00 到期',
      'ntfy alice-topic 任务 rent · 15:00 到期',
    ]);
    expect(sent[0]!.message.url).toBe('https://pms.example.com/tasks');
    for (let i = 0; i < 3; i++) {
      clock += 30_000;
      await scheduler.tick();
    }
    expect(sent).toHaveLength(3);
    const rows = db.sqlite
      .prepare(`SELECT channel, status, attempts FROM channel_sends ORDER BY channel`)
      .all();
    expect(rows).toEqual([
      { channel: 'bark', status: 'sent', attempts: 1 },
      { channel: 'email', status: 'sent', attempts: 1 },
      { channel: 'ntfy', status: 'sent', attempts: 1 },
    ]);
  });

  it('after a crash between record and send, a new scheduler sends each channel once', async () => {
    await allOn();
    await addTask('backup', '2026-11-27', '15:00');
    clock = shanghai('2026-11-27', '15:00');
    // The process dies inside the first send: ntfy's went out, the others never left.
    answer = (channel) => {
      if (channel === 'ntfy') return { ok: true };
      throw new Error('killed');
    };
    await scheduler.tick();
    scheduler.stop();
    answer = () => ({ ok: true });
    sent = [];
    build();
    clock += 5_000;
    await scheduler.tick();
    await scheduler.tick();
    expect(got()).toEqual([
      'bark aliceKey123 任务 backup · 15:00 到期',
      'email alice@example.com 任务 backup · 15:00 到期',
    ]);
  });

  it('免打扰 holds channel sends, not the inbox; sent at their end if still due', async () => {
    await allOn();
    await call('alice', '/api/settings', 'PUT', {
      notifications: { timeZone: ZONE, quietStart: '22:30', quietEnd: '07:30' },
    });
    clock = shanghai('2026-11-27', '22:00');
    await addTask('late', '2026-11-27', '23:00');
    await addTask('done', '2026-11-27', '23:30');
    clock = shanghai('2026-11-27', '23:30');
    await scheduler.tick();
    expect(sent).toEqual([]);
    expect((await inbox()).items.map((i) => i.title).sort()).toEqual([
      '任务 done · 23:30 到期',
      '任务 late · 23:00 到期',
    ]);
    // Done in the night: no longer due when 免打扰 ends.
    const done = (await (await call('alice', '/api/tasks/done')).json()) as Record<string, unknown>;
    const completed = { ...done, completed: true, completedAt: new Date(clock).toISOString() };
    expect((await call('alice', '/api/tasks/done', 'PUT', completed)).status).toBe(200);
    clock = shanghai('2026-11-28', '07:29');
    await scheduler.tick();
    expect(sent).toEqual([]);
    clock = shanghai('2026-11-28', '07:30');
    await scheduler.tick();
    expect(got()).toEqual([
      'bark aliceKey123 任务 late · 昨天 23:00 到期',
      'email alice@example.com 任务 late · 昨天 23:00 到期',
      'ntfy alice-topic 任务 late · 昨天 23:00 到期',
    ]);
    clock += 60_000;
    await scheduler.tick();
    expect(sent).toHaveLength(3);
  });

  it('记账提醒 rings at its time on a day without entries, not on a day with one', async () => {
    await allOn();
    await call('alice', '/api/settings', 'PUT', {
      notifications: { timeZone: ZONE, ledger: true, ledgerTime: '21:00' },
    });
    clock = shanghai('2026-11-27', '20:59');
    expect(await scheduler.tick()).toBe(shanghai('2026-11-27', '21:00'));
    expect(sent).toEqual([]);
    clock = shanghai('2026-11-27', '21:00');
    await scheduler.tick();
    expect(got()).toEqual([
      'bark aliceKey123 今天还没记账',
      'email alice@example.com 今天还没记账',
      'ntfy alice-topic 今天还没记账',
    ]);
    expect(sent[0]!.message.url).toBe('https://pms.example.com/accounting');
    // The next day has an entry (made at noon): nothing at 21:00.
    sent = [];
    clock = shanghai('2026-11-28', '12:00');
    await call('alice', '/api/accounts', 'POST', {
      type: 'expense',
      amount: 25,
      category: 'dining',
      description: '午饭',
      date: '2026-11-28',
    });
    clock = shanghai('2026-11-28', '21:00');
    await scheduler.tick();
    clock = shanghai('2026-11-28', '23:00');
    await scheduler.tick();
    expect(sent).toEqual([]);
  });

  it('每日概览: overdue tasks first, today’s habits and the day’s budget, in one message', async () => {
    await call('alice', '/api/push/channels/ntfy', 'PUT', { target: 'alice-topic', enabled: true });
    await call('alice', '/api/settings', 'PUT', {
      dailyBudget: 150,
      notifications: { timeZone: ZONE, digest: true, digestTime: '08:00' },
    });
    clock = shanghai('2026-11-26', '10:00');
    await addTask('report', '2026-11-27', '15:00');
    await addTask('tax', '2026-11-25', '');
    await addTask('later', '2026-11-30', '');
    await call('alice', '/api/checkin-tasks', 'POST', { id: 'read', name: '阅读' });
    clock = shanghai('2026-11-27', '08:00');
    await scheduler.tick();
    expect(sent.map((s) => s.message)).toEqual([
      {
        title: '每日概览 · 11月27日',
        body: [
          '任务 2 项（逾期 1）：任务 tax（逾期）、任务 report 15:00',
          '打卡 1 项：阅读',
          '今日预算 ¥150.00，已支出 ¥0.00',
        ].join('\n'),
        url: 'https://pms.example.com/',
      },
    ]);
  });

  it('10 failures in a row switch a channel off with an inbox notice; 发送测试 turns it on', async () => {
    await allOn();
    answer = (channel) =>
      channel === 'bark'
        ? { ok: false, error: '服务器拒绝（500）', permanent: false }
        : { ok: true };
    for (let i = 0; i < 9; i++) await addTask(`t${i}`, '2026-11-27', '15:00');
    clock = shanghai('2026-11-27', '15:00');
    await scheduler.tick();
    expect(db.channels('alice').find((c) => c.channel === 'bark')).toMatchObject({
      enabled: true,
      failures: 9,
    });
    // A passing failure is tried again 30 s later: the 10th failure.
    clock += 30_000;
    await scheduler.tick();
    const bark = db.channels('alice').find((c) => c.channel === 'bark')!;
    expect(bark).toMatchObject({ enabled: false, lastError: '服务器拒绝（500）' });
    expect(sent.filter((s) => s.channel === 'ntfy')).toHaveLength(9);
    const notice = (await inbox()).items.find((i) => i.kind === 'channel');
    expect(notice?.title).toBe('Bark提醒已关闭');
    expect(notice?.body).toMatch(/连续 10 次发送失败/);
    // Everything still waiting for Bark is given up; later reminders skip it.
    const before = sent.length;
    clock += 3_600_000;
    await addTask('after', '2026-11-27', '17:00');
    clock = shanghai('2026-11-27', '17:00');
    await scheduler.tick();
    expect(
      sent
        .slice(before)
        .map((s) => s.channel)
        .sort(),
    ).toEqual(['email', 'ntfy']);

    answer = () => ({ ok: true });
    const res = await call('alice', '/api/push/channels/bark/test', 'POST');
    expect(await res.json()).toMatchObject({ delivered: true });
    expect(db.channels('alice').find((c) => c.channel === 'bark')).toMatchObject({
      enabled: true,
      failures: 0,
    });
  });

  it('a success resets the count, and a refusal that cannot pass is not tried again', async () => {
    await call('alice', '/api/push/channels/ntfy', 'PUT', { target: 'alice-topic', enabled: true });
    answer = () => ({ ok: false, error: '服务器拒绝（403）', permanent: true });
    await addTask('a', '2026-11-27', '15:00');
    clock = shanghai('2026-11-27', '15:00');
    await scheduler.tick();
    clock += 3_600_000;
    await scheduler.tick();
    expect(sent).toHaveLength(1);
    expect(db.channels('alice')[0]).toMatchObject({ failures: 1 });
    answer = () => ({ ok: true });
    await addTask('b', '2026-11-27', '17:00');
    clock = shanghai('2026-11-27', '17:00');
    await scheduler.tick();
    expect(db.channels('alice')[0]).toMatchObject({ failures: 0, lastError: '' });
  });

  it('one user’s silent channel does not hold another user’s reminder', async () => {
    await allOn('alice');
    await allOn('bob');
    let release: () => void = () => {};
    const stuck = new Promise<void>((r) => {
      release = r;
    });
    answer = async () => ({ ok: true });
    const send = async (channel: ChannelName, target: string, message: ChannelMessage) => {
      sent.push({ channel, target, message });
      if (target.startsWith('alice')) await stuck;
      return { ok: true } as const;
    };
    scheduler = new PushScheduler({
      db,
      store,
      actionSecret: 'secret',
      now: () => clock,
      send: async () => 'sent',
      channels: { send, offered: ALL },
    });
    await addTask('a', '2026-11-27', '15:00');
    await addTask('b', '2026-11-27', '15:00', 'bob');
    clock = shanghai('2026-11-27', '15:00');
    const pass = scheduler.tick();
    await new Promise((r) => setTimeout(r, 50));
    // Bob's three went out while Alice's are still waiting.
    expect(sent.filter((s) => s.target.startsWith('bob'))).toHaveLength(3);
    release();
    await pass;
    expect(sent).toHaveLength(6);
  });
});

describe('the senders against local ntfy, Bark and SMTP servers', () => {
  it('ntfy: JSON publishing, UTF-8 title and body, the click URL, the token', async () => {
    const ntfy = await startFakeNtfy('tk_secret');
    try {
      const send = channelSender({ ntfy: { url: ntfy.url, token: 'tk_secret' } });
      const outcome = await send('ntfy', 'pms-topic', {
        title: '交房租 · 15:00 到期',
        body: '记得转账 ✓',
        url: 'https://pms.example.com/tasks',
      });
      expect(outcome).toEqual({ ok: true });
      expect(ntfy.received[0]).toMatchObject({
        to: 'pms-topic',
        title: '交房租 · 15:00 到期',
        body: '记得转账 ✓',
        url: 'https://pms.example.com/tasks',
      });
      const wrong = channelSender({ ntfy: { url: ntfy.url, token: 'wrong' } });
      expect(await wrong('ntfy', 'pms-topic', { title: 'x', body: '' })).toEqual({
        ok: false,
        error: '服务器拒绝（403）：forbidden',
        permanent: true,
      });
      ntfy.answer = 502;
      expect(await send('ntfy', 'pms-topic', { title: 'x', body: '' })).toMatchObject({
        ok: false,
        permanent: false,
      });
    } finally {
      await ntfy.close();
    }
  });

  it('Bark: device key, title, body, group 个人管理系统 and the URL; an unknown key is refused', async () => {
    const bark = await startFakeBark(['aliceKey123']);
    try {
      const send = channelSender({ bark: { url: bark.url } });
      const message = {
        title: '今天还没记账',
        body: '记一笔吧',
        url: 'https://pms.example.com/accounting',
      };
      expect(await send('bark', 'aliceKey123', message)).toEqual({ ok: true });
      expect(bark.received[0]!.raw).toEqual({
        device_key: 'aliceKey123',
        title: '今天还没记账',
        body: '记一笔吧',
        group: '个人管理系统',
        url: 'https://pms.example.com/accounting',
      });
      expect(await send('bark', 'nobody', message)).toEqual({
        ok: false,
        error: '服务器拒绝（400）：failed to get device token',
        permanent: true,
      });
    } finally {
      await bark.close();
    }
  });

  it('e-mail: through nodemailer to an SMTP sink, plain text and a short HTML part', async () => {
    const smtp = await startFakeSmtp();
    try {
      const config = channelConfig({
        SMTP_URL: smtp.url,
        SMTP_FROM: 'pms@example.com',
        BARK_URL: 'off',
      });
      const send = channelSender(config);
      const outcome = await send('email', 'alice@example.com', {
        title: '交房租 · 15:00 到期',
        body: '记得转账 <今天>',
        url: 'https://pms.example.com/tasks',
      });
      expect(outcome).toEqual({ ok: true });
      const mail = smtp.received[0]!;
      expect(mail.to).toBe('alice@example.com');
      expect(mail.title).toBe('交房租 · 15:00 到期');
      expect(mail.raw.mail).toMatch(/Content-Type: text\/plain/);
      expect(mail.raw.mail).toMatch(/Content-Type: text\/html/);
      expect(mail.url).toBe('https://pms.example.com/tasks');
      smtp.answer = 550;
      expect(await send('email', 'alice@example.com', { title: 'x', body: '' })).toMatchObject({
        ok: false,
        permanent: true,
      });
    } finally {
      await smtp.close();
    }
  });

  it('a server that never answers costs one deadline, connect included', async () => {
    const ntfy = await startFakeNtfy();
    const smtp = await startFakeSmtp();
    ntfy.answer = 'silent';
    smtp.answer = 'silent';
    try {
      const send = channelSender(
        { ntfy: { url: ntfy.url }, email: { url: smtp.url, from: 'pms@example.com' } },
        { deadlineMs: 400 },
      );
      for (const [channel, target] of [
        ['ntfy', 'topic'],
        ['email', 'a@example.com'],
      ] as const) {
        const started = Date.now();
        const outcome = await send(channel, target, { title: 'x', body: '' });
        const took = Date.now() - started;
        expect(outcome, channel).toMatchObject({ ok: false, permanent: false });
        expect(took, channel).toBeGreaterThanOrEqual(380);
        expect(took, channel).toBeLessThan(1500);
      }
    } finally {
      await ntfy.close();
      await smtp.close();
    }
  });

  it('reads the administrator’s variables; a bad one names itself', () => {
    expect(channelConfig({})).toEqual({ bark: { url: 'https://api.day.app' } });
    expect(
      channelConfig({
        NTFY_URL: 'http://127.0.0.1:8090/',
        NTFY_TOKEN: 'tk',
        BARK_URL: 'off',
        SMTP_URL: 'smtps://me%40qq.com:pw@smtp.qq.com:465',
        APP_URL: 'https://pms.example.com',
      }),
    ).toEqual({
      ntfy: { url: 'http://127.0.0.1:8090', token: 'tk' },
      email: { url: 'smtps://me%40qq.com:pw@smtp.qq.com:465', from: 'me@qq.com' },
      appUrl: 'https://pms.example.com',
    });
    expect(() => channelConfig({ NTFY_URL: 'ntfy.sh' })).toThrow(/NTFY_URL/);
    expect(() => channelConfig({ SMTP_URL: 'smtp://smtp.example.com' })).toThrow(/SMTP_FROM/);
    expect(() => channelConfig({ BARK_URL: 'ftp://x' })).toThrow(/BARK_URL/);
  });
});
