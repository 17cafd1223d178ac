import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { sqliteCalendarFeeds } from '../../server/calendar-feeds-sqlite';
import { openSqliteStore } from '../../server/db/sqlite-store';
import { createMemoryStore } from '../../server/memory-store';
import type { Store } from '../../server/store';
import { setUser } from '../../server/users';
import { createWebPasswordHasher } from '../../server/web-auth';

// 设置 → 日历订阅 (issue 59): the feed is read by a standard parser (ical.js), without a
// session; dates stay on their day whatever the server's own zone; 重置链接 makes the old
// address answer 404; a token shows its own user's tasks only.

const hasher = createWebPasswordHasher({ iterations: 1000 });
const dir = mkdtempSync(join(tmpdir(), 'pms-calendar-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The server runs in another zone than the user's: nothing may shift by the difference.
process.env.TZ = 'America/Los_Angeles';

async function setup(
  store: Store = createMemoryStore(),
  feeds?: Parameters<typeof createApp>[0]['calendarFeeds'],
) {
  const app = createApp({
    store,
    auth: hasher,
    now: () => new Date('2026-12-05T16:00:00.000Z'),
    calendarFeeds: feeds,
  });
  const request = (path: string, init: RequestInit = {}) =>
    app.fetch(new Request(`http://localhost${path}`, init));
  const signIn = async (username: string) => {
    await setUser(store, hasher, { username, password: `${username}-pass`, displayName: username });
    const res = await request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: `${username}-pass` }),
    });
    const { token } = (await res.json()) as { token: string };
    return (path: string, method = 'GET', body?: unknown) =>
      request(path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'x-user-id': username,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
  };
  return { request, signIn };
}

const task = (fields: Record<string, unknown>) => ({
  description: '',
  priority: 'medium',
  category: 'work',
  completed: false,
  ...fields,
});

function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  // The feed's own VTIMEZONE defines its TZIDs: the parser reads offsets from it.
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  }
  return calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
}

describe('GET /api/calendar/<token>.ics', () => {
  it('serves the tasks as RFC 5545 without a session, and 404 once reset', async () => {
    const { request, signIn } = await setup();
    const alice = await signIn('alice');
    expect(
      (await alice('/api/settings', 'PUT', { notifications: { timeZone: 'Asia/Shanghai' } }))
        .status,
    ).toBe(200);
    for (const t of [
      task({ title: '交房租', dueDate: '2026-12-06', reminders: [0] }),
      task({
        title: '周会',
        dueDate: '2026-12-07',
        dueTime: '09:30',
        repeat: 'FREQ=WEEKLY;BYDAY=MO',
        reminders: [5],
      }),
      task({ title: '没有日期', dueDate: '' }),
    ]) {
      expect((await alice('/api/tasks', 'POST', t)).status).toBe(201);
    }
    expect(await (await alice('/api/calendar/feed')).json()).toEqual({
      active: false,
      createdAt: null,
    });
    const made = await alice('/api/calendar/feed', 'POST');
    expect(made.status).toBe(201);
    const { path } = (await made.json()) as { path: string };
    expect(path).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);

    const feed = await request(path);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await feed.text();
    const [rent, meeting, ...rest] = events(text);
    expect(rest).toEqual([]);

    // All-day: a DATE, the very day, whatever zone the server runs in.
    expect(rent!.summary).toBe('交房租');
    expect(rent!.startDate.isDate).toBe(true);
    expect(rent!.startDate.toString()).toBe('2026-12-06');
    // Its reminder at 09:00 of the day, as the app's own push reminders.
    const rentAlarm = rent!.component.getFirstSubcomponent('valarm')!;
    expect(rentAlarm.getFirstPropertyValue('trigger')!.toString()).toBe('PT9H');

    // Timed: 09:30 in Asia/Shanghai, which is 01:30 UTC.
    expect(meeting!.summary).toBe('周会');
    expect(meeting!.startDate.isDate).toBe(false);
    expect(meeting!.component.getFirstProperty('dtstart')!.getParameter('tzid')).toBe(
      'Asia/Shanghai',
    );
    expect(meeting!.startDate.toString()).toBe('2026-12-07T09:30:00');
    expect(meeting!.startDate.toUnixTime()).toBe(Date.parse('2026-12-07T01:30:00Z') / 1000);
    expect(meeting!.isRecurring()).toBe(true);
    const next = meeting!.iterator();
    next.next();
    expect(next.next()!.toString()).toBe('2026-12-14T09:30:00');
    const alarm = meeting!.component.getFirstSubcomponent('valarm')!;
    expect(alarm.getFirstPropertyValue('trigger')!.toString()).toBe('-PT5M');

    // 重置链接: the old address is gone, the new one works.
    const reset = (await (await alice('/api/calendar/feed', 'POST')).json()) as { path: string };
    expect(reset.path).not.toBe(path);
    expect((await request(path)).status).toBe(404);
    expect((await request(reset.path)).status).toBe(200);
  });

  it("shows only its own user's tasks, and refuses made-up tokens", async () => {
    const { request, signIn } = await setup();
    const alice = await signIn('alice');
    const bob = await signIn('bob');
    await alice('/api/tasks', 'POST', task({ title: '爱丽丝的任务', dueDate: '2026-12-06' }));
    await bob('/api/tasks', 'POST', task({ title: '鲍勃的任务', dueDate: '2026-12-06' }));
    const { path } = (await (await bob('/api/calendar/feed', 'POST')).json()) as { path: string };
    const text = await (await request(path)).text();
    expect(events(text).map((e) => e.summary)).toEqual(['鲍勃的任务']);
    expect(
      (await request('/api/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics')).status,
    ).toBe(404);
    // The management routes still need a session.
    expect((await request('/api/calendar/feed', { method: 'POST' })).status).toBe(401);
  });

  it('writes a UTC time with its Z when the zone is UTC, still never shifting a date', async () => {
    const { tasksCalendar } = await import('../../server/calendar-ics');
    const at = '2026-12-01T00:00:00.000Z';
    const base = {
      description: '',
      priority: 'medium',
      category: 'work',
      completed: false,
      completedAt: null,
      createdAt: at,
      updatedAt: at,
    } as const;
    const text = tasksCalendar(
      [
        { ...base, id: 'a', title: '全天', dueDate: '2026-12-06' },
        { ...base, id: 'b', title: '定时', dueDate: '2026-12-06', dueTime: '23:30' },
      ],
      { timeZone: 'UTC', name: '任务', now: new Date(at) },
    ).toString();
    const [day, timed] = events(text);
    expect(day!.startDate.toString()).toBe('2026-12-06');
    expect(timed!.startDate.toUnixTime()).toBe(Date.parse('2026-12-06T23:30:00Z') / 1000);
    expect(text).toContain('DTSTART:20261206T233000Z');
  });

  it('keeps the token hashed in the database, and 重置 holds there too', async () => {
    const file = join(dir, 'feeds.sqlite');
    const store = openSqliteStore(file);
    const feeds = sqliteCalendarFeeds(file);
    try {
      const { request, signIn } = await setup(store, feeds);
      const alice = await signIn('alice');
      const { path } = (await (await alice('/api/calendar/feed', 'POST')).json()) as {
        path: string;
      };
      const token = /\/api\/calendar\/(.+)\.ics$/.exec(path)![1]!;
      const stored = await feeds.forUser('alice');
      expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored?.tokenHash).not.toContain(token);
      expect((await request(path)).status).toBe(200);
      await alice('/api/calendar/feed', 'POST');
      expect((await request(path)).status).toBe(404);
      expect(await (await alice('/api/calendar/feed')).json()).toMatchObject({ active: true });
    } finally {
      feeds.close();
      store.close();
    }
  });
});
