import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import type { ChannelConfig } from '../config';
import { type AppEnv, fail, readBody } from '../routes/http';
import { CHANNELS, type ChannelName, type ChannelSender } from './channels';
import type { ChannelRow, PushDb } from './db';
import type { PushScheduler } from './scheduler';

// /api/push/channels: 设置 → 通知 → 提醒渠道 (issue 62). Only the channels whose server the
// administrator configured are listed; a user sets a topic, a device key or an address — the
// server address is never theirs to choose, so nothing here can make the server call anywhere
// else (no SSRF). 发送测试 sends one message at once and answers what happened.

export interface ChannelDeps {
  db: PushDb;
  scheduler: PushScheduler;
  config: ChannelConfig;
  offered: readonly ChannelName[];
  send: ChannelSender;
  now?: () => Date;
}

// ntfy's topic rule (docs.ntfy.sh: letters, digits, _ and -, up to 64). Anyone who knows a
// topic on a public server can read it, so the default is 16 random bytes.
const TOPIC = /^[A-Za-z0-9_-]{1,64}$/;
// Bark device keys are letters and digits (22 on api.day.app); self-hosted ones too.
const BARK_KEY = /^[A-Za-z0-9]{4,64}$/;

const targetSchema: Record<ChannelName, z.ZodType<string>> = {
  ntfy: z
    .string()
    .trim()
    .regex(TOPIC, { message: '主题只能包含字母、数字、_ 和 -，最多 64 个字符' }),
  bark: z.string().trim().regex(BARK_KEY, { message: '设备密钥只能包含字母和数字（4–64 个）' }),
  email: z.email({ message: '邮箱地址无效' }).max(254, { message: '邮箱地址过长' }),
};

const bodySchema = z.object({
  target: z.string({ error: '请填写' }).max(300, { message: '过长' }),
  enabled: z.boolean({ error: 'enabled 应为 true 或 false' }),
});

/** A random topic nobody will guess: pms- and 16 random bytes. */
const randomTopic = () => `pms-${randomBytes(16).toString('base64url')}`;

export function channelRoutes(deps: ChannelDeps) {
  const { db, offered } = deps;
  const now = deps.now ?? (() => new Date());
  const app = new Hono<AppEnv>();
  const user = (c: { get(k: 'user'): { username: string } }) => c.get('user').username;

  const view = (row: ChannelRow | undefined, channel: ChannelName) => ({
    channel,
    target: row?.target ?? '',
    enabled: row?.enabled ?? false,
    failures: row?.failures ?? 0,
    lastError: row?.lastError ?? '',
    // What the how-to names: the server to subscribe on in the ntfy app or add in Bark.
    ...(channel === 'ntfy' ? { server: deps.config.ntfy?.url } : {}),
    ...(channel === 'bark' ? { server: deps.config.bark?.url } : {}),
  });

  const list = (userId: string) => {
    if (offered.includes('ntfy')) {
      db.ensureChannel(userId, 'ntfy', randomTopic(), now().toISOString());
    }
    const rows = db.channels(userId);
    return offered.map((channel) =>
      view(
        rows.find((r) => r.channel === channel),
        channel,
      ),
    );
  };

  const channelOf = (raw: string): ChannelName | undefined =>
    (CHANNELS as readonly string[]).includes(raw) && offered.includes(raw as ChannelName)
      ? (raw as ChannelName)
      : undefined;

  app.get('/', (c) => c.json({ channels: list(user(c)) }));

  app.put('/:channel', async (c) => {
    const channel = channelOf(c.req.param('channel'));
    if (!channel) return fail(c, 404, '服务器没有配置这个提醒渠道');
    const body = await readBody(c, bodySchema);
    let target = body.target.trim();
    if (target !== '' || body.enabled) {
      const parsed = targetSchema[channel].safeParse(target);
      if (!parsed.success) return fail(c, 400, `target: ${parsed.error.issues[0]!.message}`);
      target = parsed.data;
    }
    db.saveChannel(user(c), channel, { target, enabled: body.enabled }, now().toISOString());
    return c.json(list(user(c)).find((v) => v.channel === channel));
  });

  // One message at once, under the same deadline as every send; delivered, it switches the
  // channel on (also after 10 failures switched it off).
  app.post('/:channel/test', async (c) => {
    const channel = channelOf(c.req.param('channel'));
    if (!channel) return fail(c, 404, '服务器没有配置这个提醒渠道');
    const userId = user(c);
    const row = db.channels(userId).find((r) => r.channel === channel);
    if (!row?.target) return fail(c, 400, '请先填写并保存');
    const outcome = await deps.send(
      channel,
      row.target,
      deps.scheduler.message({
        title: '测试提醒',
        body: '提醒渠道已连通，提醒会这样送达。',
        url: '/settings?section=notifications',
      }),
    );
    if (!outcome.ok) return c.json({ delivered: false, error: outcome.error });
    db.saveChannel(userId, channel, { target: row.target, enabled: true }, now().toISOString());
    db.channelOk(userId, channel);
    return c.json({ delivered: true, channel: list(userId).find((v) => v.channel === channel) });
  });

  return app;
}
