import dayjs from 'dayjs';
import timezonePlugin from 'dayjs/plugin/timezone';
import utcPlugin from 'dayjs/plugin/utc';
import ical, { ICalAlarmRelatesTo, ICalAlarmType, type ICalCalendar } from 'ical-generator';
import type { Task } from '../src/domain/schemas/task';
import { type FullTask, withDefaults } from '../src/domain/tasks';
import { vtimezone } from './calendar-zone';
import { instantOf } from './push/clock';

// 设置 → 日历订阅 (issue 59): a user's tasks as an RFC 5545 calendar that a phone's calendar
// app subscribes to, so a reminder rings there where Web Push cannot reach. Written with
// ical-generator, not by hand: folding, escaping and the VTIMEZONE blocks are its job.
//
// Dates never move a day: ical-generator writes the calendar's times in its zone (the user's)
// and reads a Date by the server process's own zone, so every time is handed over as a dayjs
// object in the user's zone, which it formats as it stands (its README, "Date, Time &
// Timezones"); an all-day date is that day's midnight there, written as the date alone.

dayjs.extend(utcPlugin);
dayjs.extend(timezonePlugin);

/** A due date without a time: the reminders count from 09:00 of it, as the push scheduler's. */
const DATE_ONLY_REMINDER_BASE_S = 9 * 60 * 60;

/**
 * A wall-clock day ('YYYY-MM-DD') and time ('HH:mm') in `zone`. In UTC, as a Date:
 * ical-generator writes a UTC time with its Z (it writes none for a calendar zone named UTC).
 */
const wall = (date: string, time: string, zone: string | null) =>
  zone ? dayjs.tz(`${date} ${time}`, zone) : new Date(`${date}T${time}:00.000Z`);

const UTC_ZONES = new Set(['UTC', 'Etc/UTC', 'GMT', 'Etc/GMT', 'Etc/UCT', 'UCT', 'Etc/Universal']);

/**
 * The rule as the feed writes it. A rule's UNTIL may be a date (the app's rules run over
 * days); RFC 5545 wants it of DTSTART's type, and in UTC beside a zoned DTSTART, so a timed
 * task's UNTIL becomes the end of that day in the user's zone.
 */
function feedRule(task: FullTask, zone: string | null): string {
  const until = /(^|;)UNTIL=(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?/.exec(task.repeat);
  if (!until) return task.repeat;
  const [whole, lead, y, m, d] = until;
  if (!task.dueTime) return task.repeat.replace(whole, `${lead}UNTIL=${y}${m}${d}`);
  const end = new Date(instantOf(`${y}-${m}-${d}`, '23:59', zone ?? 'UTC') + 59_000);
  const utc = end
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return task.repeat.replace(whole, `${lead}UNTIL=${utc}`);
}

export interface FeedOptions {
  /** The user's IANA zone (设置 → 通知 records the browser's); '' for the server's own. */
  timeZone: string;
  /** The calendar's name in the phone's list. */
  name: string;
  now: Date;
}

/** Repeating tasks run on: the zone's changes are written this many years past the last date. */
const YEARS_AHEAD = 5;

const serverZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The tasks with a due date as events: a timed one at its time in the user's zone, one without
 * a time as an all-day date; the open occurrence of a repeating task with its RRULE (occurrences
 * already done are rows of their own, shown once each, and must not repeat again); each open
 * task's reminders as VALARMs.
 */
export function tasksCalendar(tasks: readonly Task[], options: FeedOptions): ICalCalendar {
  const named = options.timeZone || serverZone();
  // A calendar zone of its own only where it is not UTC (see `wall`).
  const zone = UTC_ZONES.has(named) ? null : named;
  let firstYear = options.now.getUTCFullYear();
  let lastYear = firstYear;
  for (const t of tasks) {
    if (!t.dueDate) continue;
    const year = Number(t.dueDate.slice(0, 4));
    if (year < firstYear) firstYear = year;
    if (year > lastYear) lastYear = year;
  }
  const calendar = ical({
    name: options.name,
    prodId: { company: 'personal-management-system', product: 'tasks', language: 'ZH' },
    // Refresh hints for subscribers (X-PUBLISHED-TTL, REFRESH-INTERVAL).
    ttl: 60 * 60,
    // With the zone's definition, which RFC 5545 asks for beside every TZID used.
    timezone: zone
      ? { name: zone, generator: (z) => vtimezone(z, firstYear - 1, lastYear + YEARS_AHEAD) }
      : null,
  });
  for (const stored of tasks) {
    const task = withDefaults(stored);
    if (task.dueDate === '') continue;
    const timed = task.dueTime !== '';
    const event = calendar.createEvent({
      id: `task-${task.id}`,
      start: wall(task.dueDate, task.dueTime || '00:00', zone),
      allDay: !timed,
      // TZID on a timed event; an all-day date belongs to no zone.
      timezone: timed ? zone : null,
      summary: task.completed ? `✓ ${task.title}` : task.title,
      description: task.description || null,
      stamp: zone ? dayjs(task.updatedAt).tz(zone) : new Date(task.updatedAt),
    });
    if (task.completed) continue;
    if (task.repeat) event.repeating(feedRule(task, zone));
    for (const minutes of task.reminders) {
      // Seconds before the start (ical-generator's sign: negative is after it).
      const before = timed ? minutes * 60 : minutes * 60 - DATE_ONLY_REMINDER_BASE_S;
      // Set after the trigger: ical-generator otherwise relates a time after the start to the END.
      event
        .createAlarm({ type: ICalAlarmType.display, trigger: before, description: task.title })
        .relatesTo(ICalAlarmRelatesTo.start);
    }
  }
  return calendar;
}
