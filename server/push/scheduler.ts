import { and, eq, gte, lt, lte, ne, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { budgetMonthOf, budgetPeriod, dailyBudgetCents } from '../../src/domain/budget';
import { CategoryBook } from '../../src/domain/categories';
import { formatCents, formatYuan } from '../../src/domain/money';
import type { NotificationSettings } from '../../src/domain/notification-kinds';
import { dueOccurrences } from '../../src/domain/recurring';
import { DEFAULT_SETTINGS } from '../../src/domain/schemas/default-settings';
import * as schema from '../db/schema';
import type { Store } from '../store';
import { ACTION_TTL_MS, type ActionName, signAction, subscriptionTag } from './action';
import {
  type ChannelMessage,
  type ChannelName,
  type ChannelSender,
  channelLabels,
} from './channels';
import { addDays, inQuietHours, instantOf, type QuietHours, quietEnd, wallAt } from './clock';
import {
  type Delivery,
  type DueChannelSend,
  MAX_CHANNEL_FAILURES,
  type PushDb,
  type Subscription,
} from './db';
import { habitDue } from './habit-due';
import type { PushSender } from './sender';

// What rings, when, and the record that makes each ring happen once (issue 38).
//
// Every tick (at start, then at least every 30 s and at the next reminder's time) works out
// each user's reminders from the current rows: a completed task, a moved due time or a
// check-in made before the time simply produce no reminder (or one with another occurrence),
// which is what cancels a pending one. A reminder that is due is recorded in push_deliveries
// (committed, fsynced) before anything is sent and marked sent afterwards. After a kill -9,
// a record still pending is sent again at the next start: a reminder can reach a device twice
// (killed between the send and the mark) but is never lost; one not yet recorded is found
// again like any other, if less than 12 h late.
//
// 提醒渠道 (issue 62): the same record carries one channel_sends row per channel the user has
// switched on, written in the same transaction, so ntfy, Bark and e-mail each get a reminder
// once across crashes, as a device does; they are sent in the same lane, under the same
// deadline and SENDS_AT_ONCE as the push subscriptions. A failed channel send is tried again
// later (RETRY_MS, doubling) within the 12 h; MAX_CHANNEL_FAILURES in a row switch the
// channel off with an inbox notice. 免打扰 holds sends, not the inbox: a reminder due in them
// is recorded as held (in 通知中心 at once) and released when they end if it is still due.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A reminder later than this (the server was down) is dropped: it would only confuse. */
const MAX_LATE_MS = 12 * HOUR;
/** The longest a tick sleeps. */
const TICK_MS = 30_000;
/** Due date without a time: the reminders count from 09:00 of it. */
const DEFAULT_TIME = '09:00';
const BUDGET_STEPS = [80, 100] as const;
/** A failed channel send is tried again after this, doubling up to an hour. */
const RETRY_MS = 30_000;
/**
 * Sends at once for one delivery. A user has at most 20 subscriptions (db.ts), so a delivery
 * to 20 silent endpoints ends within 5 deadlines, and only that user's later reminders wait.
 */
const SENDS_AT_ONCE = 4;

export interface Reminder {
  key: string;
  occurrence: string;
  kind: 'task' | 'habit' | 'recurring' | 'budget' | 'focus' | 'test' | 'digest' | 'ledger';
  title: string;
  body: string;
  /** The screen a tap opens. */
  url: string;
  /** When it is due (ms). */
  at: number;
  actions?: { action: ActionName; title: string; id: string; d: string }[];
}

/** What a push carries to the service worker (public/push-sw.js reads it). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  kind: Reminder['kind'];
  actions: { action: ActionName; title: string; token: string }[];
}

export interface SchedulerOptions {
  db: PushDb;
  store: Store;
  send: PushSender;
  actionSecret: string;
  /** 提醒渠道 the server offers (channels.ts); without it, Web Push and the inbox only. */
  channels?: {
    send: ChannelSender;
    offered: readonly ChannelName[];
    /** APP_URL: the screen a tap opens is this plus the reminder's path. */
    appUrl?: string;
  };
  /** The clock (tests move it). */
  now?: () => number;
}

const clock = (ms: number) => new Date(ms).toISOString();

export class PushScheduler {
  private readonly orm;
  private readonly now: () => number;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;
  /**
   * Each user's sends, one delivery after another: the end of the last one handed out. Users
   * do not wait for each other, and a pass does not wait for any send, so a user's dead or slow
   * push services delay only that user's reminders (issue 57: 3 silent endpoints made another
   * user's reminder 4 min 54 s late).
   */
  private readonly lanes = new Map<string, Promise<void>>();
  /** Deliveries handed to a lane and not yet done: a pass finds them pending and must skip them. */
  private readonly sending = new Set<string>();

  constructor(private readonly o: SchedulerOptions) {
    this.orm = drizzle(o.db.sqlite, { schema });
    this.now = o.now ?? Date.now;
  }

  /** Runs a tick now and then keeps ticking; returns the stop function. */
  start(): () => void {
    this.stopped = false;
    const loop = async () => {
      let next = this.now() + TICK_MS;
      try {
        next = await this.passOnce();
      } catch (err) {
        console.error('提醒调度出错 / reminder scheduling failed:', err);
      }
      if (this.stopped) return;
      const wait = Math.min(TICK_MS, Math.max(200, next - this.now()));
      this.timer = setTimeout(loop, wait);
      this.timer.unref?.();
    };
    void loop();
    return () => this.stop();
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /** A reminder the scheduler may have found early, e.g. after a one-off was scheduled. */
  poke() {
    if (this.stopped || !this.timer) return;
    clearTimeout(this.timer);
    this.start();
  }

  /**
   * One pass and the sends it handed out (tests, and whoever wants to know it is all done).
   * Resolves to when the next known reminder falls due (ms).
   */
  async tick(): Promise<number> {
    const next = await this.passOnce();
    await this.settled();
    return next;
  }

  /** Every send handed out so far has ended. */
  async settled(): Promise<void> {
    while (this.lanes.size > 0) await Promise.all(this.lanes.values());
  }

  /** One pass, never two at once; its sends go on in their lanes after it resolves. */
  private passOnce(): Promise<number> {
    if (!this.running) {
      this.running = this.pass().finally(() => {
        this.running = undefined;
      });
    }
    return this.running;
  }

  private async pass(): Promise<number> {
    const now = this.now();
    let next = Number.POSITIVE_INFINITY;
    // Recorded before a crash and maybe never sent: send again (at most twice in all).
    const handed = new Set<string>();
    for (const d of this.o.db.pending()) {
      if (now - Date.parse(d.dueAt) <= MAX_LATE_MS) {
        handed.add(laneKey(d));
        void this.enqueue(d, this.reminderOf(d), true);
      } else if (!this.sending.has(laneKey(d))) this.o.db.markSent(d, clock(now));
    }
    // Channel sends due again after a failure (or a crash), their devices done with.
    for (const c of this.o.db.dueChannelSends(clock(now))) {
      if (handed.has(laneKey(c))) continue;
      const d = this.o.db.delivery(c.userId, c.key, c.occurrence);
      if (!d) {
        this.o.db.channelSkipped(c, '提醒已不存在');
        continue;
      }
      handed.add(laneKey(c));
      void this.enqueue(d, this.reminderOf(d), false);
    }
    for (const userId of this.o.db.users()) {
      try {
        next = Math.min(next, await this.passUser(userId, now));
      } catch (err) {
        console.error(`提醒调度出错 / reminders failed for ${userId}:`, err);
      }
    }
    this.o.db.pruneOneOffs(clock(now - MAX_LATE_MS - HOUR));
    const retry = this.o.db.nextChannelSend();
    if (retry) next = Math.min(next, Math.max(now, Date.parse(retry)));
    return next;
  }

  private async passUser(userId: string, now: number): Promise<number> {
    const prefs = await this.preferences(userId);
    const zone = prefs.timeZone;
    const quiet: QuietHours | undefined = prefs.quietStart
      ? { start: prefs.quietStart, end: prefs.quietEnd }
      : undefined;
    let next = Number.POSITIVE_INFINITY;
    for (const r of await this.reminders(userId, now, prefs)) {
      if (r.at > now) {
        next = Math.min(next, r.at);
        continue;
      }
      // Late is counted from the end of 免打扰 that held it.
      if (now - quietEnd(r.at, quiet, zone) > MAX_LATE_MS) continue;
      if (inQuietHours(now, quiet, zone)) {
        // In 通知中心 now; sent when they end, if it is still due then.
        this.hold(userId, r, now);
        next = Math.min(next, quietEnd(now, quiet, zone));
        continue;
      }
      if (this.record(userId, r, now)) void this.enqueue({ userId, ...r }, r, true);
    }
    return next;
  }

  private async preferences(userId: string): Promise<NotificationSettings> {
    const settings = await this.o.store.settings.get(userId);
    return (settings ?? DEFAULT_SETTINGS).notifications;
  }

  /**
   * Records and sends one reminder now, unless its occurrence was recorded before; resolves
   * when it has been sent, to how many devices' push services took it (false: recorded
   * before). The test notification comes through here, and says that number (issue 62: it
   * said 通知已开启 when no device could receive one).
   */
  async deliver(userId: string, r: Reminder, now = this.now()): Promise<number | false> {
    if (!this.record(userId, r, now)) return false;
    let taken = 0;
    await this.enqueue({ userId, ...r }, r, true, (n) => {
      taken = n;
    });
    return taken;
  }

  /**
   * Records a reminder as pending with a send for each channel the user has on (all committed
   * before any send); false when it was recorded before.
   */
  private record(userId: string, r: Reminder, now: number): boolean {
    // The push test (发送测试通知) is for devices; each channel has a test of its own.
    const channels = r.kind === 'test' ? [] : this.channelsOn(userId);
    return this.o.db.record(this.row(userId, r, now), channels);
  }

  private hold(userId: string, r: Reminder, now: number) {
    this.o.db.hold(this.row(userId, r, now));
  }

  /** The channels a reminder of this user's goes to now: offered, switched on, with a target. */
  private channelsOn(userId: string): ChannelName[] {
    const offered = this.o.channels?.offered ?? [];
    if (offered.length === 0) return [];
    return this.o.db
      .channels(userId)
      .filter((c) => c.enabled && c.target && offered.includes(c.channel as ChannelName))
      .map((c) => c.channel as ChannelName);
  }

  private row(userId: string, r: Reminder, now: number) {
    return {
      userId,
      key: r.key,
      occurrence: r.occurrence,
      kind: r.kind,
      title: r.title,
      body: r.body,
      url: r.url,
      dueAt: clock(r.at),
      createdAt: clock(now),
    };
  }

  /**
   * Hands a recorded delivery to its user's lane; resolves when it has been sent. `push`: to
   * the devices too (its record is pending), else only its channel sends that are due.
   */
  private enqueue(
    d: Pick<Delivery, 'userId' | 'key' | 'occurrence'>,
    r: Reminder,
    push: boolean,
    taken?: (devices: number) => void,
  ) {
    const id = laneKey(d);
    const before = this.lanes.get(d.userId) ?? Promise.resolve();
    if (this.sending.has(id)) return before;
    this.sending.add(id);
    const run = before
      .then(async () => {
        // Sent first: `taken?.(await …)` would skip the send itself when nobody asks.
        const devices = await this.send(d, r, push);
        taken?.(devices);
      })
      .catch((err) => console.error(`推送出错 / push failed for ${d.userId}:`, err))
      .finally(() => {
        this.sending.delete(id);
        if (this.lanes.get(d.userId) === run) this.lanes.delete(d.userId);
      });
    this.lanes.set(d.userId, run);
    return run;
  }

  private async send(
    d: Pick<Delivery, 'userId' | 'key' | 'occurrence'>,
    r: Reminder,
    push: boolean,
  ) {
    const subs = push ? this.o.db.subscriptions(d.userId) : [];
    const now = this.now();
    const channelSends = this.o.channels ? this.o.db.dueChannelSends(clock(now), d) : [];
    // Devices and channels share the SENDS_AT_ONCE of one delivery.
    const jobs: ({ sub: Subscription } | { channel: DueChannelSend })[] = [
      ...subs.map((sub) => ({ sub })),
      ...channelSends.map((channel) => ({ channel })),
    ];
    const outcomes = await inBatches(jobs, SENDS_AT_ONCE, async (job) => {
      if ('channel' in job) {
        await this.sendToChannel(job.channel, r, now);
        return 'channel' as const;
      }
      const { sub } = job;
      // Each device its own buttons: a token names the subscription it was sent to, and dies
      // with it (sign-out, routes.ts).
      const outcome = await this.o.send(sub, JSON.stringify(this.payload(d.userId, r, now, sub)));
      if (outcome === 'gone') this.o.db.removeSubscription(d.userId, sub.endpoint);
      return outcome;
    });
    const devices = outcomes.slice(0, subs.length);
    const sent = devices.filter((o) => o === 'sent').length;
    if (!push) return sent;
    // Every device failed for a passing reason (network, 5xx): stays pending, tried next tick.
    if (subs.length > 0 && devices.every((o) => o === 'failed')) return sent;
    this.o.db.markSent(d, clock(this.now()));
    return sent;
  }

  /** One channel send: marked sent, or failed and tried again later, or given up. */
  private async sendToChannel(c: DueChannelSend, r: Reminder, now: number) {
    const { db } = this.o;
    const channels = this.o.channels!;
    const name = c.channel as ChannelName;
    const row = db.channels(c.userId).find((x) => x.channel === name);
    // Switched off (or no longer offered) since it was recorded: not sent.
    if (!row?.enabled || !row.target || !channels.offered.includes(name)) {
      return db.channelSkipped(c, '渠道已关闭');
    }
    if (now - r.at > MAX_LATE_MS) return db.channelSkipped(c, '已超过 12 小时，不再发送');
    const outcome = await channels.send(name, row.target, this.message(r));
    const at = this.now();
    if (outcome.ok) return db.channelSent(c, clock(at));
    console.error(
      `提醒渠道 ${name} 发送失败 / ${name} send failed for ${c.userId}: ${outcome.error}`,
    );
    const retry = at + Math.min(HOUR, RETRY_MS * 2 ** c.attempts);
    const retryAt = !outcome.permanent && retry - r.at <= MAX_LATE_MS ? clock(retry) : undefined;
    if (db.channelFailed(c, outcome.error, retryAt, clock(at))) {
      db.notice({
        userId: c.userId,
        key: `channel-off:${name}`,
        occurrence: clock(at),
        kind: 'channel',
        title: `${channelLabels[name]}提醒已关闭`,
        body: `连续 ${MAX_CHANNEL_FAILURES} 次发送失败（${outcome.error}）。在 设置 → 通知 → 提醒渠道 中点「发送测试」，送达后会重新开启。`,
        url: '/settings?section=notifications',
        dueAt: clock(at),
        createdAt: clock(at),
      });
    }
  }

  /** What a channel carries: the title, the body and (with APP_URL) the screen to open. */
  message(r: Pick<Reminder, 'title' | 'body' | 'url'>): ChannelMessage {
    const base = this.o.channels?.appUrl;
    return { title: r.title, body: r.body, ...(base ? { url: `${base}${r.url}` } : {}) };
  }

  private payload(userId: string, r: Reminder, now: number, sub: Subscription): PushPayload {
    return {
      title: r.title,
      body: r.body,
      url: r.url,
      tag: `${r.key}|${r.occurrence}`,
      kind: r.kind,
      actions: (r.actions ?? []).map((a) => ({
        action: a.action,
        title: a.title,
        token: signAction(this.o.actionSecret, {
          u: userId,
          a: a.action,
          id: a.id,
          d: a.d,
          s: subscriptionTag(sub.endpoint),
          x: now + ACTION_TTL_MS,
        }),
      })),
    };
  }

  /** A pending record sent again: its buttons are worked out from its key. */
  private reminderOf(d: Delivery): Reminder {
    return {
      key: d.key,
      occurrence: d.occurrence,
      kind: d.kind as Reminder['kind'],
      title: d.title,
      body: d.body,
      url: d.url,
      at: Date.parse(d.dueAt),
      actions: actionsFor(d.key, d.occurrence),
    };
  }

  /** Every reminder of the user's due within the next day or late by up to a day and a half. */
  async reminders(userId: string, now: number, prefs: NotificationSettings): Promise<Reminder[]> {
    const zone = prefs.timeZone;
    const today = wallAt(now, zone).date;
    const out: Reminder[] = [];
    if (prefs.task) out.push(...this.taskReminders(userId, now, zone));
    if (prefs.habit) out.push(...(await this.habitReminders(userId, today, zone)));
    if (prefs.recurring) out.push(...(await this.recurringReminders(userId, today, zone)));
    if (prefs.budget) out.push(...(await this.budgetReminders(userId, today, now)));
    if (prefs.digest) {
      const r = await this.digest(userId, today, now, zone, prefs.digestTime);
      if (r) out.push(r);
    }
    if (prefs.ledger) {
      const r = this.ledgerReminder(userId, today, now, zone, prefs.ledgerTime);
      if (r) out.push(r);
    }
    for (const o of this.o.db.oneOffs(userId)) {
      if (o.kind === 'focus' ? !prefs.focus : !prefs.task) continue;
      const data = JSON.parse(o.data) as { taskId?: string };
      // A snoozed task's reminder goes with the task's completion like the others.
      if (data.taskId && (await this.o.store.tasks.get(userId, data.taskId))?.completed !== false) {
        continue;
      }
      out.push({
        key: `oneoff:${o.id}`,
        occurrence: o.at,
        kind: o.kind === 'focus' ? 'focus' : 'task',
        title: o.title,
        body: o.body,
        url: o.url,
        at: Date.parse(o.at),
        actions: data.taskId ? taskActions(data.taskId, `oneoff:${o.id}|${o.at}`) : undefined,
      });
    }
    return out;
  }

  private taskReminders(userId: string, now: number, zone: string): Reminder[] {
    const t = schema.tasks;
    const from = wallAt(now - 2 * 24 * HOUR, zone).date;
    const until = wallAt(now + 40 * 24 * HOUR, zone).date;
    const rows = this.orm
      .select({
        id: t.id,
        title: t.title,
        description: t.description,
        dueDate: t.dueDate,
        dueTime: t.dueTime,
        reminders: t.reminders,
        updatedAt: t.updatedAt,
      })
      .from(t)
      .where(
        and(
          eq(t.userId, userId),
          eq(t.completed, false),
          ne(t.reminders, '[]'),
          gte(t.dueDate, from),
          lte(t.dueDate, until),
        ),
      )
      .all();
    const out: Reminder[] = [];
    for (const row of rows) {
      let offsets: unknown;
      try {
        offsets = JSON.parse(row.reminders);
      } catch {
        continue;
      }
      if (!Array.isArray(offsets)) continue;
      const due = instantOf(row.dueDate, row.dueTime || DEFAULT_TIME, zone);
      const occurrence = clock(due);
      const edited = Date.parse(row.updatedAt) || 0;
      for (const minutes of new Set(offsets.filter((m) => Number.isInteger(m) && m >= 0))) {
        const at = due - (minutes as number) * MINUTE;
        // A reminder whose time had passed when the task was last saved was never pending.
        if (at < edited - MINUTE) continue;
        const key = `task:${row.id}:${minutes}`;
        out.push({
          key,
          occurrence,
          kind: 'task',
          // Worded from the day it is read: a reminder held overnight says 昨天.
          title: `${row.title} · ${dueLabel(row.dueDate, row.dueTime, wallAt(Math.max(at, now), zone).date)}`,
          body: row.description.slice(0, 120) || '任务提醒',
          url: '/tasks',
          at,
          actions: taskActions(row.id, `${key}|${occurrence}`),
        });
      }
    }
    return out;
  }

  private async habitReminders(userId: string, today: string, zone: string): Promise<Reminder[]> {
    const habits = (await this.o.store.checkinTasks.list(userId)).filter((h) => h.reminderTime);
    if (habits.length === 0) return [];
    const yesterday = addDays(today, -1);
    const rows = this.habitRecords(userId, yesterday);
    const out: Reminder[] = [];
    for (const habit of habits) {
      const records = recordsOf(rows, habit.id);
      const edited = Date.parse(habit.updatedAt ?? '') || 0;
      for (const date of [yesterday, today]) {
        const due = habitDue(habit, records, date);
        if (!due) continue;
        const at = instantOf(date, habit.reminderTime ?? '', zone);
        if (at < edited - MINUTE) continue;
        const unit = habit.unit ?? '';
        out.push({
          key: `habit:${habit.id}`,
          occurrence: date,
          kind: 'habit',
          title:
            due.state === 'short'
              ? `今天还没达标：${habit.name}（${due.value}/${due.target}${unit}）`
              : `今天还没打卡：${habit.name}`,
          body: habit.description.slice(0, 120) || `${habit.reminderTime} 打卡提醒`,
          url: '/checkin',
          at,
          // A measurable day needs its value typed: the tap opens the screen instead.
          actions:
            habit.kind === 'measurable'
              ? undefined
              : [{ action: 'checkin', title: '打卡', id: habit.id, d: date }],
        });
      }
    }
    return out;
  }

  /**
   * Check-in records of yesterday's and today's periods (a Monday-week may start in the
   * previous month), and each habit's first one.
   */
  private habitRecords(userId: string, yesterday: string) {
    const monday = addDays(yesterday, -((new Date(`${yesterday}T00:00:00Z`).getUTCDay() + 6) % 7));
    const monthStart = `${yesterday.slice(0, 7)}-01`;
    const from = monday < monthStart ? monday : monthStart;
    const r = schema.checkinRecords;
    const columns = { taskId: r.taskId, date: r.date, value: r.value, skipped: r.skipped };
    return [
      ...this.orm
        .select(columns)
        .from(r)
        .where(and(eq(r.userId, userId), gte(r.date, from)))
        .all(),
      // Each habit's first record: where the check-in screen starts judging it.
      ...this.orm
        .select({ ...columns, date: sql<string>`min(${r.date})` })
        .from(r)
        .where(and(eq(r.userId, userId), lt(r.date, from)))
        .groupBy(r.taskId)
        .all(),
    ];
  }

  /**
   * Whether a daily reminder (每日概览, 记账提醒) of `today` needs working out: not yet due
   * (only its time counts), or due and not yet recorded (or held by 免打扰, when its content is
   * worked out again for the release).
   */
  private dailyState(userId: string, key: string, today: string, at: number, now: number) {
    if (at > now) return 'later' as const;
    const d = this.o.db.delivery(userId, key, today);
    return !d || d.status === 'held' ? ('due' as const) : ('done' as const);
  }

  /** 每日概览: today's tasks (overdue first), today's habits and the day's budget, in one. */
  private async digest(
    userId: string,
    today: string,
    now: number,
    zone: string,
    time: string,
  ): Promise<Reminder | undefined> {
    const at = instantOf(today, time, zone);
    const base = {
      key: 'digest',
      occurrence: today,
      kind: 'digest' as const,
      title: `每日概览 · ${Number(today.slice(5, 7))}月${Number(today.slice(8, 10))}日`,
      url: '/',
      at,
    };
    const state = this.dailyState(userId, 'digest', today, at, now);
    if (state === 'done') return undefined;
    if (state === 'later') return { ...base, body: '' };
    const t = schema.tasks;
    const tasks = this.orm
      .select({ title: t.title, dueDate: t.dueDate, dueTime: t.dueTime })
      .from(t)
      .where(
        and(eq(t.userId, userId), eq(t.completed, false), ne(t.dueDate, ''), lte(t.dueDate, today)),
      )
      .all()
      .sort((a, b) =>
        a.dueDate === b.dueDate
          ? (a.dueTime || '99').localeCompare(b.dueTime || '99')
          : a.dueDate.localeCompare(b.dueDate),
      );
    const overdue = tasks.filter((x) => x.dueDate < today).length;
    const names = tasks
      .slice(0, 8)
      .map((x) =>
        x.dueDate < today ? `${x.title}（逾期）` : `${x.title}${x.dueTime ? ` ${x.dueTime}` : ''}`,
      );
    const lines = [
      tasks.length === 0
        ? '今天没有任务'
        : `任务 ${tasks.length} 项${overdue ? `（逾期 ${overdue}）` : ''}：${names.join('、')}${tasks.length > names.length ? ' 等' : ''}`,
    ];
    const habits = (await this.o.store.checkinTasks.list(userId)).filter((h) => !h.archived);
    if (habits.length > 0) {
      const rows = this.habitRecords(userId, addDays(today, -1));
      const due = habits.filter((h) => habitDue(h, recordsOf(rows, h.id), today));
      lines.push(
        due.length === 0
          ? '今天的打卡都完成了'
          : `打卡 ${due.length} 项：${due
              .slice(0, 8)
              .map((h) => h.name)
              .join('、')}${due.length > 8 ? ' 等' : ''}`,
      );
    }
    const settings = (await this.o.store.settings.get(userId)) ?? DEFAULT_SETTINGS;
    const a = schema.accounts;
    const [spent] = this.orm
      .select({ cents: sql<number>`coalesce(sum(${a.amountCents}), 0)` })
      .from(a)
      .where(and(eq(a.userId, userId), eq(a.type, 'expense'), eq(a.date, today)))
      .all();
    lines.push(
      `今日预算 ${formatCents(dailyBudgetCents(settings, today))}，已支出 ${formatCents(Number(spent?.cents ?? 0))}`,
    );
    return { ...base, body: lines.join('\n') };
  }

  /** 记账提醒: at its time, only on a day the user has recorded no entry. */
  private ledgerReminder(
    userId: string,
    today: string,
    now: number,
    zone: string,
    time: string,
  ): Reminder | undefined {
    const at = instantOf(today, time, zone);
    const base = {
      key: 'ledger',
      occurrence: today,
      kind: 'ledger' as const,
      title: '今天还没记账',
      body: '花了什么、收到什么，记一笔吧。',
      url: '/accounting',
      at,
    };
    const state = this.dailyState(userId, 'ledger', today, at, now);
    if (state !== 'due') return state === 'later' ? base : undefined;
    const a = schema.accounts;
    const entry = this.orm
      .select({ id: a.id })
      .from(a)
      .where(and(eq(a.userId, userId), eq(a.date, today)))
      .limit(1)
      .all();
    return entry.length > 0 ? undefined : base;
  }

  private async recurringReminders(userId: string, today: string, zone: string) {
    const out: Reminder[] = [];
    const tomorrow = addDays(today, 1);
    // Named as the user named the category (issue 61), read once for every template.
    const book = new CategoryBook(await this.o.store.categories.list(userId));
    for (const template of await this.o.store.recurring.list(userId)) {
      if (template.paused) continue;
      if (!dueOccurrences(template, today, tomorrow).includes(tomorrow)) continue;
      const what =
        template.description ||
        (template.type === 'expense' ? book.name('expense', template.category) : '收入') ||
        '周期记账';
      out.push({
        key: `recurring:${template.id}`,
        occurrence: tomorrow,
        kind: 'recurring',
        title: `明天记账：${what} ${formatYuan(template.amount)}`,
        body: '周期记账明天将自动记入',
        url: '/accounting',
        at: instantOf(today, DEFAULT_TIME, zone),
      });
    }
    return out;
  }

  private async budgetReminders(userId: string, today: string, now: number) {
    const settings = await this.o.store.settings.get(userId);
    if (!settings) return [];
    // The budget month holding today: it starts on 每月起始日 (pay day), the 1st by default.
    const month = budgetMonthOf(today, settings.monthStartDay);
    const period = budgetPeriod(month, settings.monthStartDay);
    const a = schema.accounts;
    const spent = this.orm
      .select({ category: a.category, cents: sql<number>`sum(${a.amountCents})` })
      .from(a)
      .where(
        and(
          eq(a.userId, userId),
          eq(a.type, 'expense'),
          gte(a.date, period.start),
          lte(a.date, period.end),
        ),
      )
      .groupBy(a.category)
      .all();
    // 子分类 count against their parent's budget, named as the user named them (issue 61).
    const book = new CategoryBook(await this.o.store.categories.list(userId));
    const byCategory = new Map<string, number>();
    for (const s of spent) {
      const top = book.rollUp('expense', s.category);
      byCategory.set(top, (byCategory.get(top) ?? 0) + Number(s.cents));
    }
    const total = [...byCategory.values()].reduce((x, y) => x + y, 0);
    const scopes: { scope: string; label: string; spent: number; budget: number }[] = [];
    if (settings.monthlyBudget !== null) {
      scopes.push({
        scope: 'month',
        label: '本月支出',
        spent: total,
        budget: Math.round(settings.monthlyBudget * 100),
      });
    }
    for (const [category, budget] of Object.entries(settings.categoryBudgets)) {
      if (budget === undefined) continue;
      scopes.push({
        scope: category,
        label: `本月${book.name('expense', category)}支出`,
        spent: byCategory.get(category) ?? 0,
        budget: Math.round(budget * 100),
      });
    }
    const out: Reminder[] = [];
    for (const s of scopes) {
      if (s.budget <= 0) continue;
      const percent = (s.spent / s.budget) * 100;
      // The highest step passed: a jump past both rings once, as 100 %.
      const step = [...BUDGET_STEPS].reverse().find((p) => percent >= p);
      if (!step) continue;
      out.push({
        key: `budget:${s.scope}:${step}`,
        occurrence: month,
        kind: 'budget',
        title: step >= 100 ? `${s.label}已超出预算` : `${s.label}已达预算的 ${step}%`,
        body: `已支出 ${formatCents(s.spent)}，预算 ${formatCents(s.budget)}`,
        url: '/accounting',
        at: now,
      });
    }
    return out;
  }
}

type CheckinRow = { taskId: string; date: string; value: number; skipped: number };

/** One habit's records as habitDue reads them. */
const recordsOf = (rows: CheckinRow[], habitId: string) =>
  rows
    .filter((row) => row.taskId === habitId)
    .map((row) => ({ date: row.date, value: row.value, skipped: row.skipped === 1 }));

function taskActions(taskId: string, reminder: string): NonNullable<Reminder['actions']> {
  return [
    { action: 'complete', title: '完成', id: taskId, d: reminder },
    { action: 'snooze', title: '推迟1小时', id: taskId, d: reminder },
  ];
}

/** A pending record's buttons, from the key it was recorded under. */
const laneKey = (d: Pick<Delivery, 'userId' | 'key' | 'occurrence'>) =>
  `${d.userId}\n${d.key}\n${d.occurrence}`;

/** `work` on every item, at most `limit` at once; the results in the items' order. */
async function inBatches<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function actionsFor(key: string, occurrence: string): Reminder['actions'] {
  const [kind, id] = key.split(':');
  if (kind === 'task' && id) return taskActions(id, `${key}|${occurrence}`);
  if (kind === 'habit' && id) return [{ action: 'checkin', title: '打卡', id, d: occurrence }];
  return undefined;
}

/** "15:00 到期", "明天 15:00 到期", "昨天 23:00 到期", "今天到期", "11月28日到期", seen from `ringDate`. */
function dueLabel(dueDate: string, dueTime: string, ringDate: string): string {
  const day =
    dueDate === ringDate
      ? ''
      : dueDate === addDays(ringDate, 1)
        ? '明天'
        : dueDate === addDays(ringDate, -1)
          ? '昨天'
          : `${Number(dueDate.slice(5, 7))}月${Number(dueDate.slice(8, 10))}日`;
  if (!dueTime) return `${day || '今天'}到期`;
  return `${day ? `${day} ` : ''}${dueTime} 到期`;
}
