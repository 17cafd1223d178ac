import { createHash, randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { completeOccurrence } from '../../src/domain/occurrences';
import { materialise } from '../../src/domain/records';
import { idSchema } from '../../src/domain/schemas/common';
import { withDefaults } from '../../src/domain/tasks';
import { type AppEnv, fail, readBody } from '../routes/http';
import type { Store } from '../store';
import { subscriptionTag, verifyAction } from './action';
import { type ChannelDeps, channelRoutes } from './channel-routes';
import { wallAt } from './clock';
import { MAX_ONE_OFFS, type PushDb } from './db';
import { endpointProblem } from './endpoint';
import type { PushScheduler } from './scheduler';

// /api/push/*: the browser's subscriptions, the 通知中心 inbox, one-off reminders (the end of
// a focus phase), a test notification — all scoped by the signed-in user — and the buttons of
// a notification (POST /api/push/action), which carry a signed token instead of a session.

export interface PushRouteDeps {
  db: PushDb;
  store: Store;
  scheduler: PushScheduler;
  publicKey: string;
  actionSecret: string;
  allowOrigin?: string;
  /** 提醒渠道 (channel-routes.ts), when the server offers any. */
  channels?: Omit<ChannelDeps, 'db' | 'scheduler' | 'now'>;
  now?: () => Date;
}

const base64url = (bytes: number, field: string) =>
  z
    .string({ error: `${field} 缺失` })
    .regex(/^[A-Za-z0-9_-]+=*$/, { message: `${field} 应为 base64url` })
    .refine((v) => Buffer.from(v, 'base64url').length === bytes, {
      message: `${field} 长度不对`,
    });

/** Exactly what PushSubscription.toJSON() gives, plus an optional device name. */
const subscriptionSchema = z.object({
  endpoint: z.string({ error: '推送地址缺失' }).max(2048, { message: '网址过长' }),
  expirationTime: z.number().int().nonnegative().nullable().optional(),
  keys: z.object(
    {
      // An uncompressed P-256 point and a 16-byte secret (RFC 8291).
      p256dh: base64url(65, 'p256dh'),
      auth: base64url(16, 'auth'),
    },
    { error: '缺少 keys' },
  ),
  deviceName: z.string().max(100, { message: '设备名称最多 100 个字符' }).optional(),
});

const endpointSchema = z.object({ endpoint: z.string({ error: '推送地址缺失' }).max(2048) });

const readSchema = z.union([
  z.object({ all: z.literal(true) }),
  z.object({
    items: z
      .array(z.object({ key: z.string().max(300), occurrence: z.string().max(100) }))
      .max(100),
  }),
]);

const oneOffSchema = z.object({
  id: idSchema,
  at: z.iso.datetime({ offset: true, message: '时间格式无效' }),
  title: z.string().trim().min(1, { message: '请填写标题' }).max(100),
  body: z.string().max(200).default(''),
  url: z
    .string()
    .max(200)
    .regex(/^\/(?!\/)/, { message: '只能是本站路径' })
    .default('/time'),
});

export function pushRoutes(deps: PushRouteDeps) {
  const { db, scheduler } = deps;
  const now = deps.now ?? (() => new Date());
  const app = new Hono<AppEnv>();
  const user = (c: { get(k: 'user'): { username: string } }) => c.get('user').username;

  app.get('/public-key', (c) => c.json({ publicKey: deps.publicKey }));

  if (deps.channels)
    app.route('/channels', channelRoutes({ db, scheduler, now, ...deps.channels }));
  // No channel configured: 设置 shows none.
  else app.get('/channels', (c) => c.json({ channels: [] }));

  app.get('/subscriptions', (c) =>
    c.json(
      db.subscriptions(user(c)).map((s) => ({
        endpoint: s.endpoint,
        deviceName: s.deviceName,
        createdAt: s.createdAt,
      })),
    ),
  );

  app.post('/subscriptions', async (c) => {
    const body = await readBody(c, subscriptionSchema);
    const problem = endpointProblem(body.endpoint, deps.allowOrigin);
    if (problem) return fail(c, 400, problem);
    const outcome = db.saveSubscription(
      user(c),
      {
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        expirationTime: body.expirationTime ?? null,
        deviceName: body.deviceName ?? '',
        createdAt: now().toISOString(),
      },
      c.get('tokenHash'),
    );
    return c.json({ endpoint: body.endpoint }, outcome === 'created' ? 201 : 200);
  });

  app.delete('/subscriptions', async (c) => {
    const { endpoint } = await readBody(c, endpointSchema);
    if (!db.removeSubscription(user(c), endpoint)) return fail(c, 404, '没有这个订阅');
    return c.body(null, 204);
  });

  app.post('/test', async (c) => {
    const at = now().getTime();
    const delivered = await scheduler.deliver(user(c), {
      key: `test:${randomUUID()}`,
      occurrence: new Date(at).toISOString(),
      kind: 'test',
      title: '测试通知',
      body: '本设备能收到提醒，提醒会这样出现。',
      url: '/settings',
      at,
    });
    // `devices`: subscribed; `delivered`: whose push service took it (a gone one is dropped).
    return c.json({ devices: db.subscriptions(user(c)).length, delivered: delivered || 0 });
  });

  app.get('/inbox', (c) => {
    const items = db.inbox(user(c)).map((d) => ({
      key: d.key,
      occurrence: d.occurrence,
      kind: d.kind,
      title: d.title,
      body: d.body,
      url: d.url,
      at: d.sentAt ?? d.createdAt,
      read: d.read,
    }));
    return c.json({ items, unread: items.filter((i) => !i.read).length });
  });

  app.post('/inbox/read', async (c) => {
    const body = await readBody(c, readSchema);
    db.markRead(user(c), 'all' in body ? 'all' : body.items);
    return c.body(null, 204);
  });

  // The timer's phase end: scheduled when a phase starts, moved or cancelled when it changes.
  app.put('/one-offs/:id', async (c) => {
    const body = await readBody(c, oneOffSchema.omit({ id: true }));
    const id = idSchema.safeParse(c.req.param('id'));
    if (!id.success) return fail(c, 400, 'id: id 无效');
    const added = db.addOneOff({
      userId: user(c),
      id: id.data,
      kind: 'focus',
      at: new Date(body.at).toISOString(),
      title: body.title,
      body: body.body,
      url: body.url,
      data: '{}',
    });
    if (added === 'full') {
      return fail(c, 409, `待发送的提醒已有 ${MAX_ONE_OFFS} 个，请先取消一些再添加`);
    }
    scheduler.poke();
    return c.json({ id: id.data, at: new Date(body.at).toISOString() });
  });

  app.delete('/one-offs/:id', (c) => {
    if (!db.removeOneOff(user(c), c.req.param('id'))) return fail(c, 404, '没有这个提醒');
    return c.body(null, 204);
  });

  return app;
}

const actionSchema = z.object({ token: z.string().min(1).max(2000) });

/**
 * POST /api/push/action {token}: a notification's button. Mounted outside the session check;
 * the token is the authority (action.ts). Repeats answer 200 and change nothing.
 */
export function pushActionRoute(deps: PushRouteDeps) {
  const { db, store, scheduler } = deps;
  const now = deps.now ?? (() => new Date());
  const app = new Hono<AppEnv>();
  app.post('/', async (c) => {
    const { token } = await readBody(c, actionSchema);
    const at = now();
    const claim = verifyAction(deps.actionSecret, token, at.getTime());
    // The subscription it was sent to must still be there: signing out (of this browser, of
    // the others, by a new password) removes it, and with it every button it was sent.
    if (!claim || !db.subscriptions(claim.u).some((s) => subscriptionTag(s.endpoint) === claim.s)) {
      return fail(c, 401, '操作已失效，请打开应用处理');
    }
    const userId = claim.u;
    const stamp = at.toISOString();
    if (claim.a === 'checkin') {
      const habit = await store.checkinTasks.get(userId, claim.id);
      if (!habit) return fail(c, 404, '打卡任务不存在');
      const record = materialise(
        'checkinRecords',
        { taskId: claim.id, date: claim.d, value: 1, skipped: false },
        { id: randomUUID(), now: stamp },
      );
      // One record per habit and day: a second tap finds the first.
      const { created } = await store.checkinRecords.create(userId, record);
      return c.json({ done: 'checkin', created });
    }
    const task = await store.tasks.get(userId, claim.id);
    if (!task) return fail(c, 404, '任务不存在');
    if (claim.a === 'complete') {
      if (task.completed) return c.json({ done: 'complete', created: false });
      // As the app completes it: an occurrence of a series brings the next one, whose id is
      // derived from the series and its date, so a device completing it too makes no second.
      const settings = await store.settings.get(userId);
      const today = wallAt(at.getTime(), settings?.notifications.timeZone ?? '').date;
      const { task: done, next } = completeOccurrence(withDefaults(task), at, today);
      const { updatedAt: _u, editedAt: _e, ...data } = done;
      await store.tasks.update(
        userId,
        materialise('tasks', data, { id: task.id, now: stamp, existing: task }),
      );
      if (next) {
        const { updatedAt: _nu, editedAt: _ne, ...fields } = next;
        await store.tasks.create(userId, materialise('tasks', fields, { id: next.id, now: stamp }));
      }
      return c.json({ done: 'complete', created: true });
    }
    // 推迟1小时: the same reminder once more in an hour; one snooze per reminder and tap.
    const created = db.addOneOff(
      {
        userId,
        id: `snooze-${createHash('sha256').update(claim.d).digest('base64url').slice(0, 40)}`,
        kind: 'task',
        at: new Date(at.getTime() + 60 * 60_000).toISOString(),
        title: `${task.title} · 稍后提醒`,
        body: task.description.slice(0, 120) || '任务提醒',
        url: '/tasks',
        data: JSON.stringify({ taskId: task.id }),
      },
      true,
    );
    if (created === 'full') {
      return fail(c, 409, `待发送的提醒已有 ${MAX_ONE_OFFS} 个，请打开应用处理`);
    }
    scheduler.poke();
    return c.json({ done: 'snooze', created });
  });
  return app;
}
