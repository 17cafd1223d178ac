import { addDays, daysBetween, mondayOf, todayString } from './dates';
import { type DayRecord, type DayState, dayState, habitRules, habitStart } from './habits';
import { sumCents } from './money';
import type { Account } from './schemas/account';
import type { CheckinRecord, CheckinTask } from './schemas/checkin';
import type { Task } from './schemas/task';
import type { TimeRecord } from './schemas/time-record';
import type { Workout } from './schemas/workout';

// 日历 (issue 59): every module by day, month and week, weeks from Monday (docs/architecture.md, Decisions "The day"). Future
// occurrences of a repeating task are computed from the open occurrence's rule here, never
// stored: the series lives in one row per occurrence (domain/occurrences.ts), and a row is
// only made when the one before is done.
//
// The projection (calendar-repeats.ts) comes in as a parameter: it brings the rrule library,
// which a screen loads after its first paint, not with it.
//
// Ten years are ~110k records: a month is cut from each list by comparing date strings to the
// month's first and last day (no Date per record), then grouped by day, so a month costs one
// pass over each list and nothing more (docs/spec.md "Budgets": ≤ 100 ms a month after its data).

/** The 42 (or 35) days a month view shows: Monday of the 1st's week to Sunday of the last's. */
export function monthDays(month: string): string[] {
  const first = `${month}-01`;
  const start = mondayOf(first);
  const nextMonth = addDays(first, 32).slice(0, 7);
  const last = addDays(`${nextMonth}-01`, -1);
  const end = addDays(mondayOf(last), 6);
  const days: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) days.push(d);
  return days;
}

/** Monday to Sunday of `date`'s week. */
export function weekOf(date: string): string[] {
  const monday = mondayOf(date);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

export interface CalendarLists {
  tasks: readonly Task[];
  accounts: readonly Account[];
  workouts: readonly Workout[];
  timeRecords: readonly TimeRecord[];
  habits: readonly CheckinTask[];
  checkinRecords: readonly CheckinRecord[];
}

/** A task on a day: a stored row, or a computed future occurrence of a series. */
interface DayTask {
  task: Task;
  /** Computed from the series' rule; no record exists for it (yet). */
  projected: boolean;
  /** Listed because it was completed that day (and was due another). */
  completedHere: boolean;
}

interface DayHabit {
  habit: CheckinTask;
  state: DayState;
  value: number;
}

/** What one day holds, per module. */
export interface DayAgenda {
  date: string;
  tasks: DayTask[];
  habits: DayHabit[];
  entries: Account[];
  incomeCents: number;
  expenseCents: number;
  workouts: Workout[];
  focus: TimeRecord[];
  focusMinutes: number;
}

/** A day cell's marks: counts per module and the day's spending. */
export interface DayMarks {
  tasks: number;
  habitsDone: number;
  entries: number;
  expenseCents: number;
  workouts: number;
  focusMinutes: number;
}

const emptyAgenda = (date: string): DayAgenda => ({
  date,
  tasks: [],
  habits: [],
  entries: [],
  incomeCents: 0,
  expenseCents: 0,
  workouts: [],
  focus: [],
  focusMinutes: 0,
});

/** The day a completion was stamped on, in local time. */
const completedOn = (task: Task) =>
  task.completedAt ? todayString(new Date(task.completedAt)) : '';

/** A series' future dates within [from, to] (calendar-repeats.ts projectedDates). */
export type ProjectDates = (
  task: Pick<Task, 'dueDate' | 'repeat' | 'completed'>,
  from: string,
  to: string,
  today: string,
) => string[];

/** The longest span a month or week view asks for; a longer one is cut to it. */
const MAX_SPAN_DAYS = 62;

/**
 * Every day of [from, to] with what it holds. One pass over each list; habits are judged on
 * the days of the span only.
 */
export function agendas(
  lists: CalendarLists,
  from: string,
  to: string,
  today: string,
  project?: ProjectDates,
): Map<string, DayAgenda> {
  const end = daysBetween(from, to) > MAX_SPAN_DAYS ? addDays(from, MAX_SPAN_DAYS) : to;
  const days = new Map<string, DayAgenda>();
  for (let d = from; d <= end; d = addDays(d, 1)) days.set(d, emptyAgenda(d));
  const inSpan = (date: string) => date >= from && date <= end;

  // A completion's local day is within a day of its UTC one: only those near the span are
  // turned into a local date (ten years hold ~5k completions, each a Date and a format).
  const nearFrom = addDays(from, -1);
  const nearTo = addDays(end, 1);
  for (const task of lists.tasks) {
    if (inSpan(task.dueDate)) days.get(task.dueDate)!.tasks.push(taskOn(task, false, false));
    const utcDay = task.completedAt?.slice(0, 10) ?? '';
    const near = utcDay >= nearFrom && utcDay <= nearTo;
    const done = task.completed && near ? completedOn(task) : '';
    if (done && done !== task.dueDate && inSpan(done)) {
      days.get(done)!.tasks.push(taskOn(task, false, true));
    }
    for (const date of project?.(task, from, end, today) ?? []) {
      days.get(date)!.tasks.push(taskOn({ ...task, dueDate: date }, true, false));
    }
  }
  for (const entry of lists.accounts) {
    if (inSpan(entry.date)) days.get(entry.date)!.entries.push(entry);
  }
  for (const workout of lists.workouts) {
    if (inSpan(workout.date)) days.get(workout.date)!.workouts.push(workout);
  }
  for (const record of lists.timeRecords) {
    if (inSpan(record.date)) days.get(record.date)!.focus.push(record);
  }
  for (const day of days.values()) {
    // A day reads in time order: timed tasks by their time, then the rest as stored.
    day.tasks.sort((a, b) => byTime(a.task.dueTime ?? '', b.task.dueTime ?? ''));
    day.incomeCents = sumCents(day.entries.filter((e) => e.type === 'income').map((e) => e.amount));
    day.expenseCents = sumCents(
      day.entries.filter((e) => e.type === 'expense').map((e) => e.amount),
    );
    day.focusMinutes = Math.round(day.focus.reduce((s, r) => s + r.duration, 0) / 60);
  }
  addHabits(days, lists, from, end, today);
  return days;
}

/** Timed before untimed, earlier first (a stable sort keeps the rest in list order). */
const byTime = (a: string, b: string) =>
  a === b ? 0 : a === '' ? 1 : b === '' ? -1 : a < b ? -1 : 1;

function taskOn(task: Task, projected: boolean, completedHere: boolean): DayTask {
  return { task, projected, completedHere };
}

/** Each day's habits: done, partly done, skipped or missed (a rest day shows none). */
function addHabits(
  days: Map<string, DayAgenda>,
  lists: CalendarLists,
  from: string,
  to: string,
  today: string,
) {
  const byHabit = new Map<string, CheckinRecord[]>();
  for (const r of lists.checkinRecords) {
    const list = byHabit.get(r.taskId);
    if (list) list.push(r);
    else byHabit.set(r.taskId, [r]);
  }
  for (const habit of lists.habits) {
    const records = byHabit.get(habit.id) ?? [];
    const rules = habitRules(habit);
    const start = habitStart(rules, records, today);
    const onDay = new Map<string, CheckinRecord>();
    for (const r of records) if (r.date >= from && r.date <= to) onDay.set(r.date, r);
    for (const [date, day] of days) {
      const record = onDay.get(date);
      // An archived habit shows only the days it has a record on.
      if (habit.archived && !record) continue;
      const state = dayState(rules, record as DayRecord | undefined, date, today, start);
      if (state === 'unscheduled' || state === 'future' || state === 'vacation') continue;
      // Days before the habit began, with nothing recorded, hold nothing of it.
      if (state === 'open' && date < today) continue;
      const value = record && !record.skipped ? (record.value ?? 1) : 0;
      day.habits.push({ habit, state, value });
    }
  }
}

/** A day cell's marks from its agenda. */
export function marksOf(day: DayAgenda): DayMarks {
  return {
    tasks: day.tasks.length,
    habitsDone: day.habits.filter((h) => h.state === 'done').length,
    entries: day.entries.length,
    expenseCents: day.expenseCents,
    workouts: day.workouts.length,
    focusMinutes: day.focusMinutes,
  };
}
