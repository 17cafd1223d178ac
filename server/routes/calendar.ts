import { Hono } from 'hono';
import { newToken, type TokenHasher } from '../auth';
import type { CalendarFeedStore } from '../calendar-feeds';
import type { Store } from '../store';
import { type AppEnv, fail } from './http';

// 设置 → 日历订阅 (issue 59). Behind the session: GET /api/calendar/feed tells whether the user
// has a feed; POST makes one (生成订阅链接) or a new one in its place (重置链接), and is the only
// answer that carries the token, since the server keeps its hash alone; DELETE ends it.
// Without a session: GET /api/calendar/<token>.ics, the feed itself, for a phone's calendar
// app, which can send no header of ours; the token in the address is the whole credential.

/** The feed's address: a base64url token (auth.ts newToken) and .ics. */
const FEED_PATH = /^\/api\/calendar\/([A-Za-z0-9_-]{16,128})\.ics$/;

/** Whether `path` is a feed, which app.ts lets through without a session. */
export const isCalendarFeedPath = (path: string) => FEED_PATH.test(path);

const feedPath = (token: string) => `/api/calendar/${token}.ics`;

interface CalendarDeps {
  store: Store;
  feeds: CalendarFeedStore;
  hashToken: TokenHasher;
  now: () => Date;
}

export function calendarRoutes({ store, feeds, hashToken, now }: CalendarDeps) {
  const app = new Hono<AppEnv>();

  app.get('/feed', async (c) => {
    const feed = await feeds.forUser(c.get('user').username);
    return c.json({ active: !!feed, createdAt: feed?.createdAt ?? null });
  });

  app.post('/feed', async (c) => {
    const token = newToken();
    const createdAt = now().toISOString();
    await feeds.replace({
      userId: c.get('user').username,
      tokenHash: await hashToken(token),
      createdAt,
    });
    return c.json({ active: true, createdAt, path: feedPath(token) }, 201);
  });

  app.delete('/feed', async (c) => {
    await feeds.remove(c.get('user').username);
    return c.body(null, 204);
  });

  app.get('/:file', async (c) => {
    const match = FEED_PATH.exec(c.req.path);
    // A reset or made-up token looks like any unknown address: nothing tells it ever existed.
    const feed = match ? await feeds.byToken(await hashToken(match[1]!)) : undefined;
    if (!feed) return fail(c, 404, '订阅链接无效或已重置');
    const [tasks, settings, user] = await Promise.all([
      store.tasks.list(feed.userId),
      store.settings.get(feed.userId),
      store.users.get(feed.userId),
    ]);
    if (!user) return fail(c, 404, '订阅链接无效或已重置');
    // Loaded with the first feed asked for: the browser demo's bundle does not carry it.
    const { tasksCalendar } = await import('../calendar-ics');
    const calendar = tasksCalendar(tasks, {
      timeZone: settings?.notifications.timeZone ?? '',
      name: `${user.displayName}的任务 · 个人管理系统`,
      now: now(),
    });
    return c.body(calendar.toString(), 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="tasks.ics"',
    });
  });

  return app;
}
